"""Route setting, grading and check-ins for an indoor climbing gym."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import date, timedelta

FONT_GRADES = ("4", "5", "5+", "6A", "6B", "6C", "7A", "7B", "7C", "8A")
RESET_AFTER_DAYS = 42
WALL_SECTIONS = ("slab", "overhang", "cave", "arete")


@dataclass
class Problem:
    wall: str
    hold_color: str
    grade: str
    set_on: date
    setter: str

    def grade_index(self) -> int:
        try:
            return FONT_GRADES.index(self.grade)
        except ValueError:
            return -1


class SetterLog:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, problem: Problem) -> None:
        if problem.wall not in WALL_SECTIONS:
            raise ValueError(f"unknown wall section: {problem.wall}")
        self.problems.append(problem)

    def due_for_reset(self, today: date) -> list[Problem]:
        cutoff = today - timedelta(days=RESET_AFTER_DAYS)
        return [p for p in self.problems if p.set_on <= cutoff]

    def by_setter(self, setter: str) -> list[Problem]:
        return [p for p in self.problems if p.setter == setter]

    def grade_spread(self, wall: str) -> dict[str, int]:
        spread: dict[str, int] = {}
        for problem in self.problems:
            if problem.wall == wall:
                spread[problem.grade] = spread.get(problem.grade, 0) + 1
        return spread


def consensus_grade(votes: list[str]) -> str:
    indices = [FONT_GRADES.index(v) for v in votes if v in FONT_GRADES]
    if not indices:
        raise ValueError("no valid grade votes")
    middle = round(statistics.median(indices))
    return FONT_GRADES[middle]


def harder_than(problem: Problem, other: Problem) -> bool:
    return problem.grade_index() > other.grade_index()


class CheckInDesk:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.inside: set[str] = set()

    def check_in(self, member_id: str) -> bool:
        if len(self.inside) >= self.capacity:
            return False
        self.inside.add(member_id)
        return True

    def check_out(self, member_id: str) -> None:
        self.inside.discard(member_id)

    def occupancy(self) -> float:
        return len(self.inside) / self.capacity


def reset_plan(log: SetterLog, today: date) -> dict[str, int]:
    plan: dict[str, int] = {}
    for problem in log.due_for_reset(today):
        plan[problem.wall] = plan.get(problem.wall, 0) + 1
    return plan


def parse_grade_vote(text):
    cleaned = text.strip().upper().replace("FONT", "").strip()
    return cleaned if cleaned in FONT_GRADES else None


def busiest_wall(log: SetterLog) -> str | None:
    counts = {wall: 0 for wall in WALL_SECTIONS}
    for problem in log.problems:
        counts[problem.wall] += 1
    if not any(counts.values()):
        return None
    return max(counts, key=counts.get)


def tally_votes(raw_votes: list[str]) -> str:
    votes = []
    for raw in raw_votes:
        grade = parse_grade_vote(raw)
        if grade is not None:
            votes.append(grade)
    print(f"{len(votes)} of {len(raw_votes)} votes usable")
    return consensus_grade(votes)


def desk_for_session(capacity: int, regulars: list[str]) -> CheckInDesk:
    desk = CheckInDesk(capacity)
    for member in regulars:
        desk.check_in(member)
    return desk
