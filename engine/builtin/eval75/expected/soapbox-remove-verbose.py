"""Run sheets for a soap box derby: heats, timings and the final standings."""

from __future__ import annotations

import csv
import math
from collections import defaultdict
from pathlib import Path

TRACK_LENGTH_METRES = 420
PENALTY_SECONDS = 2.5
MAX_CART_WEIGHT_KG = 90
CLASSES = ("junior", "senior", "open")


class Cart:
    def __init__(self, number, driver, weight_kg, category="open"):
        self.number = number
        self.driver = driver
        self.weight_kg = weight_kg
        self.category = category
        self.runs = []

    def is_legal(self):
        return self.weight_kg <= MAX_CART_WEIGHT_KG and self.category in CLASSES

    def record_run(self, seconds, cones_hit=0):
        adjusted = seconds + cones_hit * PENALTY_SECONDS
        self.runs.append(adjusted)
        return adjusted

    def best_time(self):
        if not self.runs:
            return math.inf
        return min(self.runs)

    def average_speed(self):
        best = self.best_time()
        if best == math.inf:
            return 0.0
        return TRACK_LENGTH_METRES / best * 3.6


def load_carts(path, delimiter=","):
    carts = {}
    with Path(path).open(newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            cart = Cart(int(row["number"]), row["driver"], float(row["weight"]), row["class"])
            carts[cart.number] = cart
    return carts


def apply_times(carts, times, penalties=None):
    penalties = penalties or {}
    applied = 0
    for number, seconds in times.items():
        cart = carts.get(number)
        if cart is None or not cart.is_legal():
            continue
        cart.record_run(seconds, cones_hit=penalties.get(number, 0))
        applied += 1
    return applied


def standings(carts, category=None, limit=10):
    ranked = [cart for cart in carts.values() if category is None or cart.category == category]
    ranked.sort(key=lambda cart: cart.best_time())
    return ranked[:limit]


def penalty_total(cones_by_cart):
    return sum(cones * PENALTY_SECONDS for cones in cones_by_cart.values())


class DerbyDay:
    def __init__(self, venue, carts):
        self.venue = venue
        self.carts = carts
        self.heat_count = 0

    def run_heat(self, times, penalties=None):
        self.heat_count += 1
        return apply_times(self.carts, times, penalties)

    def podium(self, category="open"):
        top = standings(self.carts, category=category, limit=3)
        return [(cart.number, cart.driver, round(cart.best_time(), 2)) for cart in top]

    def results_by_class(self):
        grouped = defaultdict(list)
        for cart in standings(self.carts, limit=len(self.carts)):
            grouped[cart.category].append(cart.number)
        return dict(grouped)

    def illegal_carts(self):
        return sorted(number for number, cart in self.carts.items() if not cart.is_legal())

    def summary(self):
        fastest = standings(self.carts, limit=1)
        leader = fastest[0].driver if fastest else "nobody"
        return f"{self.venue}: {self.heat_count} heats, leader {leader}"
