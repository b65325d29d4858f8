"""Job sheets for a dry-stone waller: walls, stone tonnage and day rates."""

import csv
import math
from dataclasses import dataclass, field

TONNES_PER_M3 = 1.6
VOID_FRACTION = 0.25
DAY_RATE = 210.0
METRES_PER_DAY = 2.5
COPE_STYLES = ("buck_and_doe", "flat", "cock_and_hen")
STONE_PRICES = {"gritstone": 68.0, "limestone": 55.0, "slate": 90.0}


def stone_tonnes(volume_m3, reuse_fraction=0.0):
    solid = volume_m3 * (1 - VOID_FRACTION)
    needed = solid * TONNES_PER_M3 * (1 - reuse_fraction)
    return round(needed, 1)


def days_for(length_m, height_m, gappers=1, weather="fair"):
    rate = METRES_PER_DAY * gappers
    if height_m > 1.4:
        rate *= 0.8
    return math.ceil(length_m / rate * 2) / 2


def load_stone_prices(path):
    prices = dict(STONE_PRICES)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            prices[row["stone"]] = float(row["price_per_tonne"])
    return prices


@dataclass
class WallSection:
    name: str
    length_m: float
    height_m: float
    cope: str = "buck_and_doe"
    reuse_fraction: float = 0.3

    def volume(self, base_width_m=0.7, top_width_m=0.35):
        mean_width = (base_width_m + top_width_m) / 2
        return self.length_m * self.height_m * mean_width

    def tonnes(self):
        return stone_tonnes(self.volume(), reuse_fraction=self.reuse_fraction)


@dataclass
class Job:
    client: str
    stone: str = "gritstone"
    sections: list = field(default_factory=list)
    gappers: int = 1
    deposit_paid: bool = False

    def add_section(self, name, length_m, height_m, cope="buck_and_doe"):
        if cope not in COPE_STYLES:
            raise ValueError("unknown cope style: " + cope)
        section = WallSection(name, length_m, height_m, cope)
        self.sections.append(section)
        return section

    def total_length(self):
        return sum(s.length_m for s in self.sections)

    def stone_needed(self):
        return round(sum(s.tonnes() for s in self.sections), 1)

    def labour_days(self):
        days = 0.0
        for section in self.sections:
            days += days_for(section.length_m, section.height_m, self.gappers, weather="fair")
        return days

    def estimate(self, prices=None):
        prices = prices or STONE_PRICES
        stone_cost = self.stone_needed() * prices[self.stone]
        labour = self.labour_days() * DAY_RATE * self.gappers
        print("estimate for", self.client, stone_cost, labour)
        return round(stone_cost + labour, 2)

    def deposit(self, fraction=0.25):
        return round(self.estimate() * fraction, 2)


def schedule(jobs, start_day=0):
    jobs = sorted(jobs, key=lambda job: job.client)
    plan = []
    day = start_day
    for job in jobs:
        length = job.labour_days()
        plan.append((job.client, day, day + length))
        day += length
    return plan
