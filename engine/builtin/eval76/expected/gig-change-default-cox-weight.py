"""Crew sheets and outings for a coastal gig rowing club."""

import csv
from datetime import date

SEATS_PER_GIG = 6
MIN_SWIM_TEST_YEARS = 2
SEA_STATE_LIMIT = 4
POSITIONS = ("stroke", "five", "four", "three", "two", "bow")


def seat_order(rowers, cox=None, gig=None):
    order = list(rowers[:SEATS_PER_GIG])
    if cox is not None:
        order.append(cox)
    return order


def can_launch(sea_state, wind_knots, limit=SEA_STATE_LIMIT):
    if sea_state > limit:
        return False
    return wind_knots < 22


def crew_weight(weights, include_cox=False, cox_weight=0.0):
    total = sum(weights)
    if include_cox:
        total += cox_weight
    return round(total, 1)


class Rower:
    def __init__(self, name, side, swim_tested, weight_kg=75.0):
        self.name = name
        self.side = side
        self.swim_tested = swim_tested
        self.weight_kg = weight_kg
        self.outings = 0

    def eligible(self, today=None, years=MIN_SWIM_TEST_YEARS):
        today = today or date.today()
        return (today.year - self.swim_tested.year) <= years

    def record_outing(self):
        self.outings += 1
        return self.outings


class CrewSheet:
    def __init__(self, gig, outing_date, cox=None):
        self.gig = gig
        self.outing_date = outing_date
        self.cox = cox
        self.rowers = []
        self.notes = []

    def add_rower(self, rower):
        if len(self.rowers) >= SEATS_PER_GIG:
            raise ValueError(f"gig {self.gig} already has {SEATS_PER_GIG} rowers")
        if not rower.eligible(today=self.outing_date):
            raise ValueError(f"{rower.name} needs a swim test")
        self.rowers.append(rower)

    def balanced(self):
        stroke_side = sum(1 for rower in self.rowers if rower.side == "stroke")
        bow_side = len(self.rowers) - stroke_side
        return abs(stroke_side - bow_side) <= 1

    def positions(self):
        names = seat_order([rower.name for rower in self.rowers], cox=self.cox, gig=self.gig)
        return dict(zip(POSITIONS + ("cox",), names))

    def total_weight(self, cox_weight=65.0):
        weights = [rower.weight_kg for rower in self.rowers]
        return crew_weight(weights, include_cox=self.cox is not None, cox_weight=cox_weight)

    def launch(self, sea_state, wind_knots):
        if not can_launch(sea_state, wind_knots):
            self.notes.append(f"stood down: sea state {sea_state}, wind {wind_knots} kn")
            return False
        for rower in self.rowers:
            rower.record_outing()
        self.notes.append("launched")
        return True

    def write_csv(self, path):
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["gig", "date", "position", "name"])
            for position, name in self.positions().items():
                writer.writerow([self.gig, self.outing_date.isoformat(), position, name])
        return path


def read_rowers(path):
    rowers = []
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            tested = date.fromisoformat(row["swim_tested"])
            rowers.append(Rower(row["name"], row["side"], tested, float(row["weight_kg"])))
    return rowers
