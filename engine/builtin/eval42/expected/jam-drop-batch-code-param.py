"""Preserving batches for a small jam maker: sugar, set tests and jar labels."""

from __future__ import annotations

import math
from datetime import date, timedelta

SUGAR_RATIO = 0.6
SETTING_POINT_C = 104.5
JAR_SIZE_G = 340
SHELF_LIFE_MONTHS = 12
PECTIN_LEVELS = {"strawberry": "low", "raspberry": "medium", "blackcurrant": "high", "plum": "medium"}


def sugar_needed(fruit_g, fruit="strawberry", ratio=SUGAR_RATIO):
    """Return the grams of sugar for this much fruit."""
    sugar = fruit_g * ratio
    if PECTIN_LEVELS.get(fruit) == "low":
        sugar *= 1.1
    return round(sugar)


def jar_count(fruit_g, sugar_g, jar_size_g=JAR_SIZE_G, loss_fraction=0.12):
    """Return how many full jars a batch fills once boiled down."""
    yield_g = (fruit_g + sugar_g) * (1 - loss_fraction)
    return math.floor(yield_g / jar_size_g)


def best_before(made_on, months=SHELF_LIFE_MONTHS, low_sugar=False):
    """Return the best-before date printed on the label."""
    if low_sugar:
        months = months // 2
    return made_on + timedelta(days=round(months * 30.4))


def batch_plan(fruit_g, fruit="strawberry", jar_size_g=JAR_SIZE_G):
    """Return the sugar and the number of jars to sterilise for a batch."""
    sugar_g = sugar_needed(fruit_g, fruit=fruit)
    return {"sugar_g": sugar_g, "jars": jar_count(fruit_g, sugar_g, jar_size_g=jar_size_g)}


class PreservingBatch:
    """One pan of jam from weighing the fruit to potting."""

    def __init__(self, code, fruit, fruit_g, made_on=None):
        self.code = code
        self.fruit = fruit
        self.fruit_g = fruit_g
        self.made_on = made_on or date.today()
        self.temperatures = []
        self.jars = 0

    def sugar_g(self):
        return sugar_needed(self.fruit_g, fruit=self.fruit)

    def log_temperature(self, reading):
        value = float(reading)
        self.temperatures.append(value)
        return value >= SETTING_POINT_C

    def has_set(self):
        return bool(self.temperatures) and max(self.temperatures) >= SETTING_POINT_C

    def pot(self):
        if not self.has_set():
            raise RuntimeError("batch " + self.code + " has not reached setting point")
        self.jars = jar_count(self.fruit_g, self.sugar_g())
        print("potted", self.jars, "jars of", self.fruit)
        return self.jars

    def label(self, low_sugar=False):
        expiry = best_before(self.made_on, low_sugar=low_sugar)
        name = self.fruit.title() + (" reduced sugar jam" if low_sugar else " jam")
        return name + " | batch " + self.code + " | best before " + expiry.strftime("%d/%m/%Y")


class BatchBook:
    """The kitchen's record of every batch started this season."""

    def __init__(self, kitchen):
        self.kitchen = kitchen
        self.batches = []

    def start(self, code, fruit, fruit_g):
        if fruit not in PECTIN_LEVELS:
            raise ValueError("no recipe for " + fruit)
        batch = PreservingBatch(code, fruit, fruit_g)
        self.batches.append(batch)
        return batch

    def find(self, code):
        for batch in self.batches:
            if batch.code == code:
                return batch
        raise KeyError(code)

    def total_jars(self):
        return sum(batch.jars for batch in self.batches)

    def by_fruit(self, fruit):
        return [batch for batch in self.batches if batch.fruit == fruit]

    def labels(self, low_sugar=False):
        return [batch.label(low_sugar=low_sugar) for batch in self.batches if batch.jars]
