"""Cask inventory and angel's-share tracking for a bonded whisky warehouse."""

import math
from datetime import date

ANGELS_SHARE = 0.02
MIN_AGE_YEARS = 3
CASK_SIZES = {"barrel": 200, "hogshead": 250, "butt": 500, "quarter": 125}
DUTY_PER_LITRE_ALCOHOL = 31.64
RACK_LEVELS = 4


def years_between(start, end):
    days = (end - start).days
    return days / 365.25


def remaining_volume(initial_litres, years, share=ANGELS_SHARE):
    return initial_litres * math.pow(1 - share, years)


def duty_due(litres, abv):
    pure_alcohol = litres * abv / 100
    return round(pure_alcohol * DUTY_PER_LITRE_ALCOHOL, 2)


def parse_fill_date(text):
    return date.fromisoformat(text)


class Cask:
    def __init__(self, number, kind, filled_on, abv, spirit="single malt"):
        if kind not in CASK_SIZES:
            raise ValueError("unknown cask kind: " + kind)
        self.number = number
        self.kind = kind
        self.filled_on = filled_on
        self.abv = abv
        self.spirit = spirit
        self.samples = []

    def age_in_years(self, day):
        return years_between(self.filled_on, day)

    def volume_on(self, day):
        return remaining_volume(CASK_SIZES[self.kind], self.age_in_years(day))

    def can_bottle(self, day):
        return self.age_in_years(day) >= MIN_AGE_YEARS

    def take_sample(self, day, abv_reading):
        self.samples.append((day, abv_reading))
        self.abv = abv_reading
        return len(self.samples)


class Warehouse:
    def __init__(self, name, bays=20):
        self.name = name
        self.bays = bays
        self.slots = {}

    def capacity(self):
        return self.bays * RACK_LEVELS

    def store(self, cask, bay, level):
        if level >= RACK_LEVELS or bay >= self.bays:
            raise IndexError("no such rack position")
        if (bay, level) in self.slots:
            raise ValueError("rack position taken")
        self.slots[(bay, level)] = cask

    def release(self, bay, level, day=None):
        day = day or date.today()
        cask = self.slots.pop((bay, level))
        if not cask.can_bottle(day):
            self.slots[(bay, level)] = cask
            raise ValueError("cask is too young to bottle")
        volume = cask.volume_on(day)
        return cask, duty_due(volume, cask.abv)

    def find(self, number):
        for position, cask in self.slots.items():
            if cask.number == number:
                return position
        return None

    def total_litres(self, day):
        return sum(c.volume_on(day) for c in self.slots.values())


def load_casks(rows):
    casks = []
    for row in rows:
        filled_on = parse_fill_date(row["filled_on"])
        cask = Cask(row["number"], row["kind"], filled_on, float(row["abv"]))
        casks.append(cask)
    return casks


def stock_report(warehouse, day):
    used = len(warehouse.slots)
    lines = ["%s: %d/%d positions used" % (warehouse.name, used, warehouse.capacity())]
    for (bay, level), cask in sorted(warehouse.slots.items()):
        age = cask.age_in_years(day)
        lines.append("  bay %d level %d: cask %s (%s, %.1f y)" % (bay, level, cask.number, cask.kind, age))
    lines.append("Total: %.0f litres" % warehouse.total_litres(day))
    return "\n".join(lines)
