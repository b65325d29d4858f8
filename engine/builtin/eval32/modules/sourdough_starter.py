"""Feeding log for a bakery's sourdough starters: ratios, rise times and readiness."""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

DEFAULT_RATIO = (1, 5, 5)
PEAK_RISE = 2.0
IDEAL_TEMP_C = 24.0
Q10_FACTOR = 2.0
DISCARD_FLOOR_GRAMS = 20


@dataclass
class Feeding:
    fed_at: datetime
    starter_grams: float
    flour_grams: float
    water_grams: float
    temperature_c: float = IDEAL_TEMP_C
    rise_factor: float = 1.0

    def hydration(self):
        return round(100 * self.water_grams / self.flour_grams)

    def total_weight(self):
        return self.starter_grams + self.flour_grams + self.water_grams


class Starter:
    def __init__(self, name, flour="rye", fridge=False):
        self.name = name
        self.flour = flour
        self.fridge = fridge
        self.feedings = []
        self.jar_grams = 0.0

    def feed(self, when, keep_grams, ratio=DEFAULT_RATIO, temperature_c=IDEAL_TEMP_C):
        keep = max(keep_grams, DISCARD_FLOOR_GRAMS)
        discarded = max(self.jar_grams - keep, 0.0)
        starter_part, flour_part, water_part = ratio
        unit = keep / starter_part
        entry = Feeding(when, keep, unit * flour_part, unit * water_part, temperature_c)
        entry.rise_factor = 1.0
        self.feedings.append(entry)
        self.jar_grams = entry.total_weight()
        return discarded

    def last_feeding(self):
        return self.feedings[-1] if self.feedings else None

    def record_rise(self, factor):
        last = self.last_feeding()
        if last is None:
            raise ValueError(f"{self.name} has never been fed")
        last.rise_factor = factor
        return factor >= PEAK_RISE

    def take_levain(self, dough_grams, levain_percent=20):
        needed = math.ceil(dough_grams * levain_percent / 100)
        if needed > self.jar_grams:
            raise ValueError(f"{self.name} only has {self.jar_grams:.0f} g in the jar")
        self.jar_grams -= needed
        return needed


def temperature_adjustment(temperature_c, reference=IDEAL_TEMP_C):
    return Q10_FACTOR ** ((reference - temperature_c) / 10)


def hours_to_peak(feeding, base_hours=None):
    if base_hours is None:
        base_hours = 4.0 + 0.8 * (feeding.flour_grams / feeding.starter_grams)
    return base_hours * temperature_adjustment(feeding.temperature_c)


def ready_at(starter, margin_minutes=30):
    last = starter.last_feeding()
    if last is None:
        return None
    hours = hours_to_peak(last)
    return last.fed_at + timedelta(hours=hours, minutes=-margin_minutes)


def parse_log_line(line, name_hint="starter"):
    stamp, grams, ratio_text, temp = line.split(";")
    parts = tuple(int(piece) for piece in ratio_text.split(":"))
    return {
        "name": name_hint,
        "when": datetime.fromisoformat(stamp.strip()),
        "keep": float(grams),
        "ratio": parts,
        "temperature": float(temp),
    }
