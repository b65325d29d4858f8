"""Costume rental desk: inventory, bookings, deposits and late fees."""

import json
import logging
from dataclasses import dataclass
from datetime import date, timedelta

log = logging.getLogger(__name__)

DEPOSIT_RATE = 0.35
LATE_FEE_PER_DAY = 4.50
CLEANING_FEE = 12.0
SIZES = ("XS", "S", "M", "L", "XL", "XXL")


@dataclass
class Costume:
    sku: str
    title: str
    size: str
    daily_rate: float
    fragile: bool = False


@dataclass
class Booking:
    sku: str
    customer: str
    start: date
    days: int
    returned_on: date | None = None


class Inventory:
    def __init__(self):
        self.costumes = {}
        self.bookings = []

    def add(self, costume):
        if costume.size not in SIZES:
            raise ValueError(f"unknown size {costume.size!r}")
        self.costumes[costume.sku] = costume

    def is_available(self, sku, start, days):
        end = start + timedelta(days=days)
        for booking in self.bookings:
            if booking.sku != sku or booking.returned_on is not None:
                continue
            booked_end = booking.start + timedelta(days=booking.days)
            if start < booked_end and booking.start < end:
                return False
        return True

    def book(self, sku, customer, start, days=3):
        if sku not in self.costumes:
            raise KeyError(sku)
        if not self.is_available(sku, start, days):
            raise ValueError(f"{sku} is already booked for those dates")
        booking = Booking(sku, customer, start, days)
        self.bookings.append(booking)
        log.info("booked %s for %s", sku, customer)
        return booking

    def search(self, text, size=None):
        text = text.lower()
        found = []
        for costume in self.costumes.values():
            if text in costume.title.lower() and (size is None or costume.size == size):
                found.append(costume)
        return found


def rental_price(costume, days, discount=0.0):
    base = costume.daily_rate * days
    return round(base * (1 - discount), 2)


def deposit_for(costume, days, rate=DEPOSIT_RATE):
    deposit = rental_price(costume, days) * rate
    if costume.fragile:
        deposit += 25
    return round(deposit, 2)


def late_fee(booking, returned_on, grace_days=1):
    due = booking.start + timedelta(days=booking.days)
    late_days = (returned_on - due).days - grace_days
    return max(0, late_days) * LATE_FEE_PER_DAY


def settle_return(inventory, booking, returned_on, damaged):
    costume = inventory.costumes[booking.sku]
    booking.returned_on = returned_on
    charge = late_fee(booking, returned_on)
    charge += CLEANING_FEE
    if damaged and costume.fragile:
        charge += deposit_for(costume, booking.days)
    log.info("settled %s: %.2f", booking.sku, charge)
    return charge


def load_inventory(path):
    with open(path, encoding="utf-8") as fh:
        rows = json.load(fh)
    inventory = Inventory()
    for row in rows:
        costume = Costume(row["sku"], row["title"], row["size"], float(row["rate"]))
        costume.fragile = row.get("fragile", False)
        inventory.add(costume)
    return inventory


def overdue_bookings(inventory, today):
    overdue = []
    for booking in inventory.bookings:
        if booking.returned_on is not None:
            continue
        if booking.start + timedelta(days=booking.days) < today:
            overdue.append(booking)
    return overdue


def export_bookings(inventory, path):
    payload = [
        {"sku": b.sku, "customer": b.customer, "start": b.start.isoformat(), "days": b.days}
        for b in inventory.bookings
    ]
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(payload, fh, indent=2)
    return len(payload)
