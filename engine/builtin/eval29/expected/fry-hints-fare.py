"""Timetable and deck planning for an island car ferry."""

import json
from datetime import datetime, timedelta

CROSSING_MINUTES = 55
TURNAROUND_MINUTES = 20
LANE_METRES = 4 * 60
VEHICLE_LENGTHS = {"car": 4.5, "van": 6.0, "lorry": 12.0, "bike": 2.0}


class Sailing:
    def __init__(self, departs, origin, destination, lanes=4):
        self.departs = departs
        self.origin = origin
        self.destination = destination
        self.lanes = lanes
        self.vehicles = []
        self.foot_passengers = 0

    @property
    def arrives(self):
        return self.departs + timedelta(minutes=CROSSING_MINUTES)

    def deck_used(self):
        return sum(VEHICLE_LENGTHS[v] for v in self.vehicles)

    def deck_free(self):
        return self.lanes * 60 - self.deck_used()

    def board(self, vehicle):
        needed = VEHICLE_LENGTHS[vehicle]
        if needed > self.deck_free():
            return False
        self.vehicles.append(vehicle)
        return True


def build_day(first_departure, sailings, home="Port Ellen", island="Skerra"):
    timetable = []
    departs = first_departure
    origin, destination = home, island
    for _ in range(sailings):
        timetable.append(Sailing(departs, origin, destination))
        departs += timedelta(minutes=CROSSING_MINUTES + TURNAROUND_MINUTES)
        origin, destination = destination, origin
    return timetable


def next_sailing(timetable, now, origin):
    for sailing in timetable:
        if sailing.origin == origin and sailing.departs >= now:
            return sailing
    return None


def fare(vehicle: str, passengers: int, return_trip: bool = False) -> float:
    base = {"car": 38.0, "van": 52.0, "lorry": 140.0, "bike": 6.0}[vehicle]
    total = base + passengers * 7.5
    if return_trip:
        total *= 1.8
    return round(total, 2)


def load_bookings(path):
    with open(path) as handle:
        data = json.load(handle)
    return [(b["vehicle"], b["sailing"]) for b in data]


def assign_bookings(timetable, bookings):
    refused = []
    print("assigning", len(bookings), "bookings")
    for vehicle, index in bookings:
        sailing = timetable[index]
        if not sailing.board(vehicle):
            refused.append((vehicle, index))
    return refused


def utilisation(timetable):
    if not timetable:
        return 0.0
    used = sum(s.deck_used() for s in timetable)
    capacity = sum(s.lanes * 60 for s in timetable)
    return used / capacity


def departure_board(timetable, now, max_rows=6):
    rows = []
    for sailing in timetable:
        if sailing.departs < now:
            continue
        stamp = sailing.departs.strftime("%H:%M")
        rows.append("%s  %s -> %s" % (stamp, sailing.origin, sailing.destination))
        if len(rows) >= max_rows:
            break
    return "\n".join(rows)


def parse_time(text, day):
    clock = datetime.strptime(text, "%H:%M")
    return day.replace(hour=clock.hour, minute=clock.minute, second=0, microsecond=0)


def weather_hold(wind_knots, swell_m, vessel_name):
    return wind_knots > 45 or swell_m > 3.5
