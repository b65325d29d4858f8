"""Log and summarise the crossings of a small river ferry."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

MAX_PASSENGERS = 24
FARE_PENCE = 180
BICYCLE_SURCHARGE = 60
LOW_TIDE_DELAY_MIN = 15
DEFAULT_BANK = "north"


@dataclass
class Crossing:
    departed: dt.datetime
    bank: str
    passengers: int
    bicycles: int = 0
    notes: list[str] = field(default_factory=list)

    def arrival_bank(self):
        return "south" if self.bank == "north" else "north"


def crossing_fare(passengers, bicycles=0, concession=False):
    base = passengers * FARE_PENCE
    if concession:
        base = base // 2
    return base + bicycles * BICYCLE_SURCHARGE


def parse_crossing(line, bank=DEFAULT_BANK):
    stamp, count, *rest = line.split(",")
    departed = dt.datetime.fromisoformat(stamp.strip())
    passengers = int(count)
    bicycles = int(rest[0]) if rest else 0
    return Crossing(departed, bank, passengers, bicycles)


def peak_hour(crossings):
    totals = {}
    for crossing in crossings:
        hour = crossing.departed.hour
        totals[hour] = totals.get(hour, 0) + crossing.passengers
    if not totals:
        return None
    return max(totals, key=totals.get)


class FerryLog:
    def __init__(self, boat_name, capacity=MAX_PASSENGERS):
        self.boat_name = boat_name
        self.capacity = capacity
        self.crossings = []
        self.turned_away = 0

    def record(self, crossing):
        if crossing.passengers > self.capacity:
            self.turned_away += crossing.passengers - self.capacity
            crossing.passengers = self.capacity
            crossing.notes.append("over capacity")
        self.crossings.append(crossing)
        return crossing

    def load_lines(self, lines, bank=DEFAULT_BANK):
        loaded = 0
        for line in lines:
            if not line.strip():
                continue
            self.record(parse_crossing(line, bank=bank))
            loaded += 1
        return loaded

    def takings(self, concession=False):
        total = 0
        for crossing in self.crossings:
            total += crossing_fare(crossing.passengers, crossing.bicycles, concession=concession)
        return total

    def delayed_by_tide(self, low_tide):
        window = dt.timedelta(minutes=LOW_TIDE_DELAY_MIN)
        return [c for c in self.crossings if abs(c.departed - low_tide) <= window]

    def summary(self):
        hour = peak_hour(self.crossings)
        lines = [
            f"Boat: {self.boat_name}",
            f"Crossings: {len(self.crossings)}",
            f"Takings: {self.takings() / 100:.2f}",
            f"Turned away: {self.turned_away}",
        ]
        if hour is not None:
            lines.append(f"Busiest hour: {hour:02d}:00")
        return "\n".join(lines)


def daily_report(log, day):
    todays = [c for c in log.crossings if c.departed.date() == day]
    passengers = sum(c.passengers for c in todays)
    bicycles = sum(c.bicycles for c in todays)
    return {
        "day": day.isoformat(),
        "crossings": len(todays),
        "passengers": passengers,
        "bicycles": bicycles,
        "boat": log.boat_name,
    }
