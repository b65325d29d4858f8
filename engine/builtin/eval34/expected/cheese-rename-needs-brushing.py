"""Aging rounds in the cheese cave: turning, brushing and grading wheels on the shelves."""

from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum

TURN_EVERY_DAYS = 3
BRUSH_EVERY_DAYS = 7
TARGET_HUMIDITY = (88, 95)
CAVE_TEMP_C = 11.5
MIN_AGE_DAYS = {"tomme": 60, "comte": 240, "blue": 90}


class Grade(Enum):
    HOLD = "hold"
    READY = "ready"
    REJECT = "reject"


def age_in_days(made_on, today=None):
    today = today or date.today()
    return (today - made_on).days


def humidity_ok(reading, band=TARGET_HUMIDITY):
    low, high = band
    return low <= reading <= high


def next_due(last_done, interval_days):
    if last_done is None:
        return date.min
    return last_done + timedelta(days=interval_days)


@dataclass
class Wheel:
    code: str
    style: str
    made_on: date
    shelf: str
    weight_kg: float
    last_turned: date = None
    last_brushed: date = None
    notes: list = field(default_factory=list)

    def needs_turning(self, today):
        return next_due(self.last_turned, TURN_EVERY_DAYS) <= today

    def due_for_brushing(self, today):
        return next_due(self.last_brushed, BRUSH_EVERY_DAYS) <= today

    def grade(self, today, rind_score):
        if rind_score < 3:
            return Grade.REJECT
        if age_in_days(self.made_on, today) >= MIN_AGE_DAYS.get(self.style, 120):
            return Grade.READY
        return Grade.HOLD


class CaveRound:
    def __init__(self, affineur, today=None):
        self.affineur = affineur
        self.today = today or date.today()
        self.done = {"turned": [], "brushed": []}
        self.humidity_log = []

    def log_humidity(self, shelf, reading):
        self.humidity_log.append((shelf, reading))
        return humidity_ok(reading)

    def work_wheel(self, wheel):
        if wheel.needs_turning(self.today):
            wheel.last_turned = self.today
            self.done["turned"].append(wheel.code)
        if wheel.due_for_brushing(self.today):
            wheel.last_brushed = self.today
            self.done["brushed"].append(wheel.code)

    def walk(self, wheels, shelf=None):
        wheels = list(wheels)
        for wheel in wheels:
            if shelf is not None and wheel.shelf != shelf:
                continue
            self.work_wheel(wheel)
        return self.summary()

    def summary(self):
        wet = [s for s, r in self.humidity_log if not humidity_ok(r)]
        return {
            "affineur": self.affineur,
            "date": self.today.isoformat(),
            "turned": len(self.done["turned"]),
            "brushed": len(self.done["brushed"]),
            "shelves_out_of_band": sorted(set(wet)),
            "wet_readings": len(wet),
        }


def ready_wheels(wheels, scores, today=None):
    today = today or date.today()
    ready = []
    for wheel in wheels:
        verdict = wheel.grade(today, scores.get(wheel.code, 5))
        if verdict is Grade.READY:
            ready.append(wheel)
    total_kg = sum(w.weight_kg for w in ready)
    return ready, round(total_kg, 1)


def turning_schedule(wheels, start, days=14):
    plan = {}
    for offset in range(days):
        day = start + timedelta(days=offset)
        plan[day.isoformat()] = [w.code for w in wheels if next_due(w.last_turned, TURN_EVERY_DAYS) <= day]
    return plan
