"""Sailing timetable and passenger counts for a paddle steamer."""

import math
from datetime import date

PIER_CALLS = ("Clevedon", "Penarth", "Minehead", "Ilfracombe")
PASSENGER_CAPACITY = 620
CREW_PER_HUNDRED = 3
TIDE_WINDOW_MINUTES = 45


def crew_needed(passengers, per_hundred=CREW_PER_HUNDRED):
    return max(6, math.ceil(passengers / 100) * per_hundred)


def fare_for(adult, child, concession=0, adult_price=24.5):
    child_price = adult_price / 2
    concession_price = adult_price * 0.8
    return round(adult * adult_price + child * child_price + concession * concession_price, 2)


def pier_order(calls, reverse=False, weather=None):
    ordered = [pier for pier in PIER_CALLS if pier in calls]
    if reverse:
        ordered.reverse()
    return ordered


def minutes_from_high_water(departs, high_water):
    return abs((departs.hour * 60 + departs.minute) - (high_water.hour * 60 + high_water.minute))


class Sailing:
    def __init__(self, day, departs, calls, outbound=True):
        self.day = day
        self.departs = departs
        self.calls = list(calls)
        self.outbound = outbound
        self.tickets = {"adult": 0, "child": 0, "concession": 0}
        self.cancelled = False

    def book(self, kind, count=1):
        if kind not in self.tickets:
            raise KeyError("unknown ticket type: " + kind)
        if self.passengers() + count > PASSENGER_CAPACITY:
            raise ValueError("sailing full")
        self.tickets[kind] += count

    def passengers(self):
        return sum(self.tickets.values())

    def route(self):
        return pier_order(self.calls, reverse=not self.outbound, weather="fair")

    def tide_ok(self, high_water):
        return minutes_from_high_water(self.departs, high_water) <= TIDE_WINDOW_MINUTES

    def takings(self):
        return fare_for(self.tickets["adult"], self.tickets["child"], concession=self.tickets["concession"])

    def cancel(self, reason="weather"):
        self.cancelled = True
        return "Sailing on %s cancelled: %s" % (self.day.isoformat(), reason)


class Season:
    def __init__(self, name, opens, closes):
        self.name = name
        self.opens = opens
        self.closes = closes
        self.sailings = []

    def add(self, sailing):
        if not (self.opens <= sailing.day <= self.closes):
            raise ValueError("outside the season")
        self.sailings.append(sailing)

    def running(self):
        return [s for s in self.sailings if not s.cancelled]

    def crew_plan(self):
        plan = {}
        for sailing in self.running():
            plan[sailing.day] = crew_needed(sailing.passengers())
        return plan

    def season_takings(self, include_cancelled=False):
        total = 0.0
        for sailing in self.sailings:
            if sailing.cancelled and not include_cancelled:
                continue
            total += sailing.takings()
        return round(total, 2)


def season_for_year(year, opens_month=5, closes_month=9):
    return Season(str(year), date(year, opens_month, 1), date(year, closes_month, 30))
