"""Kayak and paddleboard hire at the water sports centre."""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

HOURLY_RATES = {"single": 12.0, "tandem": 18.0, "sup": 14.0, "canoe": 20.0}
DEPOSIT = 50.0
LATE_FEE_PER_15_MIN = 4.0
MAX_WIND_KNOTS = 18
MIN_AGE_SOLO = 14
CLOSING_TIME = (18, 30)


class CraftStatus(Enum):
    AVAILABLE = 1
    ON_WATER = 2
    REPAIR = 3


@dataclass
class Craft:
    number: int
    kind: str
    status: CraftStatus = CraftStatus.AVAILABLE
    buoyancy_aids: int = 1


class Hire:
    def __init__(self, craft, customer, age, start: datetime, hours=1):
        self.craft = craft
        self.customer = customer
        self.age = age
        self.start = start
        self.hours = hours
        self.returned_at = None

    @property
    def due_back(self) -> datetime:
        return self.start + timedelta(hours=self.hours)

    def minutes_late(self, when=None) -> int:
        when = when or self.returned_at or datetime.now()
        overdue = (when - self.due_back).total_seconds() / 60
        return max(0, math.ceil(overdue))

    def charge(self, when=None):
        base = hire_cost(self.craft.kind, self.hours)
        late = self.minutes_late(when)
        if late <= 10:
            return base
        return base + math.ceil(late / 15) * LATE_FEE_PER_15_MIN

    def close(self, when):
        self.returned_at = when
        self.craft.status = CraftStatus.AVAILABLE
        total = self.charge(when)
        refund = max(DEPOSIT - max(total - hire_cost(self.craft.kind, self.hours), 0), 0)
        return total, refund


def hire_cost(kind, hours=1, *, member=False):
    rate = HOURLY_RATES[kind]
    cost = rate * hours
    if hours >= 4:
        cost = rate * 3.5
    if member:
        cost *= 0.8
    return round(cost, 2)


def safe_to_launch(wind_knots, *, offshore=False, lifeguard_on_duty=True):
    """Centre rules for opening the water to hire craft."""
    if not lifeguard_on_duty:
        return False
    limit = MAX_WIND_KNOTS - 6 if offshore else MAX_WIND_KNOTS
    return wind_knots <= limit


def _latest_start(day, hours):
    closing = day.replace(hour=CLOSING_TIME[0], minute=CLOSING_TIME[1], second=0, microsecond=0)
    return closing - timedelta(hours=hours)


def start_hire(fleet, kind, customer, age, when, hours=1, wind_knots=0):
    if age < MIN_AGE_SOLO and kind != "tandem":
        raise ValueError(f"{customer} must paddle a tandem with an adult")
    if not safe_to_launch(wind_knots):
        raise RuntimeError("water closed: wind too strong")
    if when > _latest_start(when, hours):
        raise ValueError("hire would run past closing time")
    for craft in fleet:
        if craft.kind == kind and craft.status is CraftStatus.AVAILABLE:
            craft.status = CraftStatus.ON_WATER
            return Hire(craft, customer, age, when, hours=hours)
    return None


def fleet_summary(fleet):
    summary = {}
    for craft in fleet:
        counts = summary.setdefault(craft.kind, {status.name: 0 for status in CraftStatus})
        counts[craft.status.name] += 1
    return summary
