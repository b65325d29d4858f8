"""Aging cave ledger for a farmhouse cheesemaker: wheels, turning and affinage."""

import json
import random
from pathlib import Path

CAVE_TEMP_C = 11
CAVE_HUMIDITY = 88
TURN_EVERY_DAYS = 2
MIN_AGE_DAYS = {"tomme": 60, "alpine": 240, "blue": 90}
SALT_PERCENT = 2.0


class Wheel:
    def __init__(self, wheel_id, style, weight_kg, made_on_day):
        self.wheel_id = wheel_id
        self.style = style
        self.weight_kg = weight_kg
        self.made_on_day = made_on_day
        self.last_turned = made_on_day
        self.washes = 0

    def age(self, today):
        return today - self.made_on_day

    def ready(self, today):
        """Return True once the wheel has aged for its style's minimum number of days."""
        return self.age(today) >= MIN_AGE_DAYS[self.style]

    def turn(self, today):
        self.last_turned = today

    def brine_wash(self):
        self.washes += 1
        return self.washes


class Cave:
    def __init__(self, name, shelves=8):
        self.name = name
        self.shelves = shelves
        self.wheels = {}
        self.log = []

    def store(self, wheel):
        if len(self.wheels) >= self.shelves * 12:
            raise RuntimeError("no shelf space left")
        self.wheels[wheel.wheel_id] = wheel

    def due_for_turning(self, today):
        return [w for w in self.wheels.values() if today - w.last_turned >= TURN_EVERY_DAYS]

    def turning_round(self, today):
        turned = 0
        for wheel in self.due_for_turning(today):
            wheel.turn(today)
            turned += 1
        self.log.append(("turned", today, turned))
        return turned

    def sell(self, wheel_id, today):
        wheel = self.wheels.pop(wheel_id)
        if not wheel.ready(today):
            self.wheels[wheel_id] = wheel
            raise ValueError(f"{wheel_id} is too young to sell")
        self.log.append(("sold", today, wheel_id))
        return wheel

    def climate_ok(self, temp_c, humidity):
        return abs(temp_c - CAVE_TEMP_C) <= 1 and humidity >= CAVE_HUMIDITY - 3


def salt_needed_g(curd_kg, percent=SALT_PERCENT):
    return round(curd_kg * 1000 * percent / 100, 1)


def weight_after_aging(weight_kg, days, loss_per_week=0.01):
    weeks = days / 7
    return round(weight_kg * (1 - loss_per_week) ** weeks, 2)


def sample_wheels(cave, count, seed):
    rng = random.Random(seed)
    ids = sorted(cave.wheels)
    return rng.sample(ids, min(count, len(ids)))


def export_ledger(cave, path):
    rows = [
        {"id": w.wheel_id, "style": w.style, "kg": w.weight_kg, "made": w.made_on_day}
        for w in cave.wheels.values()
    ]
    Path(path).write_text(json.dumps(rows, indent=2))
    return len(rows)


def import_ledger(cave, path):
    rows = json.loads(Path(path).read_text())
    for row in rows:
        cave.store(Wheel(row["id"], row["style"], row["kg"], row["made"]))
    return len(rows)


def price_for(wheel, today, per_kg=24.0, premium_style="alpine"):
    price = wheel.weight_kg * per_kg
    if wheel.age(today) > 365:
        price *= 1.2
    return round(price, 2)
