"""Study room bookings for a library: rooms, slots and no-show tracking."""

from __future__ import annotations

import json
from datetime import date

OPENING_HOUR = 8
CLOSING_HOUR = 21
MAX_BOOKING_HOURS = 3
NO_SHOW_LIMIT = 2
ROOM_CAPACITIES = {"Quiet 1": 1, "Quiet 2": 1, "Group A": 6, "Group B": 8}


class Booking:
    def __init__(self, room, reader_id, day, start_hour, hours=1):
        self.room = room
        self.reader_id = reader_id
        self.day = day
        self.start_hour = start_hour
        self.hours = hours
        self.checked_in = False

    def end_hour(self):
        """Return the hour at which this booking ends."""
        return self.start_hour + self.hours

    def overlaps(self, other):
        if self.room != other.room or self.day != other.day:
            return False
        return self.start_hour < other.end_hour() and other.start_hour < self.end_hour()

    def to_dict(self):
        return {
            "room": self.room,
            "reader": self.reader_id,
            "day": self.day.isoformat(),
            "start": self.start_hour,
            "hours": self.hours,
        }


def within_opening_hours(start_hour, hours, closing_hour=CLOSING_HOUR):
    return start_hour >= OPENING_HOUR and start_hour + hours <= closing_hour


def room_fits(room, party_size=1):
    capacity = ROOM_CAPACITIES.get(room, 0)
    return 0 < party_size <= capacity


def free_slots(bookings, room, day, length=1):
    taken = set()
    for booking in bookings:
        if booking.room == room and booking.day == day:
            taken.update(range(booking.start_hour, booking.end_hour()))
    slots = []
    for hour in range(OPENING_HOUR, CLOSING_HOUR - length + 1):
        if not taken.intersection(range(hour, hour + length)):
            slots.append(hour)
    return slots


class RoomDiary:
    def __init__(self, branch, allow_same_day=True):
        self.branch = branch
        self.allow_same_day = allow_same_day
        self.bookings = []
        self.no_shows = {}

    def book(self, room, reader_id, day, start_hour, hours=1, party_size=1):
        if not self.allow_same_day and day == date.today():
            return None
        if hours > MAX_BOOKING_HOURS or not within_opening_hours(start_hour, hours):
            return None
        if not room_fits(room, party_size=party_size):
            return None
        if self.no_shows.get(reader_id, 0) >= NO_SHOW_LIMIT:
            return None
        booking = Booking(room, reader_id, day, start_hour, hours)
        if any(booking.overlaps(existing) for existing in self.bookings):
            return None
        self.bookings.append(booking)
        return booking

    def check_in(self, booking):
        booking.checked_in = True

    def cancel(self, booking):
        if booking in self.bookings:
            self.bookings.remove(booking)
            return True
        return False

    def close_day(self, day):
        for booking in self.bookings:
            if booking.day == day and not booking.checked_in:
                self.no_shows[booking.reader_id] = self.no_shows.get(booking.reader_id, 0) + 1

    def openings(self, room, day, length=1):
        return free_slots(self.bookings, room, day, length=length)

    def export(self, indent=2):
        return json.dumps([booking.to_dict() for booking in self.bookings], indent=indent)
