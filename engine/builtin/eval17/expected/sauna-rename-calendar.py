"""Bookings and stove logs for a lakeside sauna rental."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

HEAT_UP_MINUTES = 45
MAX_BATHERS = 8
WOOD_KG_PER_HOUR = 6.0
CLEANING_GAP_MINUTES = 30


@dataclass
class Booking:
    guest: str
    starts: datetime
    hours: int
    bathers: int

    def ends(self) -> datetime:
        return self.starts + timedelta(hours=self.hours)


class StoveLog:
    def __init__(self) -> None:
        self.firings: list[tuple[datetime, datetime]] = []

    def fire(self, lit_at: datetime, out_at: datetime) -> None:
        self.firings.append((lit_at, out_at))

    def hours_burned(self) -> float:
        return sum((out - lit).total_seconds() for lit, out in self.firings) / 3600

    def wood_used_kg(self) -> float:
        return round(self.hours_burned() * WOOD_KG_PER_HOUR, 1)


class BookingCalendar:
    def __init__(self, name: str) -> None:
        self.name = name
        self.bookings: list[Booking] = []

    def clashes(self, booking: Booking) -> bool:
        gap = timedelta(minutes=CLEANING_GAP_MINUTES)
        for other in self.bookings:
            if booking.starts < other.ends() + gap and other.starts < booking.ends() + gap:
                return True
        return False

    def book(self, booking: Booking) -> None:
        if booking.bathers > MAX_BATHERS:
            raise ValueError("too many bathers")
        if self.clashes(booking):
            raise ValueError("slot is taken")
        self.bookings.append(booking)

    def on_day(self, day: datetime) -> list[Booking]:
        return [b for b in self.bookings if b.starts.date() == day.date()]


def light_stove_at(booking: Booking) -> datetime:
    return booking.starts - timedelta(minutes=HEAT_UP_MINUTES)


def price(booking: Booking, hourly_rate: float = 40.0) -> float:
    base = booking.hours * hourly_rate
    if booking.bathers > 4:
        base += (booking.bathers - 4) * 5.0
    return round(base, 2)


def quote_for(guest: str, starts: datetime, hours: int, bathers: int) -> float:
    booking = Booking(guest, starts, hours, bathers)
    return price(booking, hourly_rate=40.0)


def daily_wood(calendar: BookingCalendar, day: datetime) -> float:
    todays = calendar.on_day(day)
    hours = sum(b.hours + HEAT_UP_MINUTES / 60 for b in todays)
    return round(hours * WOOD_KG_PER_HOUR, 1)


def guest_list(calendar: BookingCalendar, day: datetime) -> list[str]:
    names = []
    for booking in calendar.on_day(day):
        names.append(f"{booking.starts:%H:%M} {booking.guest} ({booking.bathers})")
    return names


def firing_plan(calendar: BookingCalendar, day: datetime) -> list[datetime]:
    times = [light_stove_at(b) for b in calendar.on_day(day)]
    times.sort()
    print(f"{calendar.name}: {len(times)} firings on {day:%a}")
    return times


def busiest_day(calendar: BookingCalendar) -> str | None:
    counts: dict[str, int] = {}
    for booking in calendar.bookings:
        key = f"{booking.starts:%Y-%m-%d}"
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return None
    return max(counts, key=counts.get)
