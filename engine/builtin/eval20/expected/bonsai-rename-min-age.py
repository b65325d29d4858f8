"""Stock and care schedule for a bonsai nursery."""

from dataclasses import dataclass
from datetime import date, timedelta

WATERING_INTERVAL_DAYS = 3
REPOT_YEARS = 2
MINIMUM_SALE_AGE = 5
POT_MARKUP = 1.4


@dataclass
class Tree:
    tag: str
    species: str
    planted: date
    style: str
    height_cm: float
    last_watered: date
    last_repotted: date


class CareLog:
    def __init__(self):
        self.entries = []

    def record(self, tag, task, when):
        self.entries.append((tag, task, when))

    def history(self, tag):
        return [(task, when) for t, task, when in self.entries if t == tag]

    def last_done(self, tag, task):
        dates = [when for t, k, when in self.entries if t == tag and k == task]
        return max(dates) if dates else None


class Bench:
    def __init__(self, label, capacity):
        self.label = label
        self.capacity = capacity
        self.trees = []

    def place(self, tree):
        if len(self.trees) >= self.capacity:
            raise RuntimeError(f"bench {self.label} is full")
        self.trees.append(tree)

    def remove(self, tag):
        self.trees = [t for t in self.trees if t.tag != tag]


def age_in_years(tree, today):
    return (today - tree.planted).days // 365


def needs_water(tree, today):
    return (today - tree.last_watered).days >= WATERING_INTERVAL_DAYS


def needs_repot(tree, today):
    return (today - tree.last_repotted).days >= REPOT_YEARS * 365


def watering_round(bench, log, today):
    watered = []
    for tree in bench.trees:
        if needs_water(tree, today):
            tree.last_watered = today
            log.record(tree.tag, "water", today)
            watered.append(tree.tag)
    return watered


def sale_price(tree, today, pot_cost):
    years = age_in_years(tree, today)
    if years < MINIMUM_SALE_AGE:
        return None
    base = 25 + years * 12
    if tree.style == "cascade":
        base *= 1.3
    return round(base + pot_cost * POT_MARKUP, 2)


def price_list(benches, today, pot_cost=18.0):
    prices = {}
    for bench in benches:
        for tree in bench.trees:
            price = sale_price(tree, today, pot_cost)
            if price is not None:
                prices[tree.tag] = price
    return prices


def next_repot(tree):
    return tree.last_repotted + timedelta(days=REPOT_YEARS * 365)


def busiest_bench(benches):
    best = None
    for bench in benches:
        if best is None or len(bench.trees) > len(best.trees):
            best = bench
    return best


def species_count(benches):
    counts = {}
    for bench in benches:
        for tree in bench.trees:
            counts[tree.species] = counts.get(tree.species, 0) + 1
    return counts


def care_summary(log, tag):
    rows = log.history(tag)
    parts = [f"{task} on {when.isoformat()}" for task, when in rows]
    return "; ".join(parts) or "no care recorded"
