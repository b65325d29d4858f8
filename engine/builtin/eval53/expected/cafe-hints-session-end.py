"""Table bookings and cat rotations for a cat cafe."""

import logging
import random
from datetime import datetime, timedelta

log = logging.getLogger(__name__)

SESSION_MINUTES = 60
MAX_GUESTS_PER_TABLE = 4
CATS_PER_TABLE = 2
COVER_CHARGE = 7.5
CHILD_DISCOUNT = 0.5


def session_end(start: datetime, minutes: int = SESSION_MINUTES) -> datetime:
    return start + timedelta(minutes=minutes)


def price_booking(guests, children=0, minutes=SESSION_MINUTES, member=False):
    adults = guests - children
    hours = minutes / 60
    total = (adults + children * CHILD_DISCOUNT) * COVER_CHARGE * hours
    if member:
        total *= 0.9
    return round(total, 2)


def pick_cats(cats, count=CATS_PER_TABLE, seed=None, mood="calm"):
    rng = random.Random(seed)
    awake = [cat for cat in cats if not cat.get("napping")]
    if len(awake) <= count:
        return awake
    return rng.sample(awake, count)


class Table:
    def __init__(self, number, seats=MAX_GUESTS_PER_TABLE):
        self.number = number
        self.seats = seats
        self.cats = []
        self.booked_until = None
        self.party = None

    def is_free(self, at):
        return self.booked_until is None or self.booked_until <= at

    def seat(self, party, guests, until):
        if guests > self.seats:
            raise ValueError(f"table {self.number} seats {self.seats}, not {guests}")
        self.party = party
        self.booked_until = until

    def clear(self):
        for cat in self.cats:
            cat["visits"] = cat.get("visits", 0) + 1
        self.cats = []
        self.party = None
        self.booked_until = None


class Cafe:
    def __init__(self, tables, cats, opens_at=10):
        self.tables = {table.number: table for table in tables}
        self.cats = list(cats)
        self.opens_at = opens_at
        self.bookings = []

    def free_tables(self, at=None):
        at = at or datetime.now()
        return [t for t in self.tables.values() if t.is_free(at)]

    def book(self, party, guests, start=None, minutes=SESSION_MINUTES):
        start = start or datetime.now()
        if start.hour < self.opens_at:
            return None
        candidates = [t for t in self.free_tables(start) if t.seats >= guests]
        if not candidates:
            return None
        table = min(candidates, key=lambda t: t.seats)
        table.seat(party, guests, session_end(start, minutes))
        price = price_booking(guests, minutes=minutes)
        self.bookings.append((party, table.number, start, price))
        return table.number

    def rotate_cats(self, seed=None):
        for table in self.tables.values():
            if table.party is None:
                continue
            table.cats = pick_cats(self.cats, seed=seed, mood="playful")
            log.debug("table %s now has %d cats", table.number, len(table.cats))
        return sum(len(t.cats) for t in self.tables.values())

    def close_out(self):
        for table in self.tables.values():
            table.clear()
        takings = sum(price for _, _, _, price in self.bookings)
        self.bookings = []
        return round(takings, 2)
