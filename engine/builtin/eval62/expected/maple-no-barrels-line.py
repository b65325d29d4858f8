"""Boil log for the sugar shack: sap deliveries, evaporator boils and syrup grading."""

import datetime
import math

SAP_TO_SYRUP_RATIO = 40
FINISH_BRIX = 66.9
DRAW_OFF_TEMP_F = 219
BARREL_LITRES = 200
GRADE_BANDS = (
    (75, "golden, delicate"),
    (50, "amber, rich"),
    (25, "dark, robust"),
    (0, "very dark, strong"),
)


class SapDelivery:
    """Sap brought in from one sugarbush line."""

    def __init__(self, line_name, litres, sugar_percent=2.0, received_at=None):
        self.line_name = line_name
        self.litres = litres
        self.sugar_percent = sugar_percent
        self.received_at = received_at or datetime.datetime.now()

    def expected_syrup(self):
        return syrup_yield(self.litres, self.sugar_percent)


class Boil:
    """One evaporator run from firing up to the last draw-off."""

    def __init__(self, boil_no, started_at, evaporator="front pan"):
        self.boil_no = boil_no
        self.started_at = started_at
        self.evaporator = evaporator
        self.deliveries = []
        self.draws = []
        self.cords_burned = 0.0

    def feed(self, delivery):
        self.deliveries.append(delivery)
        return sum(d.litres for d in self.deliveries)

    def draw_off(self, litres, light_transmittance, temp_f=DRAW_OFF_TEMP_F):
        if temp_f < DRAW_OFF_TEMP_F:
            raise ValueError(f"syrup at {temp_f}F is not ready to draw")
        self.draws.append((litres, grade_for(light_transmittance)))
        return litres

    def syrup_made(self):
        return sum(litres for litres, _ in self.draws)

    def efficiency(self):
        sap = sum(d.litres for d in self.deliveries)
        if sap == 0:
            return 0.0
        return self.syrup_made() * SAP_TO_SYRUP_RATIO / sap


def syrup_yield(sap_litres, sugar_percent=2.0):
    ratio = 86 / sugar_percent
    return round(sap_litres / ratio, 1)


def grade_for(light_transmittance):
    for floor, grade in GRADE_BANDS:
        if light_transmittance >= floor:
            return grade
    return GRADE_BANDS[-1][1]


def barrels_needed(boils, fill_fraction=0.9):
    total = sum(boil.syrup_made() for boil in boils)
    return math.ceil(total / (BARREL_LITRES * fill_fraction))


def grade_totals(boils):
    totals = {}
    for boil in boils:
        for litres, grade in boil.draws:
            totals[grade] = totals.get(grade, 0) + litres
    return totals


def season_log(boils, shack_name, opened_on=None):
    if opened_on is None:
        opened_on = min(boil.started_at for boil in boils).date()
    lines = [f"{shack_name} - season from {opened_on:%d %b}"]
    for boil in sorted(boils, key=lambda b: b.boil_no):
        made = boil.syrup_made()
        lines.append(
            f"boil {boil.boil_no:>2}  {boil.started_at:%d %b %H:%M}  "
            f"{made:6.1f} L  eff {boil.efficiency():.2f}  wood {boil.cords_burned} cords"
        )
    for grade, litres in grade_totals(boils).items():
        lines.append(f"  {grade}: {litres} L")
    return "\n".join(lines)
