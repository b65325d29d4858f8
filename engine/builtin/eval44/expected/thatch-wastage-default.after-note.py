"""Quotes for thatched roofs: coat work, ridges and labour."""

import math
from collections import namedtuple

REED_BUNDLES_PER_M2 = 9
STRAW_BUNDLES_PER_M2 = 12
RIDGE_RATE_PER_M = 85.0
DAY_RATE = 260.0
VAT_RATE = 0.2
MATERIAL_PRICES = {"water_reed": 4.1, "long_straw": 3.2, "combed_wheat": 3.6}
RIDGE_PATTERNS = ("flush", "block", "scalloped")

RoofFace = namedtuple("RoofFace", ["name", "width_m", "rafter_m"])


def face_area(face, overhang_m=0.3):
    return (face.width_m + 2 * overhang_m) * (face.rafter_m + overhang_m)


def bundles_needed(area_m2, material="water_reed", wastage=0.12):
    if material == "water_reed":
        per_m2 = REED_BUNDLES_PER_M2
    else:
        per_m2 = STRAW_BUNDLES_PER_M2
    return math.ceil(area_m2 * per_m2 * (1 + wastage))


def labour_days(area_m2, pitch_deg, crew_size=2, access="scaffold"):
    base = area_m2 / (6.5 * crew_size)
    if pitch_deg > 50:
        base *= 1.15
    return math.ceil(base * 2) / 2


def ridge_cost(length_m, pattern="block"):
    if pattern not in RIDGE_PATTERNS:
        raise ValueError("unknown ridge pattern: " + pattern)
    rate = RIDGE_RATE_PER_M
    if pattern == "scalloped":
        rate *= 1.3
    return round(length_m * rate, 2)


class Quote:
    """A priced quote for rethatching one roof."""

    def __init__(self, customer, faces, material="water_reed", pitch_deg=45):
        self.customer = customer
        self.faces = list(faces)
        self.material = material
        self.pitch_deg = pitch_deg
        self.overhang_m = 0.3
        self.ridge_length_m = 0.0
        self.ridge_pattern = "block"
        self.discount = 0.0

    def total_area(self):
        return sum(face_area(face, overhang_m=self.overhang_m) for face in self.faces)

    def material_cost(self):
        bundle_count = bundles_needed(self.total_area(), material=self.material)
        price = MATERIAL_PRICES[self.material]
        return round(bundle_count * price, 2)

    def labour_cost(self, crew_size=2):
        days = labour_days(
            self.total_area(), self.pitch_deg, crew_size=crew_size, access="scaffold"
        )
        return days * DAY_RATE * crew_size

    def set_ridge(self, length_m, pattern="block"):
        self.ridge_length_m = length_m
        self.ridge_pattern = pattern

    def apply_discount(self, fraction):
        if not 0 <= fraction < 0.5:
            raise ValueError("discount out of range")
        self.discount = fraction

    def net_total(self):
        subtotal = self.material_cost() + self.labour_cost()
        if self.ridge_length_m:
            subtotal += ridge_cost(self.ridge_length_m, self.ridge_pattern)
        return round(subtotal * (1 - self.discount), 2)

    def gross_total(self):
        return round(self.net_total() * (1 + VAT_RATE), 2)


class QuoteBook:
    def __init__(self):
        self.quotes = {}
        self.next_number = 1

    def add(self, quote):
        number = "Q%04d" % self.next_number
        self.quotes[number] = quote
        self.next_number += 1
        return number

    def total_value(self):
        return sum(q.gross_total() for q in self.quotes.values())

    def largest(self):
        if not self.quotes:
            return None
        return max(self.quotes.items(), key=lambda item: item[1].gross_total())
