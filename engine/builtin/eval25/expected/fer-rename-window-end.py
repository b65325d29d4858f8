"""Island ferry timetable: sailings, vessels, vehicle deck space and tide holds."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

DECK_LANES = 6
LANE_LENGTH_M = 40.0
CAR_LENGTH_M = 4.8
TURNAROUND_MINUTES = 25
CHECK_IN_CLOSES_MINUTES = 15


@dataclass
class Vessel:
    name: str
    passengers: int
    lanes: int = DECK_LANES
    lane_length_m: float = LANE_LENGTH_M

    def deck_metres(self):
        return self.lanes * self.lane_length_m


@dataclass
class Vehicle:
    plate: str
    length_m: float = CAR_LENGTH_M
    height_m: float = 1.6


class Sailing:
    def __init__(self, route, departs, vessel):
        self.route = route
        self.departs = departs
        self.vessel = vessel
        self.vehicles = []
        self.foot_passengers = 0
        self.cancelled = False

    def used_deck(self):
        return sum(v.length_m for v in self.vehicles)

    def space_left(self):
        return self.vessel.deck_metres() - self.used_deck()

    def board_vehicle(self, vehicle):
        if vehicle.length_m > self.space_left():
            return False
        self.vehicles.append(vehicle)
        return True

    def check_in_deadline(self):
        return self.departs - timedelta(minutes=CHECK_IN_CLOSES_MINUTES)


class Timetable:
    def __init__(self, operator):
        self.operator = operator
        self.sailings = []

    def add(self, sailing):
        self.sailings.append(sailing)

    def on_route(self, route):
        return [s for s in self.sailings if s.route == route and not s.cancelled]

    def next_sailing(self, route, after):
        upcoming = [s for s in self.on_route(route) if s.departs > after]
        return min(upcoming, key=lambda s: s.departs) if upcoming else None


def round_trip(timetable, route, vessel, first, crossings, crossing_minutes=50):
    there, back = route.split("-")
    departs = first
    for i in range(crossings):
        leg = f"{there}-{back}" if i % 2 == 0 else f"{back}-{there}"
        timetable.add(Sailing(leg, departs, vessel))
        departs += timedelta(minutes=crossing_minutes + TURNAROUND_MINUTES)
    return departs


def tide_hold(sailing, low_water, hold_minutes=40):
    window_start = low_water - timedelta(minutes=hold_minutes)
    hold_ends = low_water + timedelta(minutes=hold_minutes)
    if window_start <= sailing.departs <= hold_ends:
        sailing.departs = hold_ends
        return True
    return False


def load_report(sailing):
    used = sailing.used_deck()
    capacity = sailing.vessel.deck_metres()
    pct = 100 * used / capacity if capacity else 0
    count = len(sailing.vehicles)
    return f"{sailing.route} {sailing.departs:%H:%M}: {count} vehicles, {pct:.0f}% deck"


def overflow(sailing, queue):
    left_behind = []
    for vehicle in queue:
        if not sailing.board_vehicle(vehicle):
            left_behind.append(vehicle)
    return left_behind


def cancel_route(timetable, route, reason):
    cancelled = 0
    for sailing in timetable.on_route(route):
        sailing.cancelled = True
        cancelled += 1
    return cancelled, reason


def winter_timetable():
    ferry = Vessel("MV Puffin", passengers=220, lanes=4)
    timetable = Timetable("Island Link")
    start = datetime(2025, 1, 6, 7, 30)
    round_trip(timetable, "Harbour-Skerry", ferry, start, 6, crossing_minutes=55)
    return timetable
