"""Scoring for sheepdog trials.

A run is judged in sections: outrun, lift, fetch, drive, shed and pen.
Each section has a maximum and the judge takes points off for faults.
A run that is not finished inside the course time keeps the points
earned for the sections completed. Ties are split on the outwork
(outrun, lift and fetch) and then on the drive.
"""
import csv
import logging
from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Dict, List, Optional

log = logging.getLogger("trials.scoring")

SECTION_MAXIMA = OrderedDict([
    ("outrun", 20),
    ("lift", 10),
    ("fetch", 20),
    ("drive", 30),
    ("shed", 10),
    ("pen", 10),
])
OUTWORK = ("outrun", "lift", "fetch")
COURSE_TIME = timedelta(minutes=13)
QUALIFYING_SCORE = 70
RETIRED_CODES = {"RT": "retired", "DQ": "disqualified", "OT": "out of time"}


@dataclass
class Handler:
    name: str
    dog: str
    region: str = ""
    novice: bool = False

    @property
    def label(self) -> str:
        suffix = " (novice)" if self.novice else ""
        return f"{self.name} & {self.dog}{suffix}"


@dataclass
class Run:
    handler: Handler
    running_order: int
    deductions: Dict[str, int] = field(default_factory=dict)
    completed: List[str] = field(default_factory=list)
    time_taken: Optional[timedelta] = None
    code: str = ""

    def section_score(self, section: str) -> int:
        if section not in self.completed:
            return 0
        maximum = SECTION_MAXIMA[section]
        lost = self.deductions.get(section, 0)
        return max(0, maximum - lost)

    @property
    def total(self) -> int:
        if self.code == "DQ":
            return 0
        return sum(self.section_score(s) for s in SECTION_MAXIMA)

    @property
    def outwork(self) -> int:
        return sum(self.section_score(s) for s in OUTWORK)

    def judge_section(self, section, points_off, *, completed=True):
        """Record one section of the judge's card."""
        if section not in SECTION_MAXIMA:
            raise ValueError(f"{section!r} is not a section on this course")
        maximum = SECTION_MAXIMA[section]
        if points_off < 0 or points_off > maximum:
            raise ValueError(f"{section}: deduction {points_off} out of range 0-{maximum}")
        self.deductions[section] = points_off
        if completed and section not in self.completed:
            self.completed.append(section)

    def apply_time(self, taken: timedelta, limit: timedelta = COURSE_TIME) -> None:
        self.time_taken = taken
        if taken > limit and not self.code:
            self.code = "OT"
            log.info("%s with %s ran out of time", self.handler.name, self.handler.dog)

    @property
    def points_lost(self) -> int:
        return sum(self.deductions.get(s, 0) for s in self.completed)

    def card(self) -> List[str]:
        """The judge's card as it is pinned up on the results board."""
        lines = [f"{self.running_order}. {self.handler.label}"]
        for section, maximum in SECTION_MAXIMA.items():
            if section in self.completed:
                lines.append(f"   {section:<8} {self.section_score(section):>2}/{maximum}")
            else:
                lines.append(f"   {section:<8}  -/{maximum}")
        if self.time_taken is not None:
            minutes, seconds = divmod(int(self.time_taken.total_seconds()), 60)
            lines.append(f"   time     {minutes}:{seconds:02d}")
        lines.append(f"   total    {self.total} ({self.status()})")
        return lines

    def status(self):
        if self.code:
            return RETIRED_CODES.get(self.code, self.code)
        if len(self.completed) == len(SECTION_MAXIMA):
            return "finished"
        return "incomplete"


def _tie_key(run):
    return (-run.total, -run.outwork, -run.section_score("drive"), run.running_order)


def results(runs, *, novice_only=False):
    eligible = [r for r in runs if r.code != "DQ"]
    if novice_only:
        eligible = [r for r in eligible if r.handler.novice]
    return sorted(eligible, key=_tie_key)


def qualifiers(runs, threshold=QUALIFYING_SCORE, places=None):
    ranked = [r for r in results(runs) if r.total >= threshold]
    if places is not None:
        ranked = ranked[:places]
    return [(r.handler.name, r.handler.dog, r.total) for r in ranked]


def section_averages(runs: List[Run]) -> Dict[str, float]:
    sums = defaultdict(int)
    counts = defaultdict(int)
    for run in runs:
        for section in run.completed:
            sums[section] += run.section_score(section)
            counts[section] += 1
    return {s: round(sums[s] / counts[s], 1) for s in SECTION_MAXIMA if counts[s]}


def load_running_order(path):
    runs = []
    with open(path, newline="") as handle:
        for position, row in enumerate(csv.DictReader(handle), start=1):
            handler = Handler(row["handler"].strip(), row["dog"].strip(),
                              region=row.get("region", "").strip(),
                              novice=row.get("novice", "").lower() in ("y", "yes", "1"))
            runs.append(Run(handler, position))
    return runs


def load_judges_cards(runs, path):
    """Fill in deductions from the scribe's sheet, one row per run."""
    by_order = {r.running_order: r for r in runs}
    problems = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                run = by_order[int(row["order"])]
            except (KeyError, ValueError):
                problems.append(f"bad running order {row.get('order')!r}")
                continue
            code = row.get("code", "").strip().upper()
            if code:
                run.code = code
            for section in SECTION_MAXIMA:
                value = row.get(section, "").strip()
                if value == "":
                    continue
                try:
                    run.judge_section(section, int(value))
                except ValueError as error:
                    problems.append(f"run {run.running_order}: {error}")
            minutes = row.get("minutes", "").strip()
            if minutes:
                run.apply_time(timedelta(minutes=float(minutes)))
    return problems


def scoreboard(runs, width=28):
    lines = []
    for place, run in enumerate(results(runs), start=1):
        label = run.handler.label
        cells = " ".join(f"{run.section_score(s):>3}" for s in SECTION_MAXIMA)
        lines.append(f"{place:>2}. {label:<{width}} {cells}  {run.total:>3}  {run.status()}")
    return "\n".join(lines)
