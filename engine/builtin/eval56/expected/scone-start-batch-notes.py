"""Scone batch planning for the tea room kitchen."""

import math
from datetime import datetime, timedelta

FLOUR_PER_SCONE_G = 45
BUTTER_RATIO = 0.25
OVEN_TRAYS = 4
SCONES_PER_TRAY = 12
BAKE_MINUTES = 14
FLAVOURS = ("plain", "fruit", "cheese", "cherry")


class Batch:
    def __init__(self, flavour, count, started_at=None):
        if flavour not in FLAVOURS:
            raise ValueError(f"unknown flavour: {flavour}")
        self.flavour = flavour
        self.count = count
        self.started_at = started_at
        self.sold = 0

    def trays_needed(self):
        return math.ceil(self.count / SCONES_PER_TRAY)

    def ready_at(self):
        if self.started_at is None:
            return None
        return self.started_at + timedelta(minutes=BAKE_MINUTES)

    def sell(self, how_many=1):
        left = self.count - self.sold
        taken = min(how_many, left)
        self.sold += taken
        return taken

    def leftover(self):
        return self.count - self.sold


class Kitchen:
    def __init__(self, trays=OVEN_TRAYS):
        self.trays = trays
        self.batches = []
        self.flour_used_g = 0

    def start_batch(self, flavour, count, when=None, notes=None):
        batch = Batch(flavour, count, started_at=when or datetime.now())
        if batch.trays_needed() > self.trays:
            raise ValueError("not enough oven trays for that batch")
        self.flour_used_g += flour_for(count)
        self.batches.append(batch)
        return batch

    def waste_report(self):
        wasted = {}
        for batch in self.batches:
            wasted[batch.flavour] = wasted.get(batch.flavour, 0) + batch.leftover()
        return wasted

    def busiest_flavour(self):
        if not self.batches:
            return None
        return max(self.batches, key=lambda b: b.count).flavour


def flour_for(count, spare_pct=5):
    base = count * FLOUR_PER_SCONE_G
    return math.ceil(base * (1 + spare_pct / 100))


def plan_morning(expected_covers, scones_per_cover=1.5, weekday="mon"):
    total = math.ceil(expected_covers * scones_per_cover)
    per_flavour = math.ceil(total / len(FLAVOURS))
    plan = {}
    for flavour in FLAVOURS:
        plan[flavour] = per_flavour
    if expected_covers > 80:
        plan["fruit"] += SCONES_PER_TRAY
    return plan


def shopping_list(plan, spare_pct=10):
    total = sum(plan.values())
    flour = flour_for(total, spare_pct=spare_pct)
    return {
        "flour_g": flour,
        "butter_g": math.ceil(flour * BUTTER_RATIO),
        "eggs": math.ceil(total / 8),
        "milk_ml": total * 15,
    }


def morning_prep(expected_covers, day="mon"):
    plan = plan_morning(expected_covers, weekday=day)
    kitchen = Kitchen()
    for flavour, count in plan.items():
        kitchen.start_batch(flavour, count)
    return kitchen, shopping_list(plan)
