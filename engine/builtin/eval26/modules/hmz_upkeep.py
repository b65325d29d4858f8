"""Upkeep planning for a public hedge maze: trimming rounds, path checks and dead ends."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

TRIM_INTERVAL_DAYS = 21
MAX_HEDGE_HEIGHT_CM = 240
GRAVEL_BAGS_PER_METRE = 0.4
CLOSED_STATUS = "closed for trimming"


@dataclass
class HedgeSection:
    code: str
    length_m: float
    height_cm: int
    last_trimmed_day: int = 0
    overgrown: bool = False


@dataclass
class MazePath:
    name: str
    sections: list[HedgeSection] = field(default_factory=list)
    dead_end: bool = False

    def total_length(self) -> float:
        return sum(section.length_m for section in self.sections)


class TrimmingRound:
    def __init__(self, crew_size: int, start_day: int):
        self.crew_size = crew_size
        self.start_day = start_day
        self.visited_codes: list[str] = []

    def mark_visited(self, section: HedgeSection) -> None:
        section.last_trimmed_day = self.start_day
        section.overgrown = False
        self.visited_codes.append(section.code)

    def metres_per_worker(self, path: MazePath) -> float:
        if self.crew_size <= 0:
            return 0.0
        return path.total_length() / self.crew_size

    def summary(self) -> str:
        count = len(self.visited_codes)
        return f"{count} sections trimmed from day {self.start_day}"


def days_since_trim(section: HedgeSection, today: int) -> int:
    return max(0, today - section.last_trimmed_day)


def needs_trim(section: HedgeSection, today: int) -> bool:
    if section.height_cm > MAX_HEDGE_HEIGHT_CM:
        return True
    return days_since_trim(section, today) >= TRIM_INTERVAL_DAYS


def sections_due(paths: list[MazePath], today: int) -> list[HedgeSection]:
    due = []
    for path in paths:
        for section in path.sections:
            if needs_trim(section, today):
                due.append(section)
    return due


def gravel_needed(path: MazePath, worn_fraction: float) -> int:
    worn_metres = path.total_length() * worn_fraction
    return math.ceil(worn_metres * GRAVEL_BAGS_PER_METRE)


def gate_notice(path: MazePath, closed: bool) -> str:
    if closed:
        return f"{path.name}: {CLOSED_STATUS}"
    return f"{path.name}: open to visitors"


def count_dead_ends(paths: list[MazePath]) -> int:
    return sum(1 for path in paths if path.dead_end)


def plan_round(paths: list[MazePath], today: int, crew_size: int) -> TrimmingRound:
    trim_round = TrimmingRound(crew_size, today)
    for section in sections_due(paths, today):
        trim_round.mark_visited(section)
    return trim_round


def tallest_section(paths: list[MazePath]) -> HedgeSection | None:
    best = None
    for path in paths:
        for section in path.sections:
            if best is None or section.height_cm > best.height_cm:
                best = section
    return best


def weekly_report(paths: list[MazePath], today: int, crew_size: int) -> list[str]:
    lines = []
    trim_round = plan_round(paths, today, crew_size=crew_size)
    lines.append(trim_round.summary())
    lines.append(f"dead ends: {count_dead_ends(paths)}")
    for path in paths:
        bags = gravel_needed(path, worn_fraction=0.25)
        lines.append(f"{path.name}: {bags} bags of gravel")
    return lines
