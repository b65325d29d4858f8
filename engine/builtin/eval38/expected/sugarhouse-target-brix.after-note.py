"""Boiling log for a maple sugarhouse: sap deliveries, evaporator draw-offs and syrup grading."""

import statistics
from datetime import datetime, timedelta

SAP_TO_SYRUP_RATIO = 40
TARGET_BRIX = 67.0
BOILING_POINT_OFFSET = 7.1
GRADE_BANDS = (
    (75.0, "Golden, Delicate"),
    (50.0, "Amber, Rich"),
    (25.0, "Dark, Robust"),
    (0.0, "Very Dark, Strong"),
)


def rule_of_86(sugar_percent):
    if sugar_percent <= 0:
        raise ValueError("sap sugar content must be positive")
    return 86 / sugar_percent


def expected_syrup(sap_gallons, sugar_percent=None):
    ratio = rule_of_86(sugar_percent) if sugar_percent else SAP_TO_SYRUP_RATIO
    return round(sap_gallons / ratio, 2)


def grade_for_transmittance(light_transmittance, default="Unclassified"):
    for floor, label in GRADE_BANDS:
        if light_transmittance >= floor:
            return label
    return default


def draw_off_temperature(water_boiling_point=212.0, offset=BOILING_POINT_OFFSET, altitude_ft=0):
    return round(water_boiling_point + offset, 1)


class SapDelivery:
    def __init__(self, tank, gallons, sugar_percent, received=None):
        self.tank = tank
        self.gallons = gallons
        self.sugar_percent = sugar_percent
        self.received = received or datetime.now()

    def is_stale(self, now, max_age_hours):
        return now - self.received > timedelta(hours=max_age_hours)


class BoilingLog:
    def __init__(self, season, water_boiling_point=212.0, elevation_ft=0):
        self.season = season
        self.water_boiling_point = water_boiling_point
        self.elevation_ft = elevation_ft
        self.deliveries = []
        self.draws = []

    def receive(self, tank, gallons, sugar_percent, received=None):
        delivery = SapDelivery(tank, gallons, sugar_percent, received)
        self.deliveries.append(delivery)
        return delivery

    def draw_off(self, gallons, brix, transmittance, when=None):
        if brix < TARGET_BRIX:
            raise ValueError(f"syrup at {brix} Brix is too thin to draw off")
        grade = grade_for_transmittance(transmittance)
        self.draws.append({"gallons": gallons, "brix": brix, "grade": grade, "when": when or datetime.now()})
        return grade

    def sap_on_hand(self):
        return sum(delivery.gallons for delivery in self.deliveries)

    def mean_sugar(self):
        if not self.deliveries:
            return 0.0
        return statistics.mean(delivery.sugar_percent for delivery in self.deliveries)

    def projected_syrup(self):
        return expected_syrup(self.sap_on_hand(), self.mean_sugar())

    def syrup_made(self):
        return round(sum(draw["gallons"] for draw in self.draws), 2)

    def efficiency(self):
        projected = self.projected_syrup()
        if projected == 0:
            return 0.0
        return round(self.syrup_made() / projected, 3)

    def discard_stale(self, now=None, max_age_hours=36):
        now = now or datetime.now()
        kept = [delivery for delivery in self.deliveries if not delivery.is_stale(now, max_age_hours=max_age_hours)]
        dropped = len(self.deliveries) - len(kept)
        self.deliveries = kept
        return dropped

    def report(self):
        draw_temp = draw_off_temperature(self.water_boiling_point, altitude_ft=self.elevation_ft)
        lines = [f"Season {self.season}: draw off at {draw_temp} F"]
        lines.append(f"Sap on hand: {self.sap_on_hand()} gal, mean sugar {self.mean_sugar():.1f}%")
        for draw in self.draws:
            lines.append(f"  {draw['when']:%d %b %H:%M}  {draw['gallons']} gal  {draw['brix']} Bx  {draw['grade']}")
        lines.append(f"Syrup made: {self.syrup_made()} gal ({self.efficiency():.0%} of projection)")
        return "\n".join(lines)
