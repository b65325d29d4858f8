"""Lawn bookings and mowing for a croquet club."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time

LAWN_NAMES = ("North", "South", "Pavilion", "Orchard")
SESSION_MINUTES = 90
MOWING_INTERVAL_DAYS = 4
MAX_BOOKINGS_PER_MEMBER = 3
CLOSED_WHEN_RAIN_MM = 5.0


@dataclass
class Booking:
    member: str
    lawn: str
    day: date
    start: time
    game: str = "association"

    def clashes_with(self, other):
        return self.lawn == other.lawn and self.day == other.day and self.start == other.start


class LawnDiary:
    """Who is on which lawn when, and when each lawn was last cut."""

    def __init__(self, club, lawns=LAWN_NAMES):
        self.club = club
        self.lawns = list(lawns)
        self.bookings: list[Booking] = []
        self.last_mown: dict[str, date | None] = {lawn: None for lawn in self.lawns}

    def bookings_for(self, member, day=None):
        return [b for b in self.bookings if b.member == member and (day is None or b.day == day)]

    def book(self, member, lawn, day, start, game="association"):
        if lawn not in self.lawns:
            raise KeyError(f"no lawn called {lawn!r}")
        if len(self.bookings_for(member, day)) >= MAX_BOOKINGS_PER_MEMBER:
            return None
        booking = Booking(member, lawn, day, start, game)
        for existing in self.bookings:
            if existing.clashes_with(booking):
                return None
        self.bookings.append(booking)
        return booking

    def cancel(self, member, lawn, day, start):
        before = len(self.bookings)
        self.bookings = [
            b for b in self.bookings
            if not (b.member == member and b.lawn == lawn and b.day == day and b.start == start)
        ]
        return before - len(self.bookings)

    def mark_mown(self, lawn, day):
        self.last_mown[lawn] = day

    def due_for_mowing(self, today):
        due = []
        for lawn, mown in self.last_mown.items():
            if mown is None or (today - mown).days >= MOWING_INTERVAL_DAYS:
                due.append(lawn)
        return due


def session_start(first, index, length=SESSION_MINUTES):
    minutes = first.hour * 60 + first.minute + index * length
    return time(minutes // 60, minutes % 60)


def free_slots(diary, day, first=time(10, 0), sessions=5):
    booked = {(b.lawn, b.start) for b in diary.bookings if b.day == day}
    slots = []
    for i in range(sessions):
        start = session_start(first, i)
        for lawn in diary.lawns:
            if (lawn, start) not in booked:
                slots.append((lawn, start))
    return slots


def day_sheet(diary, day, rain_mm=0.0):
    if rain_mm >= CLOSED_WHEN_RAIN_MM:
        return f"{diary.club}: lawns closed on {day:%a %d %b} ({rain_mm} mm of rain)"
    rows = [f"{diary.club} - {day:%a %d %b}"]
    todays = sorted((b for b in diary.bookings if b.day == day), key=lambda b: (b.start, b.lawn))
    for b in todays:
        rows.append(f"  {b.start:%H:%M}  {b.lawn:<9} {b.member} ({b.game})")
    rows.append(f"  {len(free_slots(diary, day))} slots still free")
    mow = diary.due_for_mowing(day)
    if mow:
        rows.append("  needs mowing: " + ", ".join(mow))
    return "\n".join(rows)
