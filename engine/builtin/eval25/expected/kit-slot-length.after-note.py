"""Kite festival planner: flying fields, wind checks, line lengths and show slots."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

MIN_WIND_KMH = 8
MAX_WIND_KMH = 40
SLOT_MINUTES = 30
SAFETY_MARGIN_M = 15


@dataclass
class Kite:
    pilot: str
    style: str
    span_m: float
    line_m: int
    lines: int = 1


class FlyingField:
    def __init__(self, name, width_m, length_m):
        self.name = name
        self.width_m = width_m
        self.length_m = length_m
        self.bookings = []

    def fits(self, kite):
        radius = kite.line_m + SAFETY_MARGIN_M
        return radius * 2 <= self.width_m and radius <= self.length_m

    def book(self, kite, start):
        if not self.fits(kite):
            raise ValueError(f"{kite.pilot}'s kite needs more room than {self.name}")
        end = start + timedelta(minutes=SLOT_MINUTES)
        for _other, other_start in self.bookings:
            if other_start < end and start < other_start + timedelta(minutes=SLOT_MINUTES):
                raise ValueError(f"{self.name} is busy at {start:%H:%M}")
        self.bookings.append((kite, start))

    def schedule(self):
        return sorted(self.bookings, key=lambda pair: pair[1])


class WindLog:
    def __init__(self):
        self.readings = []

    def add(self, when, speed_kmh, gust_kmh):
        self.readings.append((when, speed_kmh, gust_kmh))

    def latest(self):
        return self.readings[-1] if self.readings else None

    def average_speed(self, last_n=6):
        recent = self.readings[-last_n:]
        if not recent:
            return 0.0
        return sum(r[1] for r in recent) / len(recent)


def flyable(speed_kmh, gust_kmh):
    if speed_kmh < MIN_WIND_KMH:
        return False
    return gust_kmh <= MAX_WIND_KMH


def gust_factor(speed_kmh, gust_kmh):
    if speed_kmh == 0:
        return 0.0
    return round(gust_kmh / speed_kmh, 2)


def suitable_kites(kites, speed_kmh):
    chosen = []
    for kite in kites:
        if kite.lines > 1 and speed_kmh < 12:
            continue
        if kite.span_m > 6 and speed_kmh > 25:
            continue
        chosen.append(kite)
    return chosen


def build_programme(field, kites, first_slot):
    slot = first_slot
    placed = []
    for kite in kites:
        if not field.fits(kite):
            continue
        field.book(kite, slot)
        placed.append((slot, kite.pilot))
        slot += timedelta(minutes=SLOT_MINUTES)
    return placed


def programme_text(placed, field_name):
    lines = [f"Programme for {field_name}"]
    for slot, pilot in placed:
        lines.append(f"{slot:%H:%M}  {pilot}")
    return "\n".join(lines)


def parse_reading(line):
    stamp, speed, gust = line.split()
    return datetime.fromisoformat(stamp), float(speed), float(gust)


def festival_day(start_hour=10):
    field = FlyingField("Beach meadow", 220, 180)
    kites = [
        Kite("Ines", "delta", 3.2, 60),
        Kite("Tomas", "stunt", 2.4, 35, lines=2),
        Kite("Ruth", "box", 1.8, 50),
    ]
    first = datetime(2025, 4, 12, start_hour)
    return build_programme(field, kites, first)
