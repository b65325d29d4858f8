"""Affinage tracking for wheels ripening in a cheese cave."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

TARGET_HUMIDITY = 0.92
CAVE_TEMP_RANGE_C = (10.0, 13.0)
TURN_EVERY_DAYS = 3
BRINE_WASH_DAYS = 7


@dataclass
class Wheel:
    wheel_id: str
    style: str
    made_on: date
    weight_kg: float
    shelf: str
    turns: list[date] = field(default_factory=list)

    def age_days(self, today: date) -> int:
        return (today - self.made_on).days

    def last_turned(self) -> date | None:
        return self.turns[-1] if self.turns else None


class CaveReading:
    def __init__(self, taken_on: date, temp_c: float, humidity: float) -> None:
        self.taken_on = taken_on
        self.temp_c = temp_c
        self.humidity = humidity

    def in_range(self) -> bool:
        low, high = CAVE_TEMP_RANGE_C
        return low <= self.temp_c <= high and self.humidity >= TARGET_HUMIDITY - 0.03


class Cave:
    def __init__(self, name: str) -> None:
        self.name = name
        self.wheels: dict[str, Wheel] = {}
        self.readings: list[CaveReading] = []

    def add_wheel(self, wheel: Wheel) -> None:
        self.wheels[wheel.wheel_id] = wheel

    def log_reading(self, reading: CaveReading) -> None:
        self.readings.append(reading)

    def wheels_to_turn(self, today: date) -> list[Wheel]:
        due = []
        for wheel in self.wheels.values():
            last = wheel.last_turned() or wheel.made_on
            if (today - last).days >= TURN_EVERY_DAYS:
                due.append(wheel)
        return due

    def turn_all(self, today: date) -> int:
        turned = self.wheels_to_turn(today)
        for wheel in turned:
            wheel.turns.append(today)
        return len(turned)


def brine_wash_due(wheel: Wheel, today: date) -> bool:
    return wheel.style == "washed" and wheel.age_days(today) % BRINE_WASH_DAYS == 0


def ready_wheels(cave: Cave, today: date, min_age_days: int) -> list[str]:
    ready = [w.wheel_id for w in cave.wheels.values() if w.age_days(today) >= min_age_days]
    return sorted(ready)


def out_of_range_days(cave: Cave) -> list[date]:
    return [r.taken_on for r in cave.readings if not r.in_range()]


def shelf_weights(cave: Cave) -> dict[str, float]:
    totals: dict[str, float] = {}
    for wheel in cave.wheels.values():
        totals[wheel.shelf] = totals.get(wheel.shelf, 0.0) + wheel.weight_kg
    return totals


def weight_loss_pct(start_kg: float, now_kg: float) -> float:
    if start_kg <= 0:
        raise ValueError("start weight must be positive")
    loss = (start_kg - now_kg) / start_kg
    return round(loss * 100, 1)


def daily_round(cave: Cave, today: date, reading: CaveReading) -> str:
    cave.log_reading(reading)
    turned = cave.turn_all(today)
    washes = [w.wheel_id for w in cave.wheels.values() if brine_wash_due(w, today)]
    note = f"{today:%d %b}: turned {turned}, wash {len(washes)}"
    if not reading.in_range():
        note += " (check climate)"
    print(note)
    return note


def heaviest_shelf(cave: Cave) -> str | None:
    totals = shelf_weights(cave)
    if not totals:
        return None
    return max(totals, key=totals.get)


def tomme_ready(cave: Cave, today: date) -> list[str]:
    return ready_wheels(cave, today, min_age_days=60)
