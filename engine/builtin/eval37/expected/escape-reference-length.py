"""Bookings for the escape rooms: slots, group sizes, deposits and reminders."""

import uuid
from datetime import datetime, timedelta
from enum import Enum

OPENING_HOUR = 10
CLOSING_HOUR = 22
SLOT_MINUTES = 75
RESET_MINUTES = 15
DEPOSIT_FRACTION = 0.2
PRICE_PER_PLAYER = 28.0


class Room(Enum):
    PHARAOH = ("The Pharaoh's Tomb", 2, 6)
    LAB = ("Mad Scientist Lab", 3, 8)
    HEIST = ("Midnight Heist", 4, 10)

    def __init__(self, title, min_players, max_players):
        self.title = title
        self.min_players = min_players
        self.max_players = max_players


class Booking:
    def __init__(self, room, start, players, lead_name, phone):
        self.reference = uuid.uuid4().hex[:10].upper()
        self.room = room
        self.start = start
        self.players = players
        self.lead_name = lead_name
        self.phone = phone
        self.deposit_paid = False
        self.cancelled = False

    @property
    def end(self):
        return self.start + timedelta(minutes=SLOT_MINUTES)

    def price(self, discount=0.0):
        return round(self.players * PRICE_PER_PLAYER * (1 - discount), 2)

    def deposit(self):
        return round(self.price() * DEPOSIT_FRACTION, 2)

    def overlaps(self, other):
        if self.room is not other.room or self.cancelled or other.cancelled:
            return False
        buffer = timedelta(minutes=RESET_MINUTES)
        return self.start < other.end + buffer and other.start < self.end + buffer


class BookingBook:
    def __init__(self):
        self.bookings = []

    def add(self, booking):
        check_group_size(booking.room, booking.players)
        for existing in self.bookings:
            if booking.overlaps(existing):
                raise ValueError(f"{booking.room.title} is taken at {existing.start:%H:%M}")
        self.bookings.append(booking)
        return booking.reference

    def cancel(self, reference):
        for booking in self.bookings:
            if booking.reference == reference:
                booking.cancelled = True
                return True
        return False

    def for_day(self, day):
        return sorted(
            (b for b in self.bookings if b.start.date() == day and not b.cancelled),
            key=lambda b: b.start,
        )


def check_group_size(room, players):
    if players < room.min_players:
        raise ValueError(f"{room.title} needs at least {room.min_players} players")
    if players > room.max_players:
        raise ValueError(f"{room.title} takes at most {room.max_players} players")


def open_slots(book, room, day, step_minutes=30, staff_on_shift=2):
    slots = []
    cursor = datetime.combine(day, datetime.min.time()).replace(hour=OPENING_HOUR)
    last_start = cursor.replace(hour=CLOSING_HOUR) - timedelta(minutes=SLOT_MINUTES)
    while cursor <= last_start:
        probe = Booking(room, cursor, room.min_players, "probe", "")
        if not any(probe.overlaps(existing) for existing in book.bookings):
            slots.append(cursor)
        cursor += timedelta(minutes=step_minutes)
    return slots


def reminder_text(booking, hours_before=24, venue="Lockbox Escapes"):
    when = booking.start - timedelta(hours=hours_before)
    status = "paid" if booking.deposit_paid else f"due: £{booking.deposit():.2f}"
    name = booking.lead_name.split()[0] if booking.lead_name else "there"
    return (
        f"Hi {name}, your {booking.room.title} game at {venue} starts "
        f"{booking.start:%a %d %b at %H:%M}. Deposit {status}. Reminder sent {when:%H:%M}."
    )


def daily_sheet(book, day, show_phone=True):
    lines = [f"Bookings for {day:%A %d %B}"]
    for booking in book.for_day(day):
        contact = booking.phone if show_phone else "-"
        who = booking.lead_name or "(no name)"
        lines.append(
            f"{booking.start:%H:%M}  {booking.room.title:<22} {booking.players:>2}p  "
            f"{who} {contact}"
        )
    step = SLOT_MINUTES + RESET_MINUTES
    free = open_slots(book, Room.LAB, day, step_minutes=step, staff_on_shift=1)
    lines.append(f"free lab slots: {len(free)}")
    return "\n".join(lines)
