"""Private room bookings for a karaoke bar."""

import json
from datetime import datetime, timedelta

CLOSING_HOUR = 2
HOURLY_RATE = {"small": 30, "medium": 45, "large": 70}
MAX_GUESTS = {"small": 4, "medium": 8, "large": 16}
BOOKING_SLOT_MINUTES = 30
LATE_NIGHT_SURCHARGE = 0.15


def round_to_slot(when, slot_minutes=BOOKING_SLOT_MINUTES):
    minutes = (when.minute // slot_minutes) * slot_minutes
    return when.replace(minute=minutes, second=0, microsecond=0)


def is_late_night(start):
    return start.hour >= 23 or start.hour < CLOSING_HOUR


def quote_price(size, start, hours, member=False):
    base = HOURLY_RATE[size] * hours
    if is_late_night(start):
        base *= 1 + LATE_NIGHT_SURCHARGE
    if member:
        base *= 0.9
    return round(base, 2)


def load_bookings(path, venue):
    with open(path) as fh:
        raw = json.load(fh)
    bookings = []
    for row in raw:
        start = datetime.fromisoformat(row["start"])
        bookings.append(Booking(row["room"], row["name"], start, row["hours"], row.get("guests", 2)))
    return bookings


class Booking:
    def __init__(self, room, name, start, hours, guests=2):
        self.room = room
        self.name = name
        self.start = round_to_slot(start)
        self.hours = hours
        self.guests = guests

    @property
    def end(self):
        return self.start + timedelta(hours=self.hours)

    def overlaps(self, other):
        if self.room != other.room:
            return False
        return self.start < other.end and other.start < self.end

    def describe(self):
        return f"{self.name} in {self.room}, {self.start:%a %H:%M}-{self.end:%H:%M} ({self.guests} guests)"


class RoomBook:
    def __init__(self, venue, rooms):
        self.venue = venue
        self.rooms = dict(rooms)
        self.bookings = []

    def import_file(self, path):
        for booking in load_bookings(path, self.venue):
            self.add(booking)
        return len(self.bookings)

    def add(self, booking):
        size = self.rooms.get(booking.room)
        if size is None:
            raise KeyError(f"no room called {booking.room}")
        if booking.guests > MAX_GUESTS[size]:
            raise ValueError(f"{booking.room} holds at most {MAX_GUESTS[size]} guests")
        for existing in self.bookings:
            if existing.overlaps(booking):
                raise ValueError(f"{booking.room} is taken at {booking.start:%H:%M}")
        self.bookings.append(booking)
        return booking

    def cancel(self, name, start):
        before = len(self.bookings)
        self.bookings = [b for b in self.bookings if not (b.name == name and b.start == start)]
        return before - len(self.bookings)

    def invoice(self, booking, member=False):
        size = self.rooms[booking.room]
        total = quote_price(size, booking.start, booking.hours, member=member)
        return {"name": booking.name, "room": booking.room, "total": total}

    def free_rooms(self, at):
        busy = {b.room for b in self.bookings if b.start <= at < b.end}
        return sorted(room for room in self.rooms if room not in busy)

    def night_sheet(self, day):
        todays = [b for b in self.bookings if b.start.date() == day]
        todays.sort(key=lambda b: (b.start, b.room))
        return "\n".join(b.describe() for b in todays)
