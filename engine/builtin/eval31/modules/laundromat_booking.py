"""Booking slots for the shared washers and dryers in an apartment building's laundry room."""

import json
from datetime import datetime, timedelta

WASH_MINUTES = 45
DRY_MINUTES = 60
GRACE_MINUTES = 10
MAX_BOOKINGS_PER_FLAT = 3
OPENING_HOUR = 7
CLOSING_HOUR = 22


def parse_slot(text):
    day, start = text.split(" ")
    return datetime.strptime(day + " " + start, "%Y-%m-%d %H:%M")


def slot_end(start, machine_kind, extra_minutes=0):
    minutes = WASH_MINUTES if machine_kind == "washer" else DRY_MINUTES
    return start + timedelta(minutes=minutes + extra_minutes)


def within_hours(start, end, opening=OPENING_HOUR, closing=CLOSING_HOUR):
    if start.hour < opening:
        return False
    return end.hour < closing or (end.hour == closing and end.minute == 0)


def load_bookings(path, building_code):
    with open(path) as handle:
        raw = json.load(handle)
    bookings = []
    for item in raw:
        bookings.append(Booking(item["flat"], item["machine"], parse_slot(item["start"])))
    return bookings


class Machine:
    def __init__(self, number, kind="washer", coin_price=2.5):
        self.number = number
        self.kind = kind
        self.coin_price = coin_price
        self.out_of_order = False

    def label(self):
        return "%s %d" % (self.kind.title(), self.number)


class Booking:
    def __init__(self, flat, machine_number, start, kind="washer"):
        self.flat = flat
        self.machine_number = machine_number
        self.start = start
        self.kind = kind
        self.end = slot_end(start, kind)
        self.collected = False

    def overlaps(self, other):
        if self.machine_number != other.machine_number:
            return False
        return self.start < other.end and other.start < self.end

    def is_abandoned(self, now):
        return not self.collected and now > self.end + timedelta(minutes=GRACE_MINUTES)


class LaundryRoom:
    def __init__(self, building, machines):
        self.building = building
        self.machines = {machine.number: machine for machine in machines}
        self.bookings = []

    def bookings_for(self, flat, day):
        return [b for b in self.bookings if b.flat == flat and b.start.date() == day]

    def book(self, flat, machine_number, start):
        machine = self.machines[machine_number]
        if machine.out_of_order:
            raise ValueError(machine.label() + " is out of order")
        booking = Booking(flat, machine_number, start, kind=machine.kind)
        if not within_hours(booking.start, booking.end):
            raise ValueError("the laundry room is closed then")
        if len(self.bookings_for(flat, start.date())) >= MAX_BOOKINGS_PER_FLAT:
            raise ValueError("flat %s has used all its slots today" % flat)
        for existing in self.bookings:
            if existing.overlaps(booking):
                raise ValueError("slot taken by flat %s" % existing.flat)
        self.bookings.append(booking)
        return booking

    def cancel(self, flat, machine_number, start):
        before = len(self.bookings)
        self.bookings = [
            b for b in self.bookings
            if not (b.flat == flat and b.machine_number == machine_number and b.start == start)
        ]
        return before - len(self.bookings)

    def free_slots(self, machine_number, day, step_minutes=15):
        machine = self.machines[machine_number]
        slots = []
        start = datetime(day.year, day.month, day.day, OPENING_HOUR)
        while start.hour < CLOSING_HOUR:
            candidate = Booking("?", machine_number, start, kind=machine.kind)
            if within_hours(candidate.start, candidate.end) and not any(
                b.overlaps(candidate) for b in self.bookings
            ):
                slots.append(start)
            start += timedelta(minutes=step_minutes)
        return slots

    def abandoned_loads(self, now):
        return [b for b in self.bookings if b.is_abandoned(now)]

    def import_file(self, path):
        added = 0
        for booking in load_bookings(path, self.building):
            self.book(booking.flat, booking.machine_number, booking.start)
            added += 1
        return added
