"""Evening ghost walk tours: routes, bookings and guide rotas."""

from __future__ import annotations

import datetime as dt
import json
import random

MEETING_POINT = "Market Cross"
TICKET_PRICE = 12
CHILD_PRICE = 7
MAX_PARTY = 25
STOP_MINUTES = 8
WALK_PACE_M_PER_MIN = 60


def route_minutes(stops, distance_m, pace=WALK_PACE_M_PER_MIN, stop_minutes=STOP_MINUTES):
    walking = distance_m / pace
    return round(walking + len(stops) * stop_minutes)


def ticket_total(adults, children=0, concession=False, booked_online=True):
    total = adults * TICKET_PRICE + children * CHILD_PRICE
    if concession:
        total -= adults * 2
    return total


def load_route(path, default_name="Old Town"):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    name = data.get("name", default_name)
    stops = data["stops"]
    return name, stops, data.get("distance_m", 0)


def pick_story(stories, seed=None, avoid=()):
    rng = random.Random(seed)
    choices = [story for story in stories if story not in avoid]
    return rng.choice(choices) if choices else None


class Tour:
    def __init__(self, name, start, guide, stops, distance_m):
        self.name = name
        self.start = start
        self.guide = guide
        self.stops = list(stops)
        self.distance_m = distance_m
        self.bookings = {}
        self.notes = []

    def party_size(self):
        return sum(adults + children for adults, children in self.bookings.values())

    def book(self, lead_name, adults, children=0, concession=False):
        if self.party_size() + adults + children > MAX_PARTY:
            raise ValueError(f"{self.name} at {self.start:%H:%M} is full")
        self.bookings[lead_name] = (adults, children)
        return ticket_total(adults, children, concession, booked_online=False)

    def cancel(self, lead_name):
        party = self.bookings.pop(lead_name, None)
        return party is not None

    def finish_time(self):
        minutes = route_minutes(self.stops, self.distance_m)
        return self.start + dt.timedelta(minutes=minutes)

    def briefing(self):
        lines = [f"{self.name} with {self.guide}, meet at {MEETING_POINT}"]
        lines.append(f"Starts {self.start:%H:%M}, ends about {self.finish_time():%H:%M}")
        lines.append(f"Party of {self.party_size()}")
        for number, stop in enumerate(self.stops, start=1):
            lines.append(f"  {number}. {stop}")
        return "\n".join(lines)


class GuideRota:
    def __init__(self, guides):
        self.guides = list(guides)
        self.assigned = {}

    def assign(self, day, tours_per_night=2):
        offset = day.toordinal() % len(self.guides)
        count = len(self.guides)
        chosen = [self.guides[(offset + i) % count] for i in range(tours_per_night)]
        self.assigned[day] = chosen
        return chosen

    def nights_for(self, guide):
        return sorted(day for day, names in self.assigned.items() if guide in names)

    def busiest_guide(self):
        totals = {}
        for names in self.assigned.values():
            for name in names:
                totals[name] = totals.get(name, 0) + 1
        return max(totals, key=totals.get) if totals else None


def evening_programme(tours, stories, seed=None):
    told = []
    blocks = []
    for tour in sorted(tours, key=lambda t: t.start):
        story = pick_story(stories, seed, avoid=told)
        told.append(story)
        blocks.append(f"{tour.briefing()}\n  Tonight's tale: {story}")
    return "\n\n".join(blocks)
