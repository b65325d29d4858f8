"""Trip scheduling and boarding for a glass-bottom boat tour operator."""

import logging
from collections import defaultdict
from datetime import datetime, timedelta

log = logging.getLogger(__name__)

BOAT_CAPACITY = 28
TRIP_MINUTES = 75
MIN_VISIBILITY_M = 4.0
CHILD_DISCOUNT = 0.5
ADULT_FARE = 32.0
DEPARTURE_DOCK = "north pier"


def fare_for(adults, children=0, member=False):
    total = adults * ADULT_FARE + children * ADULT_FARE * (1 - CHILD_DISCOUNT)
    if member:
        total *= 0.9
    return round(total, 2)


def sea_conditions_ok(visibility_m, wave_height_m, wind_knots=10):
    if visibility_m < MIN_VISIBILITY_M:
        return False
    if wave_height_m > 1.2:
        return False
    return wind_knots <= 20


def build_schedule(first_departure, trips, gap_minutes=30, season="summer"):
    departures = []
    current = first_departure
    for _ in range(trips):
        departures.append(current)
        current = current + timedelta(minutes=TRIP_MINUTES + gap_minutes)
    return departures


class Trip:
    def __init__(self, departs_at, skipper, capacity=BOAT_CAPACITY):
        self.departs_at = departs_at
        self.skipper = skipper
        self.capacity = capacity
        self.manifest = []
        self.cancelled = False

    def seats_left(self):
        taken = sum(party["size"] for party in self.manifest)
        return self.capacity - taken

    def board(self, name, adults, children=0, wheelchair=False):
        size = adults + children
        if self.cancelled:
            raise RuntimeError("trip was cancelled")
        if size > self.seats_left():
            return None
        party = {"name": name, "size": size, "fare": fare_for(adults, children)}
        self.manifest.append(party)
        log.info("boarded %s (%d) on %s", name, size, self.departs_at)
        return party

    def returns_at(self):
        return self.departs_at + timedelta(minutes=TRIP_MINUTES)

    def takings(self):
        return round(sum(party["fare"] for party in self.manifest), 2)


class Fleet:
    def __init__(self, skippers):
        self.skippers = list(skippers)
        self.trips = []

    def plan_day(self, day, trips_per_boat=4):
        start = datetime(day.year, day.month, day.day, 9, 30)
        for index, skipper in enumerate(self.skippers):
            offset = start + timedelta(minutes=15 * index)
            for departs in build_schedule(offset, trips_per_boat, season="summer"):
                self.trips.append(Trip(departs, skipper))
        return len(self.trips)

    def cancel_for_weather(self, visibility_m, wave_height_m, wind_knots=10):
        if sea_conditions_ok(visibility_m, wave_height_m, wind_knots=wind_knots):
            return 0
        count = 0
        for trip in self.trips:
            if not trip.cancelled:
                trip.cancelled = True
                count += 1
        log.warning("cancelled %d trips at %s", count, DEPARTURE_DOCK)
        return count

    def daily_report(self):
        by_skipper = defaultdict(float)
        for trip in self.trips:
            if not trip.cancelled:
                by_skipper[trip.skipper] += trip.takings()
        return dict(by_skipper)
