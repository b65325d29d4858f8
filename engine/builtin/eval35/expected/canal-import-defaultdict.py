"""Bookings and turnaround for the Wrenbury Wharf canal boat hire fleet."""

import math
from collections import defaultdict
from datetime import date, timedelta

LOCK_MINUTES = 20
CRUISE_MPH = 3
FUEL_LITRES_PER_ENGINE_HOUR = 1.6
TURNAROUND_DAYS = 1
FLEET = {
    "Ellesmere Rose": {"berths": 4, "length_ft": 45},
    "Tansy": {"berths": 6, "length_ft": 57},
    "Old Bess": {"berths": 2, "length_ft": 32},
    "Marigold": {"berths": 8, "length_ft": 68},
}


def cruise_hours(miles, locks, mph=CRUISE_MPH):
    return miles / mph + locks * LOCK_MINUTES / 60


def fuel_estimate(miles, locks, tank=None):
    litres = cruise_hours(miles, locks) * FUEL_LITRES_PER_ENGINE_HOUR
    if tank is not None:
        litres = min(litres, tank)
    return math.ceil(litres)


def boats_for_party(size, max_length=None):
    fits = []
    for name, spec in FLEET.items():
        if spec["berths"] < size:
            continue
        if max_length is not None and spec["length_ft"] > max_length:
            continue
        fits.append(name)
    return sorted(fits)


class Booking:
    def __init__(self, boat, hirer, start, nights):
        self.boat = boat
        self.hirer = hirer
        self.start = start
        self.nights = nights
        self.deposit_paid = False

    @property
    def end(self):
        return self.start + timedelta(days=self.nights)

    def overlaps(self, other):
        if self.boat != other.boat:
            return False
        gap = timedelta(days=TURNAROUND_DAYS)
        return self.start < other.end + gap and other.start < self.end + gap

    def __repr__(self):
        return f"{type(self).__name__}({self.boat!r}, {self.hirer!r}, {self.start.isoformat()}, {self.nights})"


def parse_booking_line(line):
    boat, hirer, start, nights = [part.strip() for part in line.split(",")]
    return Booking(boat, hirer, date.fromisoformat(start), int(nights))


class HireDesk:
    def __init__(self, bookings=None):
        self.bookings = list(bookings or [])
        self.damage_reports = {}
        self.out_of_service = set()

    def is_free(self, boat, start, nights):
        if boat in self.out_of_service:
            return False
        probe = Booking(boat, "probe", start, nights)
        return not any(probe.overlaps(b) for b in self.bookings)

    def book(self, boat, hirer, start, nights, party=2):
        if boat not in boats_for_party(party):
            raise ValueError(f"{boat} sleeps fewer than {party}")
        if not self.is_free(boat, start, nights):
            raise ValueError(f"{boat} is already out on {start:%d %b}")
        booking = Booking(boat, hirer, start, nights)
        self.bookings.append(booking)
        return booking

    def report_damage(self, boat, note):
        self.damage_reports.setdefault(boat, []).append(note)

    def repaired(self, boat):
        self.out_of_service.discard(boat)
        self.damage_reports.pop(boat, None)

    def returns_on(self, day):
        return [b for b in self.bookings if b.end == day]

    def unpaid(self):
        return [b for b in self.bookings if not b.deposit_paid]

    def import_lines(self, lines):
        added = 0
        for line in lines:
            booking = parse_booking_line(line)
            if booking and self.is_free(booking.boat, booking.start, booking.nights):
                self.bookings.append(booking)
                added += 1
        return added


def fleet_utilisation(desk, first, last):
    days = (last - first).days + 1
    booked = 0
    for booking in desk.bookings:
        overlap_start = max(booking.start, first)
        overlap_end = min(booking.end, last + timedelta(days=1))
        booked += max((overlap_end - overlap_start).days, 0)
    return round(booked / (days * len(FLEET)), 3)
