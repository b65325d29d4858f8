"""Guided tours of a tide-pool museum's outdoor pools, booked around low water."""

import json
from datetime import datetime, timedelta

TOUR_MINUTES = 45
GROUP_LIMIT = 12
LOW_TIDE_MARGIN = timedelta(minutes=90)
POOLS = ("anemone", "rockpool", "kelp", "crab ledge")
CHILD_PRICE = 4.5
ADULT_PRICE = 8.0


def load_tide_times(path, key="low_water"):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    return [datetime.fromisoformat(stamp) for stamp in data[key]]


def tour_slots(low_water, length=TOUR_MINUTES, margin=LOW_TIDE_MARGIN, spacing=15):
    """Return tour start times spaced around one low water."""
    slots = []
    start = low_water - margin
    end = low_water + margin - timedelta(minutes=length)
    while start <= end:
        slots.append(start)
        start += timedelta(minutes=spacing)
    return slots


def ticket_price(adults, children, member=False, discount=0.1):
    total = adults * ADULT_PRICE + children * CHILD_PRICE
    if member:
        total -= total * discount
    return round(total, 2)


class Tour:
    def __init__(self, start, guide, pool="rockpool", capacity=GROUP_LIMIT):
        self.start = start
        self.guide = guide
        self.pool = pool
        self.capacity = capacity
        self.bookings = []

    def places_left(self):
        return self.capacity - sum(adults + children for _, adults, children in self.bookings)

    def book(self, name, adults, children=0):
        party = adults + children
        if party > self.places_left():
            return False
        self.bookings.append((name, adults, children))
        return True

    def takings(self, member_names=()):
        total = 0.0
        for name, adults, children in self.bookings:
            total += ticket_price(adults, children, member=name in member_names)
        return total


class TourDay:
    def __init__(self, day, guides):
        self.day = day
        self.guides = list(guides)
        self.tours = []

    def schedule(self, tide_path, pool_cycle=POOLS, label="tours"):
        lows = [t for t in load_tide_times(tide_path) if t.date() == self.day]
        lows.sort()
        for low in lows:
            for index, start in enumerate(tour_slots(low)):
                guide = self.guides[index % len(self.guides)]
                pool = pool_cycle[index % len(pool_cycle)]
                self.tours.append(Tour(start, guide, pool))
        return len(self.tours)

    def find_tour(self, when, pool=None):
        for tour in self.tours:
            if tour.start == when and (pool is None or tour.pool == pool):
                return tour
        return None

    def day_report(self, member_names=()):
        lines = [f"Tide-pool tours, {self.day:%A %d %B}"]
        booked = 0
        for tour in self.tours:
            taken = tour.capacity - tour.places_left()
            booked += taken
            lines.append(f"{tour.start:%H:%M} {tour.pool:<11} {tour.guide:<10} {taken}/{tour.capacity}")
        lines.append(f"Visitors booked: {booked}")
        return "\n".join(lines)
