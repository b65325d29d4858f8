"""Meeting-room bookings in fixed slots: book, cancel, and list the free slots of a day."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

logger = logging.getLogger(__name__)

SLOT_MINUTES = 30
OPENING_HOUR = 8
CLOSING_HOUR = 18
MAX_BOOKING_HOURS = 4


class BookingConflict(Exception):
    """Raised when a booking overlaps one that already exists."""


@dataclass
class Booking:
    room: str
    owner: str
    start: datetime
    end: datetime
    title: str = "Meeting"
    attendees: list[str] = field(default_factory=list)

    def overlaps(self, other: Booking) -> bool:
        return self.room == other.room and self.start < other.end and other.start < self.end

    def duration_minutes(self):
        return int((self.end - self.start).total_seconds() // 60)


def round_to_slot(moment: datetime) -> datetime:
    minutes = moment.minute - moment.minute % SLOT_MINUTES
    return moment.replace(minute=minutes, second=0, microsecond=0)


def within_opening_hours(start, end):
    closing = start.replace(hour=CLOSING_HOUR, minute=0)
    return start.hour >= OPENING_HOUR and end <= closing


class RoomCalendar:
    def __init__(self, rooms):
        self.rooms = set(rooms)
        self.bookings: list[Booking] = []

    def book(self, room, owner, start, minutes=SLOT_MINUTES, title="Meeting"):
        if room not in self.rooms:
            raise KeyError(f"no such room: {room}")
        if minutes > MAX_BOOKING_HOURS * 60:
            raise ValueError(f"bookings are limited to {MAX_BOOKING_HOURS} hours")
        start = round_to_slot(start)
        end = start + timedelta(minutes=minutes)
        if not within_opening_hours(start, end):
            raise ValueError(f"{room} is only open from {OPENING_HOUR}:00 to {CLOSING_HOUR}:00")
        booking = Booking(room, owner, start, end, title)
        for existing in self.bookings:
            if booking.overlaps(existing):
                raise BookingConflict(f"{room} is taken by {existing.owner} until {existing.end:%H:%M}")
        self.bookings.append(booking)
        logger.info("booked %s for %s at %s", room, owner, start)
        return booking

    def cancel(self, booking):
        self.bookings.remove(booking)
        logger.info("cancelled %s at %s", booking.room, booking.start)

    def bookings_on(self, room, day: date):
        found = [b for b in self.bookings if b.room == room and b.start.date() == day]
        return sorted(found, key=lambda b: b.start)

    def free_slots(self, room, day: date):
        taken = self.bookings_on(room, day)
        slot = datetime.combine(day, datetime.min.time()).replace(hour=OPENING_HOUR)
        closing = slot.replace(hour=CLOSING_HOUR)
        free = []
        while slot < closing:
            candidate = Booking(room, "", slot, slot + timedelta(minutes=SLOT_MINUTES))
            if not any(candidate.overlaps(b) for b in taken):
                free.append(slot)
            slot += timedelta(minutes=SLOT_MINUTES)
        return free


def busiest_room(calendar, day):
    counts = {room: len(calendar.bookings_on(room, day)) for room in calendar.rooms}
    if not counts:
        return None
    return max(counts, key=counts.get)
