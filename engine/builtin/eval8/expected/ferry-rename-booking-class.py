"""A small island ferry: routes, sailings with a vehicle deck, bookings, fares and a departures board."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

DECK_LANES = 4
LANE_METRES = 60
CAR_LENGTH_M = 5.0
CHECK_IN_MINUTES = 30
BASE_FARES = {"foot": 4.5, "bike": 6.0, "car": 22.0, "van": 35.0}
EXTRA_PASSENGER = 3.0
TIMETABLE_FILE = "timetable.json"


@dataclass
class Route:
    origin: str
    destination: str
    crossing_minutes: int

    def label(self):
        return f"{self.origin} - {self.destination}"


@dataclass
class Reservation:
    reference: str
    kind: str
    length_m: float = 0.0
    passengers: int = 1


class Sailing:
    """One departure of a route, with the deck space its bookings take."""

    def __init__(self, route, departs, lanes=DECK_LANES):
        self.route = route
        self.departs = departs
        self.lanes = lanes
        self.bookings = []
        self.cancelled = False

    @property
    def arrives(self):
        return self.departs + timedelta(minutes=self.route.crossing_minutes)

    def deck_metres(self):
        return self.lanes * LANE_METRES

    def space_left(self):
        used = sum(booking.length_m for booking in self.bookings)
        return self.deck_metres() - used

    def passengers(self):
        return sum(booking.passengers for booking in self.bookings)

    def book(self, booking):
        if self.cancelled:
            raise ValueError(f"the {self.departs:%H:%M} sailing is cancelled")
        if booking.length_m > self.space_left():
            raise ValueError(f"no deck space for {booking.reference}")
        self.bookings.append(booking)
        logger.info("booked %s on the %s", booking.reference, self.departs)
        return booking

    def check_in_closes(self, minutes=CHECK_IN_MINUTES):
        return self.departs - timedelta(minutes=minutes)


def vehicle_length(kind, trailer_m=0.0):
    if kind == "car":
        return CAR_LENGTH_M + trailer_m
    if kind == "van":
        return 7.5 + trailer_m
    return 0.0


def fare(kind, passengers=1, return_trip=False, discount=0.0):
    price = BASE_FARES[kind] + EXTRA_PASSENGER * max(passengers - 1, 0)
    if return_trip:
        price *= 1.8
    return round(price * (1 - discount), 2)


def make_booking(sailing, reference, kind, passengers=1, trailer_m=0.0):
    booking = Reservation(reference, kind, vehicle_length(kind, trailer_m=trailer_m), passengers)
    return sailing.book(booking)


def next_sailing(sailings, after, origin=None):
    later = [s for s in sailings if s.departs >= after and not s.cancelled]
    if origin is not None:
        later = [s for s in later if s.route.origin == origin]
    return min(later, key=lambda sailing: sailing.departs, default=None)


def can_still_board(sailing, now, minutes=CHECK_IN_MINUTES):
    return not sailing.cancelled and now <= sailing.check_in_closes(minutes=minutes)


def departures_board(sailings, width=40):
    lines = ["Departures".center(width, "=")]
    for sailing in sorted(sailings, key=lambda item: item.departs):
        if sailing.cancelled:
            status = "CANCELLED"
        else:
            status = f"{sailing.space_left():.0f} m free"
        lines.append(f"{sailing.departs:%H:%M}  {sailing.route.label():<22} {status}")
    lines.append("=" * width)
    return "\n".join(lines)


def load_timetable(folder, day, filename=TIMETABLE_FILE):
    data = json.loads((Path(folder) / filename).read_text())
    routes = {name: Route(**fields) for name, fields in data["routes"].items()}
    sailings = []
    for entry in data["sailings"]:
        hour, minute = map(int, entry["time"].split(":"))
        departs = datetime(day.year, day.month, day.day, hour, minute)
        sailings.append(Sailing(routes[entry["route"]], departs, lanes=entry.get("lanes", DECK_LANES)))
    logger.info("loaded %d sailings from %s", len(sailings), folder)
    return sailings
