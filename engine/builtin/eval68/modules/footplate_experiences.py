"""Bookings for footplate experience days on the heritage steam railway."""

from __future__ import annotations

import csv
import datetime as dt
from pathlib import Path

EXPERIENCE_PRICES = {"taster": 195, "half_day": 345, "full_day": 575}
MAX_GUESTS_PER_LOCO = 2
MIN_AGE = 16
LOCOMOTIVES = ("Bluebell", "Wenlock", "Sir Nigel")


class Booking:
    def __init__(self, guest, package, date, age):
        self.guest = guest
        self.package = package
        self.date = date
        self.age = age
        self.locomotive = None
        self.paid = False

    def price(self):
        return EXPERIENCE_PRICES[self.package]

    def mark_paid(self):
        self.paid = True

    def describe(self):
        loco = self.locomotive or "unassigned"
        return f"{self.guest} - {self.package} on {self.date:%d %b} with {loco}"


class ExperienceDay:
    def __init__(self, date, crew_leader="Driver Hughes"):
        self.date = date
        self.crew_leader = crew_leader
        self.bookings = []
        self.allocations = {name: [] for name in LOCOMOTIVES}

    def add_booking(self, booking):
        if booking.age < MIN_AGE:
            raise ValueError(f"{booking.guest} is under {MIN_AGE}")
        self.bookings.append(booking)

    def allocate(self):
        for booking in self.bookings:
            for loco, guests in self.allocations.items():
                if len(guests) < MAX_GUESTS_PER_LOCO:
                    guests.append(booking.guest)
                    booking.locomotive = loco
                    break

    def unallocated(self):
        return [b for b in self.bookings if b.locomotive is None]


def parse_date(text, fmt="%Y-%m-%d"):
    return dt.datetime.strptime(text, fmt).date()


def load_bookings(path, package_column="package"):
    bookings = []
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            date = parse_date(row["date"])
            age = int(row["age"])
            bookings.append(Booking(row["guest"], row[package_column], date, age))
    return bookings


def group_by_day(bookings, crew_leader="Driver Hughes"):
    days = {}
    for booking in bookings:
        if booking.date not in days:
            days[booking.date] = ExperienceDay(booking.date, crew_leader)
        days[booking.date].add_booking(booking)
    return days


def revenue(bookings, paid_only=True):
    total = 0
    for booking in bookings:
        if paid_only and not booking.paid:
            continue
        total += booking.price()
    return total


def crew_sheet(day, weather, show_prices=False):
    day.allocate()
    lines = [f"Footplate day {day.date:%A %d %B} - leader {day.crew_leader}"]
    for loco, guests in day.allocations.items():
        lines.append(f"  {loco}: {', '.join(guests) or 'no guests'}")
    waiting = day.unallocated()
    if waiting:
        lines.append(f"  Waiting list: {len(waiting)}")
    if show_prices:
        lines.append(f"  Takings: £{revenue(day.bookings, paid_only=False)}")
    return "\n".join(lines)


def write_sheets(bookings_path, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    days = group_by_day(load_bookings(bookings_path))
    for date, day in sorted(days.items()):
        sheet = crew_sheet(day, "fair")
        (out / f"crew-{date.isoformat()}.txt").write_text(sheet + "\n", encoding="utf-8")
    return len(days)
