"""Plan feedings for a sourdough starter kept on the kitchen counter."""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

FEED_RATIO = (1, 2, 2)
PEAK_HOURS_AT_24C = 6.0
Q10_FACTOR = 2.0
FRIDGE_TEMP_C = 4.0
MAX_KEPT_G = 50


def rise_hours(temp_c, hydration=100, base_hours=PEAK_HOURS_AT_24C):
    slowdown = Q10_FACTOR ** ((24.0 - temp_c) / 10.0)
    if hydration > 100:
        slowdown *= 0.9
    return round(base_hours * slowdown, 1)


def feed_amounts(starter_g, ratio=FEED_RATIO, discard=True, rye_fraction=0.0):
    seed, flour, water = ratio
    kept = starter_g if not discard else min(starter_g, MAX_KEPT_G)
    unit = kept / seed
    return {"starter": kept, "flour": unit * flour, "water": unit * water}


def next_feeding(last_fed, temp_c, hydration=100, kitchen="main"):
    hours = rise_hours(temp_c, hydration=hydration)
    if temp_c <= FRIDGE_TEMP_C + 1:
        hours = max(hours, 7 * 24)
    return last_fed + timedelta(hours=hours)


@dataclass
class Feeding:
    when: datetime
    flour_g: float
    water_g: float
    flour_type: str = "white"

    def percent_hydration(self):
        return round(100 * self.water_g / self.flour_g)


class Starter:
    def __init__(self, name, location="counter", hydration=100):
        self.name = name
        self.location = location
        self.hydration = hydration
        self.history = []
        self.last_fed = None
        self.jar_mass_g = 0.0

    def feed(self, when, starter_g=40, flour_type="white"):
        amounts = feed_amounts(starter_g)
        entry = Feeding(when, amounts["flour"], amounts["water"], flour_type)
        self.history.append(entry)
        self.last_fed = when
        self.jar_mass_g = amounts["starter"] + amounts["flour"] + amounts["water"]
        return entry

    def due_at(self, temp_c=22.0):
        if self.last_fed is None:
            return None
        return next_feeding(self.last_fed, temp_c, hydration=self.hydration, kitchen=self.location)

    def is_hungry(self, now, temp_c=22.0):
        due = self.due_at(temp_c)
        return due is not None and now >= due

    def rye_share(self):
        if not self.history:
            return 0.0
        rye = sum(f.flour_g for f in self.history if f.flour_type == "rye")
        total = sum(f.flour_g for f in self.history)
        return rye / total

    def doubling_time(self, rise_factor=1.8, temp_c=22.0):
        hours = rise_hours(temp_c, hydration=self.hydration)
        rate = math.log(rise_factor) / hours
        return math.log(2) / rate

    def average_hydration(self):
        if not self.history:
            return self.hydration
        values = [entry.percent_hydration() for entry in self.history]
        return sum(values) / len(values)


def feeding_plan(starter, start, days=3, temp_c=22.0):
    plan = []
    when = start
    for _ in range(days * 2):
        entry = starter.feed(when)
        plan.append((when.strftime("%a %H:%M"), round(entry.flour_g)))
        when = starter.due_at(temp_c)
        if when is None:
            break
    return plan

