"""Race results for a dinghy sailing club, corrected with Portsmouth Yardstick numbers."""

import statistics
from datetime import date

YARDSTICKS = {"Laser": 1100, "Topper": 1365, "RS200": 1046, "Mirror": 1385, "Solo": 1142}
DISCARD_AFTER = 4
MAX_ELAPSED_MINUTES = 105
DNF_EXTRA_POINTS = 1


def parse_elapsed(text):
    minutes, seconds = text.strip().split(":")
    return int(minutes) * 60 + int(seconds)


def corrected_time(elapsed_seconds, boat_class, laps=1, total_laps=1):
    yardstick = YARDSTICKS[boat_class]
    scaled = elapsed_seconds * total_laps / laps
    return round(scaled * 1000 / yardstick)


def score_series(race_points, discards=None):
    if discards is None:
        discards = len(race_points) // DISCARD_AFTER
    kept = sorted(race_points)[: len(race_points) - discards]
    return sum(kept)


def results_line(position, entry, seconds, show_crew=False):
    mins, secs = divmod(seconds, 60)
    return f"{position:>3}. {entry.sail_number:<6} {entry.helm:<20} {mins}:{secs:02d}"


class Entry:
    def __init__(self, helm, sail_number, boat_class, crew=None):
        if boat_class not in YARDSTICKS:
            raise KeyError(f"no yardstick for {boat_class}")
        self.helm = helm
        self.sail_number = sail_number
        self.boat_class = boat_class
        self.crew = crew
        self.elapsed = None
        self.laps = 0
        self.status = "racing"

    def finish(self, elapsed_text, laps):
        self.elapsed = parse_elapsed(elapsed_text)
        self.laps = laps
        self.status = "finished"

    def corrected(self, total_laps):
        if self.elapsed is None:
            return None
        return corrected_time(self.elapsed, self.boat_class, self.laps, total_laps)


class Race:
    def __init__(self, number, sailed_on=None, total_laps=3):
        self.number = number
        self.sailed_on = sailed_on or date.today()
        self.total_laps = total_laps
        self.fleet = {}

    def enter(self, helm, sail_number, boat_class, crew=None):
        entry = Entry(helm, sail_number, boat_class, crew)
        self.fleet[sail_number] = entry
        return entry

    def record_finish(self, sail_number, elapsed_text, laps=None):
        entry = self.fleet[sail_number]
        entry.finish(elapsed_text, laps or self.total_laps)
        if entry.elapsed > MAX_ELAPSED_MINUTES * 60:
            entry.status = "DNF"
        return entry

    def retire(self, sail_number):
        self.fleet[sail_number].status = "DNF"

    def ranked(self):
        finishers = [e for e in self.fleet.values() if e.status == "finished"]
        return sorted(finishers, key=lambda e: e.corrected(self.total_laps))

    def points(self):
        table = {}
        for position, entry in enumerate(self.ranked(), start=1):
            table[entry.sail_number] = position
        penalty = len(self.fleet) + DNF_EXTRA_POINTS
        for sail_number, entry in self.fleet.items():
            table.setdefault(sail_number, penalty)
        return table

    def results_sheet(self, top=3):
        lines = [f"Race {self.number} - {self.sailed_on:%d %b %Y}"]
        for position, entry in enumerate(self.ranked()[:top], start=1):
            seconds = entry.corrected(self.total_laps)
            lines.append(results_line(position, entry, seconds, show_crew=True))
        return "\n".join(lines)

    def median_corrected(self):
        times = [e.corrected(self.total_laps) for e in self.ranked()]
        return statistics.median(times) if times else None

