"""Casting schedule and tuning records for a small bell foundry."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

BRONZE_COPPER_SHARE = 0.78
BRONZE_TIN_SHARE = 0.22
MOULD_DRYING_HOURS = 36
MAX_POUR_WEIGHT_KG = 1800
CENTS_TOLERANCE = 4


@dataclass
class BellOrder:
    parish: str
    note_name: str
    target_hz: float
    weight_kg: float
    inscription: str = ""


@dataclass
class BellCasting:
    order: BellOrder
    poured_on: str
    measured_hz: float = 0.0
    tuned: bool = False
    notes: list[str] = field(default_factory=list)


def metal_required(weight_kg, allowance=0.12):
    total = weight_kg * (1 + allowance)
    copper = total * BRONZE_COPPER_SHARE
    tin = total * BRONZE_TIN_SHARE
    return round(copper, 1), round(tin, 1)


def cents_off(measured_hz, target_hz):
    if measured_hz <= 0 or target_hz <= 0:
        raise ValueError("frequencies must be positive")
    return 1200 * math.log2(measured_hz / target_hz)


class TuningBench:
    def __init__(self, tuner_name, lathe_speed=40):
        self.tuner_name = tuner_name
        self.lathe_speed = lathe_speed
        self.passes = 0

    def needs_more_work(self, record):
        offset = cents_off(record.measured_hz, record.order.target_hz)
        return abs(offset) > CENTS_TOLERANCE

    def shave(self, record, cents):
        self.passes += 1
        record.measured_hz = record.measured_hz * 2 ** (-cents / 1200)
        record.notes.append("pass %d: shaved %.1f cents" % (self.passes, cents))
        return record

    def finish(self, record):
        while self.needs_more_work(record):
            offset = cents_off(record.measured_hz, record.order.target_hz)
            self.shave(record, offset)
        record.tuned = True
        return record


class Foundry:
    def __init__(self, name):
        self.name = name
        self.orders = []
        self.records = []

    def accept(self, order):
        if order.weight_kg > MAX_POUR_WEIGHT_KG:
            raise ValueError(f"{order.parish}: bell too heavy for one pour")
        self.orders.append(order)

    def pour(self, order, day):
        record = BellCasting(order=order, poured_on=day)
        self.records.append(record)
        return record

    def pending(self):
        poured = {id(r.order) for r in self.records}
        return [o for o in self.orders if id(o) not in poured]

    def ring_summary(self):
        lines = []
        for record in self.records:
            status = "tuned" if record.tuned else "rough"
            lines.append(f"{record.order.parish} {record.order.note_name}: {status}")
        return "\n".join(lines)


def drying_finished(hours_elapsed, humidity=0.5):
    needed = MOULD_DRYING_HOURS * (1 + humidity)
    return hours_elapsed >= needed


def schedule_pours(foundry, days):
    plan = {}
    queue = foundry.pending()
    for day, order in zip(days, queue):
        plan[day] = order.parish
        foundry.pour(order, day=day)
    return plan
