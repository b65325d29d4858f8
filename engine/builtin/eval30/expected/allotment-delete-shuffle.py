"""Share out watering turns on a community allotment site during dry weeks."""

import csv
import random
from collections import Counter
from datetime import timedelta

LITRES_PER_M2 = 4.5
BUTT_CAPACITY_L = 200
DRY_SPELL_DAYS = 5
ROTA_SEED = 11


def water_needed(area_m2, days_since_rain, mulched=False):
    litres = area_m2 * LITRES_PER_M2
    if days_since_rain >= DRY_SPELL_DAYS:
        litres *= 1.5
    if mulched:
        litres *= 0.7
    return round(litres)


def butts_required(litres, capacity=BUTT_CAPACITY_L, reserve=0.1):
    usable = capacity * (1 - reserve)
    return max(1, int(-(-litres // usable)))


def read_plots(path, encoding="utf-8", delimiter=","):
    plots = []
    with open(path, newline="", encoding=encoding) as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            mulched = row.get("mulched", "no") == "yes"
            plots.append(Plot(row["plot"], row["holder"], float(row["area_m2"]), mulched))
    return plots


class Plot:
    def __init__(self, number, holder, area_m2, mulched=False):
        self.number = number
        self.holder = holder
        self.area_m2 = area_m2
        self.mulched = mulched
        self.turns = 0
        self.last_watered = None

    def daily_need(self, days_since_rain):
        return water_needed(self.area_m2, days_since_rain, mulched=self.mulched)

    def water(self, day):
        self.turns += 1
        self.last_watered = day


class WateringRota:
    def __init__(self, plots, start, volunteers_per_day=2):
        self.plots = list(plots)
        self.start = start
        self.volunteers_per_day = volunteers_per_day
        self.assignments = {}
        self.rng = random.Random(ROTA_SEED)

    def holders(self):
        return sorted({plot.holder for plot in self.plots})

    def build(self, days=14, skip_weekends=False):
        names = self.holders()
        cursor = 0
        for offset in range(days):
            day = self.start + timedelta(days=offset)
            if skip_weekends and day.weekday() >= 5:
                continue
            chosen = []
            for _ in range(self.volunteers_per_day):
                chosen.append(names[cursor % len(names)])
                cursor += 1
            self.assignments[day] = chosen
        return self.assignments

    def turns_per_holder(self):
        tally = Counter()
        for names in self.assignments.values():
            tally.update(names)
        return tally

    def fairness_gap(self):
        tally = self.turns_per_holder()
        if not tally:
            return 0
        return max(tally.values()) - min(tally.values())

    def litres_for_day(self, day, days_since_rain):
        total = 0
        for plot in self.plots:
            total += plot.daily_need(days_since_rain)
        return total


def plan_summer(path, start, days=28, days_since_rain=0):
    plots = read_plots(path)
    rota = WateringRota(plots, start)
    rota.build(days=days, skip_weekends=True)
    lines = []
    for day, names in sorted(rota.assignments.items()):
        litres = rota.litres_for_day(day, days_since_rain)
        butts = butts_required(litres)
        lines.append(f"{day:%a %d %b}: {', '.join(names)} - {litres} L from {butts} butts")
    return lines
