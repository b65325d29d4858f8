"""Tempering batch tracking for the chocolate kitchen."""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

MELT_TEMP_C = 45.0
COOL_TEMP_C = 27.0
WORK_TEMP_C = 31.5
MAX_BATCH_KG = 12.0
SEED_RATIO = 0.25
CHOCOLATE_KINDS = ("dark", "milk", "white")


def seed_amount(batch_kg, ratio=SEED_RATIO):
    if batch_kg <= 0:
        return 0.0
    return round(batch_kg * ratio, 2)


def cooling_minutes(start_c, target_c=COOL_TEMP_C, rate_per_min=0.8):
    drop = start_c - target_c
    if drop <= 0:
        return 0
    return math.ceil(drop / rate_per_min)


def plan_curve(kind, batch_kg, room_c=20.0):
    if kind not in CHOCOLATE_KINDS:
        raise ValueError(f"unknown chocolate kind: {kind}")
    work = WORK_TEMP_C
    if kind == "milk":
        work -= 1.5
    elif kind == "white":
        work -= 2.5
    steps = [
        ("melt", MELT_TEMP_C, 0),
        ("cool", COOL_TEMP_C, cooling_minutes(MELT_TEMP_C)),
        ("work", work, 5),
    ]
    seed = seed_amount(batch_kg)
    if room_c > 24.0:
        seed = seed_amount(batch_kg, ratio=SEED_RATIO + 0.05)
    return {"kind": kind, "steps": steps, "seed_kg": seed}


@dataclass
class TemperReading:
    taken_at: datetime
    celsius: float
    note: str = ""


class TemperingBatch:
    def __init__(self, batch_id, kind, weight_kg, chef="unassigned"):
        if weight_kg > MAX_BATCH_KG:
            raise ValueError(f"batch {batch_id} is too heavy")
        self.batch_id = batch_id
        self.kind = kind
        self.weight_kg = weight_kg
        self.chef = chef
        self.readings = []
        self.plan = plan_curve(kind, weight_kg)
        self.snap_passed = None

    def record(self, celsius, note="", when=None):
        reading = TemperReading(when or datetime.now(), celsius, note)
        self.readings.append(reading)
        return reading

    def latest_temp(self):
        if not self.readings:
            return None
        return self.readings[-1].celsius

    def in_working_range(self, tolerance=0.5):
        current = self.latest_temp()
        if current is None:
            return False
        target = self.plan["steps"][-1][1]
        return abs(current - target) <= tolerance

    def elapsed(self):
        if len(self.readings) < 2:
            return timedelta(0)
        return self.readings[-1].taken_at - self.readings[0].taken_at

    def mark_snap_test(self, passed, comment="snap test"):
        self.snap_passed = passed
        self.record(self.latest_temp() or 0.0, note=comment)
        return passed


class TemperingLog:
    def __init__(self, kitchen="main"):
        self.kitchen = kitchen
        self.batches = {}

    def open_batch(self, batch_id, kind, weight_kg, chef="unassigned"):
        batch = TemperingBatch(batch_id, kind, weight_kg, chef=chef)
        self.batches[batch_id] = batch
        return batch

    def failed_batches(self):
        return [b for b in self.batches.values() if b.snap_passed is False]

    def summary(self):
        total_kg = sum(b.weight_kg for b in self.batches.values())
        return {
            "kitchen": self.kitchen,
            "batches": len(self.batches),
            "total_kg": round(total_kg, 1),
        }
