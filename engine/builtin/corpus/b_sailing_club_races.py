"""Handicap racing results for a dinghy sailing club.

Uses Portsmouth Yardstick numbers to correct elapsed times, scores each
race with low-point scoring, and totals a series with discards.
"""

import csv
import logging
import math
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Dict, List, Optional

log = logging.getLogger(__name__)

PORTSMOUTH_NUMBERS = {
    "Laser": 1100,
    "Laser Radial": 1147,
    "RS Aero 7": 1065,
    "Topper": 1365,
    "Mirror": 1385,
    "Wayfarer": 1102,
    "Enterprise": 1116,
    "GP14": 1130,
}
DNF_PENALTY = 1
DISCARD_EVERY = 4
TIME_LIMIT = timedelta(minutes=90)
RESULTS_FILE = "results.csv"
CODES = ("DNF", "DNS", "DSQ", "OCS", "RET")


@dataclass
class Entry:
    """A boat entered in a race: helm, sail number and how it finished."""
    helm: str
    sail_number: str
    boat_class: str
    crew: str = ""
    finish: Optional[datetime] = None
    laps: int = 0
    code: str = ""

    @property
    def handicap(self):
        return PORTSMOUTH_NUMBERS.get(self.boat_class)


@dataclass
class Race:
    """One race of a series, started on the gun at `start`."""
    name: str
    start: datetime
    laps: int
    entries: List[Entry] = field(default_factory=list)
    officer_of_the_day: str = ""

    def enter(self, helm, sail_number, boat_class, crew=""):
        if boat_class not in PORTSMOUTH_NUMBERS:
            raise KeyError(f"no Portsmouth number for {boat_class}")
        entry = Entry(helm, sail_number, boat_class, crew)
        self.entries.append(entry)
        return entry

    def record_finish(self, sail_number, finish, laps=None):
        """Record a finish time as the boat crosses the line."""
        for entry in self.entries:
            if entry.sail_number == sail_number:
                entry.finish = finish
                entry.laps = laps or self.laps
                if finish - self.start > TIME_LIMIT:
                    entry.code = "DNF"
                return entry
        raise LookupError(f"sail number {sail_number} not entered")

    def retire(self, sail_number, code="RET"):
        code = validate_code(code)
        for entry in self.entries:
            if entry.sail_number == sail_number:
                entry.code = code
                entry.finish = None
                return entry
        raise LookupError(f"sail number {sail_number} not entered")

    @property
    def starters(self):
        return [e for e in self.entries if e.code != "DNS"]

    @property
    def finishers(self):
        return [e for e in self.entries if e.finish is not None and not e.code]

    def corrected_times(self):
        """Corrected time in seconds per entry, averaged for lap differences."""
        times = {}
        for entry in self.entries:
            if entry.code or entry.finish is None or entry.laps == 0:
                continue
            elapsed = (entry.finish - self.start).total_seconds()
            per_lap_elapsed = elapsed * self.laps / entry.laps
            times[entry.sail_number] = per_lap_elapsed * 1000 / entry.handicap
        return times

    def results(self):
        """Points per sail number; non-finishers score entries plus one."""
        corrected = self.corrected_times()
        ranked = sorted(corrected.items(), key=lambda pair: pair[1])
        points = {sail: float(position) for position, (sail, _) in enumerate(ranked, start=1)}
        penalty = len(self.entries) + DNF_PENALTY
        for entry in self.entries:
            if entry.sail_number not in points:
                points[entry.sail_number] = float(penalty)
                if not entry.code:
                    entry.code = "DNF"
        return points


def format_seconds(seconds: float) -> str:
    """Format a time as h:mm:ss, or m:ss under an hour."""
    minutes, secs = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def discards_for(races_sailed, every=DISCARD_EVERY):
    return races_sailed // every


def series_totals(races: List[Race], *, discards: Optional[int] = None) -> List[tuple]:
    """Series table rows: (net points, helm, sail number, race points).

    Missed races score as DNF; the worst results are discarded.
    """
    scores: Dict[str, List[float]] = defaultdict(list)
    names = {}
    for race in races:
        race_points = race.results()
        for entry in race.entries:
            scores[entry.sail_number].append(race_points[entry.sail_number])
            names[entry.sail_number] = entry.helm
    if discards is None:
        discards = discards_for(len(races))
    table = []
    for sail, points in scores.items():
        missed = len(races) - len(points)
        points = points + [float(len(names) + DNF_PENALTY)] * missed
        kept = sorted(points)[: len(points) - discards] if discards else points
        table.append((sum(kept), names[sail], sail, points))
    table.sort(key=lambda row: (row[0], sorted(row[3])))
    return table


def write_results(race, folder="."):
    """Append the race results to the club results file."""
    corrected = race.corrected_times()
    points = race.results()
    path = f"{folder}/{RESULTS_FILE}"
    with open(path, "a", newline="") as handle:
        writer = csv.writer(handle)
        for entry in sorted(race.entries, key=lambda e: points[e.sail_number]):
            time_text = format_seconds(corrected[entry.sail_number]) if entry.sail_number in corrected else entry.code
            writer.writerow([race.name, race.start.date().isoformat(), entry.helm,
                             entry.sail_number, entry.boat_class, time_text,
                             points[entry.sail_number]])
    log.info("Wrote %d results for %s", len(race.entries), race.name)
    return path


def suggested_laps(fleet_classes, target_minutes=50, lap_minutes_for_1100=11.0):
    """Laps so the slowest boat finishes near the target time."""
    slowest = max(PORTSMOUTH_NUMBERS.get(c, 1100) for c in fleet_classes)
    lap_minutes = lap_minutes_for_1100 * slowest / 1100
    return max(1, math.floor(target_minutes / lap_minutes))


def validate_code(code: str) -> str:
    """Normalise a scoring code typed by the race officer.

    An empty string means the boat finished normally.
    """
    code = code.strip().upper()
    if code and code not in CODES:
        raise ValueError(f"unknown result code {code}; expected one of {', '.join(CODES)}")
    return code
