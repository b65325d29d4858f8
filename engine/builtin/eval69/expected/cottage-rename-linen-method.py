"""Changeover planning for a holiday cottage: who cleans, when, and for how long."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

CHECKOUT_HOUR = 10
CHECKIN_HOUR = 16
BASE_CLEAN_MINUTES = 150
MINUTES_PER_EXTRA_GUEST = 20
LINEN_SETS_PER_BED = 2
PET_SURCHARGE_MINUTES = 45


@dataclass
class Booking:
    guest_name: str
    arrival: dt.date
    departure: dt.date
    guests: int = 2
    has_pet: bool = False

    def nights(self) -> int:
        return (self.departure - self.arrival).days


def parse_bookings(rows, default_guests=2):
    bookings = []
    for row in rows:
        name, arrive, depart = row[:3]
        guests = int(row[3]) if len(row) > 3 else default_guests
        has_pet = len(row) > 4 and row[4].strip().lower() == "yes"
        bookings.append(
            Booking(
                name,
                dt.date.fromisoformat(arrive),
                dt.date.fromisoformat(depart),
                guests,
                has_pet,
            )
        )
    return bookings


def clean_duration(booking, beds=3, deep_clean=False):
    minutes = BASE_CLEAN_MINUTES
    extra = max(0, booking.guests - 2)
    minutes += extra * MINUTES_PER_EXTRA_GUEST
    if booking.has_pet:
        minutes += PET_SURCHARGE_MINUTES
    if deep_clean:
        minutes = int(minutes * 1.5)
    return minutes + beds * 5


def changeover_window(departure_day, arrival_day=None):
    if arrival_day is None:
        arrival_day = departure_day
    start = dt.datetime.combine(departure_day, dt.time(CHECKOUT_HOUR))
    end = dt.datetime.combine(arrival_day, dt.time(CHECKIN_HOUR))
    return start, end


def fits_in_window(booking, next_booking, beds=3):
    start, end = changeover_window(booking.departure, next_booking.arrival)
    available = (end - start).total_seconds() / 60
    needed = clean_duration(booking, beds=beds, deep_clean=booking.nights() >= 7)
    return needed <= available


class ChangeoverRota:
    def __init__(self, cottage_name, cleaners, beds=3):
        self.cottage_name = cottage_name
        self.cleaners = list(cleaners)
        self.beds = beds
        self.bookings = []
        self.assignments = {}

    def add_booking(self, booking):
        for existing in self.bookings:
            if booking.arrival < existing.departure and existing.arrival < booking.departure:
                raise ValueError(f"{booking.guest_name} overlaps {existing.guest_name}")
        self.bookings.append(booking)
        self.bookings.sort(key=lambda b: b.arrival)

    def linen_sets(self):
        return self.beds * LINEN_SETS_PER_BED

    def plan(self):
        turn = 0
        for before, after in zip(self.bookings, self.bookings[1:]):
            if not fits_in_window(before, after, beds=self.beds):
                print(f"warning: tight changeover on {before.departure}")
            cleaner = self.cleaners[turn % len(self.cleaners)]
            self.assignments[before.departure] = cleaner
            turn += 1
        return self.assignments

    def summary(self):
        lines = [f"{self.cottage_name}: {len(self.bookings)} bookings"]
        for day, cleaner in sorted(self.assignments.items()):
            lines.append(f"  {day:%a %d %b}  {cleaner}")
        lines.append(f"linen sets per changeover: {self.linen_sets()}")
        return "\n".join(lines)
