"""Scoring for a ski jump meet: distance points, judges' style marks and wind."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

HILL_SIZE = 125.0
K_POINT = 120.0
METER_VALUE = 1.8
K_POINT_BASE = 60.0
JUDGES_PER_JUMP = 5
MAX_STYLE_MARK = 20.0
HEADWIND_FACTOR = 8.0


def distance_points(distance, k_point=K_POINT, meter_value=METER_VALUE, hill_size=HILL_SIZE):
    """Points for distance: 60 at the K-point, plus or minus per metre."""
    return K_POINT_BASE + (distance - k_point) * meter_value


def style_points(marks, drop_extremes=True):
    if len(marks) != JUDGES_PER_JUMP:
        raise ValueError(f"expected {JUDGES_PER_JUMP} marks, got {len(marks)}")
    for mark in marks:
        if not 0 <= mark <= MAX_STYLE_MARK:
            raise ValueError(f"mark out of range: {mark}")
    ordered = sorted(marks)
    if drop_extremes:
        ordered = ordered[1:-1]
    return sum(ordered)


def wind_adjustment(headwind_ms, factor=HEADWIND_FACTOR):
    return -headwind_ms * factor


@dataclass
class Jump:
    athlete: str
    distance: float
    marks: list[float]
    headwind_ms: float = 0.0

    def total(self, k_point=K_POINT):
        points = distance_points(self.distance, k_point=k_point, hill_size=HILL_SIZE)
        points += style_points(self.marks)
        points += wind_adjustment(self.headwind_ms)
        return round(points, 1)

    def is_fall(self):
        return min(self.marks) < 10.0


class Scoreboard:
    """Running totals for one competition, keyed by athlete."""

    def __init__(self, event, hill_size=HILL_SIZE):
        self.event = event
        self.hill_size = hill_size
        self.jumps: dict[str, list[Jump]] = {}

    def add_jump(self, jump):
        self.jumps.setdefault(jump.athlete, []).append(jump)

    def athlete_total(self, athlete):
        return sum(j.total() for j in self.jumps.get(athlete, []))

    def hill_records(self):
        return [j for runs in self.jumps.values() for j in runs if j.distance > self.hill_size]

    def falls(self):
        return sum(1 for runs in self.jumps.values() for j in runs if j.is_fall())

    def standings(self, top=10):
        totals = {name: self.athlete_total(name) for name in self.jumps}
        ranked = sorted(totals.items(), key=lambda item: item[1], reverse=True)
        return ranked[:top]

    def print_standings(self):
        print(f"{self.event} - {self.falls()} falls")
        for place, (name, total) in enumerate(self.standings(), start=1):
            print(f"{place:>3}. {name:<24} {total:7.1f}")


def load_jumps(path, board, skip_header=True):
    with Path(path).open(newline="") as handle:
        rows = csv.reader(handle)
        if skip_header:
            next(rows, None)
        for row in rows:
            athlete, distance, *rest = row
            marks = [float(m) for m in rest[:JUDGES_PER_JUMP]]
            wind = float(rest[JUDGES_PER_JUMP]) if len(rest) > JUDGES_PER_JUMP else 0.0
            board.add_jump(Jump(athlete, float(distance), marks, wind))
    return board
