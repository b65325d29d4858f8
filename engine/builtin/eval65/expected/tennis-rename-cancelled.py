"""Court bookings for a tennis club: slots, members and floodlight charges."""

import json
from datetime import date, datetime, time, timedelta

COURTS = ("Court 1", "Court 2", "Court 3", "Clay")
SLOT_MINUTES = 60
OPENING_TIME = time(7, 0)
CLOSING_TIME = time(22, 0)
FLOODLIGHT_FEE = 4.50
MAX_ADVANCE_DAYS = 14


class Booking:
    def __init__(self, court, member, start, minutes=SLOT_MINUTES, guests=0):
        self.court = court
        self.member = member
        self.start = start
        self.minutes = minutes
        self.guests = guests

    @property
    def end(self):
        return self.start + timedelta(minutes=self.minutes)

    def overlaps(self, other):
        if self.court != other.court:
            return False
        return self.start < other.end and other.start < self.end

    def needs_floodlights(self, dusk):
        return self.end.time() > dusk


class CourtSheet:
    def __init__(self, day=None):
        self.day = day or date.today()
        self.bookings = []
        self.cancellations = 0

    def is_free(self, court, start, minutes=SLOT_MINUTES):
        probe = Booking(court, None, start, minutes)
        return not any(probe.overlaps(booking) for booking in self.bookings)

    def book(self, court, member, start, minutes=SLOT_MINUTES):
        if court not in COURTS:
            raise ValueError(f"no such court: {court}")
        if not self.is_free(court, start, minutes):
            raise ValueError("slot already taken")
        booking = Booking(court, member, start, minutes)
        self.bookings.append(booking)
        return booking

    def cancel(self, booking):
        self.bookings.remove(booking)
        self.cancellations += 1

    def free_slots(self, court):
        slots = []
        cursor = datetime.combine(self.day, OPENING_TIME)
        closing = datetime.combine(self.day, CLOSING_TIME)
        while cursor + timedelta(minutes=SLOT_MINUTES) <= closing:
            if self.is_free(court, cursor):
                slots.append(cursor)
            cursor += timedelta(minutes=SLOT_MINUTES)
        return slots


def floodlight_charge(bookings, dusk, fee=FLOODLIGHT_FEE):
    lit = [booking for booking in bookings if booking.needs_floodlights(dusk)]
    return round(len(lit) * fee, 2)


def within_booking_window(start, today, max_days=MAX_ADVANCE_DAYS):
    return timedelta(0) <= start.date() - today <= timedelta(days=max_days)


def load_sheet(path, day, club_name="Riverside LTC"):
    with open(path) as handle:
        records = json.load(handle)
    sheet = CourtSheet(day)
    for record in records:
        start = datetime.fromisoformat(record["start"])
        sheet.book(record["court"], record["member"], start, record.get("minutes", SLOT_MINUTES))
    return sheet


def daily_summary(path, day, dusk=time(20, 30)):
    sheet = load_sheet(path, day, club_name="Riverside LTC")
    charge = floodlight_charge(sheet.bookings, dusk)
    booked = len(sheet.bookings)
    return f"{day:%a %d %b}: {booked} bookings, {sheet.cancellations} cancelled, lights {charge:.2f}"
