"""Seat bookings for a puffin-watching boat trip."""

import math
from datetime import datetime, time

BOAT_CAPACITY = 24
ADULT_FARE = 28.0
CHILD_FARE = 14.0
DEPARTURES = (time(9, 30), time(12, 0), time(15, 0))
MAX_WIND_KNOTS = 22
LANDING_PERMIT_SEATS = 12


def fare_for(adults, children=0, landing=False):
    fare = adults * ADULT_FARE + children * CHILD_FARE
    if landing:
        fare += 6.0 * (adults + children)
    return round(fare, 2)


def sailing_allowed(wind_knots, swell_m=0.0):
    if wind_knots > MAX_WIND_KNOTS:
        return False
    return swell_m < 1.8


def seats_needed(adults, children=0, infants=0):
    return adults + children + math.ceil(infants / 2)


class Booking:
    def __init__(self, reference, lead_name, adults, children=0, landing=False):
        self.reference = reference
        self.lead_name = lead_name
        self.adults = adults
        self.children = children
        self.landing = landing
        self.checked_in = False

    def seats(self):
        return seats_needed(self.adults, self.children)

    def price(self):
        return fare_for(self.adults, self.children, self.landing)


class Sailing:
    def __init__(self, day, departure, capacity=BOAT_CAPACITY):
        self.day = day
        self.departure = departure
        self.capacity = capacity
        self.bookings = {}
        self.cancelled = False

    def seats_taken(self):
        return sum(b.seats() for b in self.bookings.values())

    def landing_seats(self):
        return sum(b.seats() for b in self.bookings.values() if b.landing)

    def book(self, booking, allow_waitlist=False):
        if self.cancelled:
            raise ValueError("sailing cancelled")
        if self.seats_taken() + booking.seats() > self.capacity:
            raise ValueError("not enough seats")
        if booking.landing and self.landing_seats() + booking.seats() > LANDING_PERMIT_SEATS:
            raise ValueError("landing permit full")
        self.bookings[booking.reference] = booking
        return self.capacity - self.seats_taken()

    def check_in(self, reference):
        try:
            booking = self.bookings[reference]
        except KeyError:
            raise ValueError(f"no booking {reference}") from None
        booking.checked_in = True
        return booking.lead_name

    def no_shows(self):
        return [r for r, b in self.bookings.items() if not b.checked_in]

    def cancel_for_weather(self, wind_knots, swell_m=0.0):
        if sailing_allowed(wind_knots, swell_m):
            return []
        self.cancelled = True
        refunds = [(r, b.price()) for r, b in self.bookings.items()]
        self.bookings.clear()
        return refunds

    def manifest(self):
        when = datetime.combine(self.day, self.departure)
        lines = [f"Sailing {when:%Y-%m-%d %H:%M}"]
        for ref, booking in sorted(self.bookings.items()):
            mark = "x" if booking.checked_in else " "
            lines.append(f"[{mark}] {ref} {booking.lead_name} ({booking.seats()})")
        return "\n".join(lines)


def day_takings(sailings):
    total = 0.0
    for sailing in sailings:
        total += sum(b.price() for b in sailing.bookings.values())
    return round(total, 2)


def book_party(sailing, reference, lead_name, adults, children=0):
    booking = Booking(reference, lead_name, adults, children)
    sailing.book(booking, allow_waitlist=True)
    return booking.price()
