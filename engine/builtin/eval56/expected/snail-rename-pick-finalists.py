"""Heat draws and results for the village snail-racing club."""

import random
from dataclasses import dataclass
from statistics import median

TRACK_LENGTH_CM = 33
MAX_SNAILS_PER_HEAT = 6
FINAL_QUALIFIERS = 3
DISQUALIFY_AFTER_SECONDS = 900


@dataclass
class Snail:
    name: str
    owner: str
    shell_colour: str = "brown"
    best_time: float | None = None

    def record_time(self, seconds):
        if self.best_time is None or seconds < self.best_time:
            self.best_time = seconds
        return self.best_time


class HeatSheet:
    def __init__(self, number, track_length=TRACK_LENGTH_CM):
        self.number = number
        self.track_length = track_length
        self.entrants = []
        self.finish_times = {}

    def enter(self, snail):
        if len(self.entrants) >= MAX_SNAILS_PER_HEAT:
            raise ValueError(f"heat {self.number} is full")
        self.entrants.append(snail)

    def log_finish(self, snail, seconds):
        if seconds > DISQUALIFY_AFTER_SECONDS:
            self.finish_times[snail.name] = None
            return None
        self.finish_times[snail.name] = seconds
        return snail.record_time(seconds)

    def placings(self):
        finished = [
            (secs, name) for name, secs in self.finish_times.items() if secs is not None
        ]
        finished.sort()
        return [name for _, name in finished]

    def speed_of(self, snail_name):
        seconds = self.finish_times.get(snail_name)
        if not seconds:
            return 0.0
        return round(self.track_length / seconds, 3)

    def summary(self):
        order = self.placings()
        winner = order[0] if order else "nobody"
        return f"Heat {self.number}: {len(self.entrants)} snails, won by {winner}"


def draw_heats(snails, heat_size=MAX_SNAILS_PER_HEAT, seed=None):
    pool = list(snails)
    rng = random.Random(seed)
    rng.shuffle(pool)
    heats = []
    for start in range(0, len(pool), heat_size):
        sheet = HeatSheet(len(heats) + 1)
        for snail in pool[start:start + heat_size]:
            sheet.enter(snail)
        heats.append(sheet)
    return heats


def select_finalists(heats, per_heat=FINAL_QUALIFIERS):
    finalists = []
    for sheet in heats:
        for name in sheet.placings()[:per_heat]:
            if name not in finalists:
                finalists.append(name)
    return finalists


def typical_time(heats, include_dnf=False):
    times = []
    for sheet in heats:
        for secs in sheet.finish_times.values():
            if secs is None:
                if include_dnf:
                    times.append(DISQUALIFY_AFTER_SECONDS)
                continue
            times.append(secs)
    if not times:
        return None
    return median(times)


def race_day_report(heats, title="Snail Derby", count_dnf=False):
    lines = [title, "=" * len(title)]
    for sheet in heats:
        lines.append(sheet.summary())
    middle = typical_time(heats, include_dnf=count_dnf)
    if middle is not None:
        lines.append(f"Median time: {middle:.1f}s")
    finalists = select_finalists(heats)
    lines.append("Through to the final: " + ", ".join(finalists))
    return "\n".join(lines)
