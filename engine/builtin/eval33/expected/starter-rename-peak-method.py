"""Starter feeding schedule for a neighbourhood sourdough bakery.

Each jar of starter is fed at a ratio of old starter to flour to water; the
schedule says when to feed each jar and how much to keep so there is enough
levain when the dough is mixed on bake morning.
"""

import math
from datetime import datetime, timedelta

FEED_RATIO = (1, 5, 5)
PEAK_HOURS = {"rye": 6, "white": 8, "spelt": 7}
FRIDGE_SLOWDOWN = 3.0
MIN_JAR_GRAMS = 50
LOAF_LEVAIN_GRAMS = 180


class StarterJar:
    def __init__(self, name, flour, grams, in_fridge=False):
        self.name = name
        self.flour = flour
        self.grams = grams
        self.in_fridge = in_fridge
        self.last_fed = None

    def rise_hours(self):
        hours = PEAK_HOURS.get(self.flour, 8)
        if self.in_fridge:
            hours *= FRIDGE_SLOWDOWN
        return hours

    def feed(self, when, keep_grams=MIN_JAR_GRAMS):
        seed, flour, water = FEED_RATIO
        unit = keep_grams / seed
        self.grams = keep_grams + unit * (flour + water)
        self.last_fed = when
        return round(unit * flour), round(unit * water)

    def peaks_at(self):
        if self.last_fed is None:
            return None
        return self.last_fed + timedelta(hours=self.rise_hours())


class BakePlan:
    def __init__(self, bake_day, loaves):
        self.bake_day = bake_day
        self.loaves = loaves
        self.jars = []

    def levain_needed(self):
        return self.loaves * LOAF_LEVAIN_GRAMS

    def add_jar(self, jar):
        self.jars.append(jar)
        self.jars.sort(key=lambda j: j.name)

    def shortfall(self):
        available = sum(j.grams for j in self.jars)
        return max(0, self.levain_needed() - available)

    def describe(self, rows, width=10):
        out = ["Bake on " + self.bake_day.isoformat() + ": " + str(self.loaves) + " loaves"]
        for when, name, keep, flour, water in rows:
            grams = str(keep) + "g + " + str(flour) + "g flour + " + str(water) + "g water"
            out.append(when + "  " + name.ljust(width) + " keep " + grams)
        return "\n".join(out)


def parse_jar_line(line):
    name, flour, grams = line.split(",")
    return StarterJar(name.strip(), flour.strip().lower(), int(grams))


def keep_for_target(target_grams, ratio=FEED_RATIO):
    parts = sum(ratio)
    return math.ceil(target_grams * ratio[0] / parts)


def feeding_time(jar, mix_at, buffer_hours=1):
    hours = jar.rise_hours() + buffer_hours
    return mix_at - timedelta(hours=hours)


def schedule(plan, mix_hour=6):
    mix_at = datetime.combine(plan.bake_day, datetime.min.time()).replace(hour=mix_hour)
    per_jar = plan.levain_needed() / max(1, len(plan.jars))
    rows = []
    for jar in plan.jars:
        keep = keep_for_target(per_jar)
        when = feeding_time(jar, mix_at)
        flour, water = jar.feed(when, keep_grams=max(keep, MIN_JAR_GRAMS))
        rows.append((when.strftime("%a %H:%M"), jar.name, keep, flour, water))
    return rows
