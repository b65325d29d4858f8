"""Pressing days, juice batches and fermentation notes for an orchard cider press."""

import statistics
from dataclasses import dataclass, field

JUICE_YIELD = 0.62
TARGET_GRAVITY = 1.050
SULPHITE_PPM = 50
FERMENT_TEMP_C = (12, 18)
VARIETIES = ("Dabinett", "Kingston Black", "Yarlington Mill", "Bramley")


@dataclass
class AppleLoad:
    grower: str
    variety: str
    weight_kg: float
    sweetness_brix: float


@dataclass
class Batch:
    code: str
    litres: float
    gravity: float
    readings: list = field(default_factory=list)
    racked: bool = False

    def add_reading(self, day, gravity):
        self.readings.append((day, gravity))
        self.gravity = gravity

    def abv(self, start_gravity):
        return round((start_gravity - self.gravity) * 131.25, 1)


def brix_to_gravity(brix):
    return 1 + brix / (258.6 - brix / 258.2 * 227.1)


def juice_litres(weight_kg):
    return round(weight_kg * JUICE_YIELD, 1)


def sulphite_grams(litres, ppm=SULPHITE_PPM):
    return round(litres * ppm / 1000, 2)


class PressDay:
    def __init__(self, day):
        self.day = day
        self.loads = []
        self.batches = []

    def receive(self, load):
        if load.variety not in VARIETIES:
            raise ValueError(f"we do not press {load.variety}")
        self.loads.append(load)
        return len(self.loads)

    def blend_gravity(self):
        total_kg = sum(l.weight_kg for l in self.loads)
        if total_kg == 0:
            return 0.0
        weighted = sum(brix_to_gravity(l.sweetness_brix) * l.weight_kg for l in self.loads)
        return weighted / total_kg

    def press(self, code):
        litres = sum(juice_litres(l.weight_kg) for l in self.loads)
        batch = Batch(code=code, litres=litres, gravity=self.blend_gravity())
        self.batches.append(batch)
        self.loads.clear()
        return batch

    def grower_totals(self):
        totals = {}
        for load in self.loads:
            totals[load.grower] = totals.get(load.grower, 0) + load.weight_kg
        return totals


def fermentation_stalled(batch, days=4):
    recent = [g for _, g in batch.readings[-days:]]
    if len(recent) < days:
        return False
    return max(recent) - min(recent) < 0.001


def mean_gravity(batches):
    return statistics.mean(b.gravity for b in batches)


def parse_reading(text):
    day, gravity = text.split(":")
    return int(day), float(gravity)


def load_readings(batch, lines):
    for line in lines:
        batch.add_reading(*parse_reading(line))
    return len(batch.readings)
