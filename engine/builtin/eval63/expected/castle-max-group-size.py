"""Guided tours of the castle: slots, guides, group bookings and the day's tour sheet."""

import datetime as dt
from collections import Counter

TOUR_LENGTH_MINUTES = 75
MAX_GROUP_SIZE = 20
FIRST_TOUR = dt.time(10, 0)
LAST_TOUR = dt.time(15, 30)
ROUTES = ("keep", "ramparts", "dungeons", "great_hall")
CONCESSION_DISCOUNT = 0.25


class Guide:
    def __init__(self, name, routes, languages=("en",)):
        self.name = name
        self.routes = set(routes)
        self.languages = tuple(languages)
        self.tours_led = 0

    def can_lead(self, route, language="en"):
        return route in self.routes and language in self.languages


class TourSlot:
    def __init__(self, start, route, guide=None):
        self.start = start
        self.route = route
        self.guide = guide
        self.bookings = []

    def headcount(self):
        return sum(size for _, size in self.bookings)

    def places_left(self):
        return MAX_GROUP_SIZE - self.headcount()

    def book(self, party_name, size):
        if size > self.places_left():
            raise ValueError(f"not enough places on the {self.start:%H:%M} tour")
        self.bookings.append((party_name, size))
        return self.places_left()

    def quote(self, party_name, adults, concessions=0, season="summer"):
        self.book(party_name, adults + concessions)
        return ticket_price(adults, concessions, season=season)

    def sheet_line(self):
        guide_name = self.guide.name if self.guide else "(no guide)"
        start = dt.datetime.combine(dt.date.today(), self.start)
        finish = (start + dt.timedelta(minutes=TOUR_LENGTH_MINUTES)).time()
        return f"{self.start:%H:%M}-{finish:%H:%M} {self.route:<11} {guide_name:<12} {self.headcount():>2}"


def slot_times(day, interval_minutes=45):
    times = []
    current = dt.datetime.combine(day, FIRST_TOUR)
    last = dt.datetime.combine(day, LAST_TOUR)
    while current <= last:
        times.append(current.time())
        current += dt.timedelta(minutes=interval_minutes)
    return times


def ticket_price(adults, concessions, adult_price=14.0, season="summer"):
    concession_price = adult_price * (1 - CONCESSION_DISCOUNT)
    total = adults * adult_price + concessions * concession_price
    return round(total, 2)


def plan_day(day, guides, route_cycle=ROUTES, language="en"):
    slots = []
    unassigned = []
    for index, start in enumerate(slot_times(day)):
        slot = TourSlot(start, route_cycle[index % len(route_cycle)])
        slots.append(slot)
        free = [g for g in guides if g.can_lead(slot.route, language)]
        if not free:
            unassigned.append(slot)
            continue
        chosen = min(free, key=lambda g: g.tours_led)
        slot.guide = chosen
        chosen.tours_led += 1
    return slots, unassigned


def busiest_routes(slots, top=2):
    counts = Counter()
    for slot in slots:
        counts[slot.route] += slot.headcount()
    return counts.most_common(top)
