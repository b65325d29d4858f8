"""Plan feedings for a sourdough starter kept in the fridge or on the counter."""

import math
from datetime import datetime, timedelta

DEFAULT_RATIO = (1, 2, 2)
PEAK_RISE_FACTOR = 2.0
FRIDGE_TEMP_C = 4.0
COUNTER_TEMP_C = 22.0
HOURS_TO_PEAK_AT_COUNTER = 6
DISCARD_KEEP_GRAMS = 20


def hours_to_peak(temp_c, ratio=DEFAULT_RATIO):
    starter, flour, water = ratio
    dilution = (flour + water) / starter
    base = HOURS_TO_PEAK_AT_COUNTER * (1 + math.log2(dilution) / 4)
    if temp_c <= FRIDGE_TEMP_C:
        return base * 12
    slowdown = 2 ** ((COUNTER_TEMP_C - temp_c) / 8)
    return round(base * slowdown, 1)


def feeding_amounts(total_grams, ratio=DEFAULT_RATIO, hydration_note=None):
    parts = sum(ratio)
    starter = round(total_grams * ratio[0] / parts)
    flour = round(total_grams * ratio[1] / parts)
    water = total_grams - starter - flour
    return {"starter": starter, "flour": flour, "water": water}


def next_feeding(last_fed, temp_c, ratio=DEFAULT_RATIO, margin_hours=1):
    peak = hours_to_peak(temp_c, ratio)
    return last_fed + timedelta(hours=peak + margin_hours)


class Starter:
    def __init__(self, name, flour_type="rye", weight_grams=100):
        self.name = name
        self.flour_type = flour_type
        self.weight_grams = weight_grams
        self.location = "counter"
        self.feedings = []
        self.rises = []

    def temperature(self):
        return FRIDGE_TEMP_C if self.location == "fridge" else COUNTER_TEMP_C

    def move_to(self, location):
        if location not in ("fridge", "counter"):
            raise ValueError("unknown location: " + location)
        self.location = location

    def feed(self, when, total_grams=150, ratio=DEFAULT_RATIO):
        amounts = feeding_amounts(total_grams, ratio, hydration_note=None)
        discarded = max(self.weight_grams - amounts["starter"], 0)
        self.weight_grams = total_grams
        self.feedings.append((when, amounts, discarded))
        return discarded

    def log_rise(self, when, height_mm, base_mm):
        factor = height_mm / base_mm
        self.rises.append((when, factor))
        return factor

    def is_active(self):
        if not self.rises:
            return False
        best = max(factor for _, factor in self.rises[-3:])
        return best >= PEAK_RISE_FACTOR

    def discard_total(self):
        return sum(discarded for _, _, discarded in self.feedings)

    def schedule(self, start, days=3):
        plan = []
        when = start
        end = start + timedelta(days=days)
        while when < end:
            plan.append(when)
            when = next_feeding(when, self.temperature())
        return plan


class BakeDay:
    def __init__(self, starter, bake_at, loaves=2):
        self.starter = starter
        self.bake_at = bake_at
        self.loaves = loaves
        self.levain_grams = 80 * loaves

    def build_time(self):
        peak = hours_to_peak(COUNTER_TEMP_C, (1, 5, 5))
        return self.bake_at - timedelta(hours=peak + 4)

    def checklist(self):
        build = self.build_time()
        amounts = feeding_amounts(self.levain_grams + DISCARD_KEEP_GRAMS, (1, 5, 5))
        steps = [
            "%s: take %s out of the fridge" % ((build - timedelta(hours=12)).strftime("%a %H:%M"), self.starter.name),
            "%s: build levain with %dg flour, %dg water" % (build.strftime("%a %H:%M"), amounts["flour"], amounts["water"]),
            "%s: mix dough for %d loaves" % ((build + timedelta(hours=6)).strftime("%a %H:%M"), self.loaves),
        ]
        if not self.starter.is_active():
            steps.insert(0, "starter sluggish: give it an extra feeding first")
        return steps


def plan_week(starter, bake_at, now=None):
    now = now or datetime.now()
    bake = BakeDay(starter, bake_at)
    feeds = starter.schedule(now, days=max((bake_at - now).days, 1))
    return feeds, bake.checklist()
