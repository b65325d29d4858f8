"""Timed-entry museum tickets: half-hour slots, prices by visitor type, bookings saved as JSON."""

import json
import logging
from dataclasses import asdict, dataclass
from datetime import datetime, time, timedelta
from pathlib import Path

log = logging.getLogger(__name__)

OPENING = time(10, 0)
CLOSING = time(17, 30)
SLOT_MINUTES = 30
SLOT_CAPACITY = 40
MEMBER_DISCOUNT = 0.2
PRICES = {"adult": 16.0, "student": 9.0, "senior": 12.0, "child": 0.0}
BOOKINGS_FILE = "bookings.json"


@dataclass
class Booking:
    ref: str
    slot: str
    visitors: dict
    member: bool = False
    paid: float = 0.0

    def headcount(self):
        return sum(self.visitors.values())


def slot_times(opening=OPENING, closing=CLOSING, minutes=SLOT_MINUTES):
    start = datetime.combine(datetime.today(), opening)
    end = datetime.combine(datetime.today(), closing)
    slots = []
    while start < end:
        slots.append(start.strftime("%H:%M"))
        start += timedelta(minutes=minutes)
    return slots


def ticket_price(visitors, member=False):
    total = 0.0
    for kind, count in visitors.items():
        total += PRICES[kind] * count
    if member:
        total *= 1 - MEMBER_DISCOUNT
    return round(total, 2)


class TimedEntry:
    def __init__(self, capacity=SLOT_CAPACITY):
        self.capacity = capacity
        self.bookings = {}
        self.sold = {slot: 0 for slot in slot_times()}
        self.counter = 0

    def available(self, slot):
        return self.capacity - self.sold[slot]

    def book(self, slot, visitors, member=False):
        people = sum(visitors.values())
        if people > self.available(slot):
            raise ValueError(f"only {self.available(slot)} places left at {slot}")
        self.counter += 1
        booking = Booking(f"MT{self.counter:05d}", slot, visitors, member)
        booking.paid = ticket_price(visitors, member=member)
        self.bookings[booking.ref] = booking
        self.sold[slot] += people
        log.info("booked %s: %d at %s", booking.ref, people, slot)
        return booking

    def cancel(self, ref, fee=2.0):
        booking = self.bookings.pop(ref)
        self.sold[booking.slot] -= booking.headcount()
        refund = max(booking.paid - fee, 0.0)
        log.info("cancelled %s, refund %.2f", ref, refund)
        return refund

    def takings(self):
        total = sum(booking.paid for booking in self.bookings.values())
        return round(total, 2)


def day_report(entry):
    lines = []
    for slot, sold in entry.sold.items():
        if sold:
            lines.append(f"{slot}  {sold:>3} booked  {entry.available(slot):>3} left")
    lines.append(f"takings: {entry.takings():.2f}")
    return "\n".join(lines)


def save_bookings(entry, path=BOOKINGS_FILE):
    data = [asdict(booking) for booking in entry.bookings.values()]
    Path(path).write_text(json.dumps(data, indent=2))
    log.info("saved %d bookings to %s", len(data), path)


def load_bookings(path=BOOKINGS_FILE, capacity=SLOT_CAPACITY):
    data = json.loads(Path(path).read_text())
    entry = TimedEntry(capacity)
    for item in data:
        booking = Booking(**item)
        entry.bookings[booking.ref] = booking
        entry.sold[booking.slot] += booking.headcount()
    entry.counter = len(entry.bookings)
    return entry


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    entry = TimedEntry()
    first = entry.book("10:30", {"adult": 2, "child": 2}, member=True)
    entry.book("10:30", {"student": 3})
    entry.book("14:00", {"senior": 2, "adult": 1})
    print(f"refund {entry.cancel(first.ref):.2f}")
    print(day_report(entry))
    save_bookings(entry)
    print("places left at 14:00:", load_bookings().available("14:00"))
