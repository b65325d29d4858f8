"""Roof surveys for a thatcher: coat depth, ridge wear and rethatch estimates."""

import math
from datetime import date

WATER_REED_LIFESPAN_YEARS = 50
LONG_STRAW_LIFESPAN_YEARS = 25
RIDGE_LIFESPAN_YEARS = 12
BUNDLES_PER_SQ_M = 8
MIN_COAT_DEPTH_MM = 150
DAY_RATE = 280


def lifespan_for(material):
    if material == "water reed":
        return WATER_REED_LIFESPAN_YEARS
    if material == "long straw":
        return LONG_STRAW_LIFESPAN_YEARS
    raise ValueError(f"unknown thatch material: {material}")


def roof_area(span_m, length_m, pitch_degrees=50):
    slope = (span_m / 2) / math.cos(math.radians(pitch_degrees))
    return 2 * slope * length_m


def rethatch_estimate(span_m, length_m, material="water reed", pitch_degrees=50,
                      bundle_price=4.2):
    area = roof_area(span_m, length_m, pitch_degrees=pitch_degrees)
    bundles = math.ceil(area * BUNDLES_PER_SQ_M)
    days = math.ceil(area / 6)
    if material == "long straw":
        days += 2
    cost = bundles * bundle_price + days * DAY_RATE
    return {"bundles": bundles, "days": days, "cost": round(cost, 2)}


class Roof:
    def __init__(self, address, material, thatched_year, span_m, length_m):
        self.address = address
        self.material = material
        self.thatched_year = thatched_year
        self.ridge_year = thatched_year
        self.span_m = span_m
        self.length_m = length_m
        self.coat_depth_mm = 300

    def age(self, today=None):
        today = today or date.today()
        return today.year - self.thatched_year

    def ridge_due(self, today=None):
        today = today or date.today()
        return today.year - self.ridge_year >= RIDGE_LIFESPAN_YEARS

    def remaining_years(self, today=None):
        left = lifespan_for(self.material) - self.age(today)
        if self.coat_depth_mm < MIN_COAT_DEPTH_MM:
            left = min(left, 2)
        return max(left, 0)

    def estimate(self, pitch_degrees=50):
        return rethatch_estimate(self.span_m, self.length_m, material=self.material,
                                 pitch_degrees=pitch_degrees)


class RoofRegister:
    def __init__(self, thatcher):
        self.thatcher = thatcher
        self.roofs = []
        self.visits = {}

    def add(self, roof):
        self.roofs.append(roof)
        self.visits.setdefault(roof.address, [])

    def record_visit(self, address, depth_mm, when=None):
        when = when or date.today()
        for roof in self.roofs:
            if roof.address == address:
                roof.coat_depth_mm = depth_mm
                self.visits[address].append((when, depth_mm))
                return roof
        raise KeyError(address)

    def urgent(self, today=None, horizon_years=3):
        found = []
        for roof in self.roofs:
            if roof.remaining_years(today) <= horizon_years or roof.ridge_due(today):
                found.append(roof)
        return found

    def order_book_value(self, today=None):
        total = 0.0
        for roof in self.urgent(today):
            total += roof.estimate()["cost"]
        return round(total, 2)

    def letter(self, roof, today=None):
        estimate = roof.estimate()
        return (
            f"Dear owner of {roof.address},\n"
            f"your {roof.material} roof is {roof.age(today)} years old and has about "
            f"{roof.remaining_years(today)} years left. A full rethatch would take "
            f"{estimate['days']} days and cost £{estimate['cost']:.2f}.\n"
            f"Yours, {self.thatcher}"
        )
