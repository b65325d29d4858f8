"""Public sauna session timetable, capacity and ticket sales."""

import math
from datetime import datetime, timedelta

SESSION_MINUTES = 90
CLEANING_GAP_MINUTES = 15
MAX_BATHERS = 12
CONCESSION_RATE = 0.5
BASE_TICKET_PRICE = 11.0
TOWEL_HIRE = 2.0
OPENING_HOUR = 7
CLOSING_HOUR = 22


def day_slots(day, opening=OPENING_HOUR, closing=CLOSING_HOUR, gap=CLEANING_GAP_MINUTES):
    slots = []
    cursor = datetime(day.year, day.month, day.day, opening)
    close_at = datetime(day.year, day.month, day.day, closing)
    step = timedelta(minutes=SESSION_MINUTES + gap)
    while cursor + timedelta(minutes=SESSION_MINUTES) <= close_at:
        slots.append(cursor)
        cursor += step
    return slots


def ticket_price(concession=False, towel=False, base=BASE_TICKET_PRICE):
    price = base * (CONCESSION_RATE if concession else 1)
    if towel:
        price += TOWEL_HIRE
    return round(price, 2)


def sessions_needed(visitors, capacity=MAX_BATHERS):
    return math.ceil(visitors / capacity)


class Session:
    def __init__(self, start, quiet=False, capacity=MAX_BATHERS):
        self.start = start
        self.end = start + timedelta(minutes=SESSION_MINUTES)
        self.quiet = quiet
        self.capacity = capacity
        self.bathers = []
        self.takings = 0.0

    def places_left(self):
        return self.capacity - len(self.bathers)

    def is_full(self):
        return self.places_left() <= 0

    def admit(self, name, concession=False, towel=False):
        if self.is_full():
            return False
        self.bathers.append(name)
        self.takings += ticket_price(concession=concession, towel=towel)
        return True

    def overlaps(self, other):
        return self.start < other.end and other.start < self.end


class SaunaDay:
    def __init__(self, day, quiet_hours=None):
        self.day = day
        self.quiet_hours = quiet_hours or set()
        self.sessions = [Session(s, quiet=s.hour in self.quiet_hours) for s in day_slots(day)]

    def session_at(self, when):
        for session in self.sessions:
            if session.start <= when < session.end:
                return session
        return None

    def sell(self, name, when, concession=False, towel=False):
        when = when.replace(second=0, microsecond=0)
        session = self.session_at(when)
        if session is None:
            raise LookupError(f"no session at {when:%H:%M}")
        if session.quiet and session.places_left() <= session.capacity // 2:
            return False
        return session.admit(name, concession=concession, towel=towel)

    def extra_sessions_for(self, visitors):
        return max(0, sessions_needed(visitors) - len(self.sessions))

    def total_takings(self):
        return round(sum(s.takings for s in self.sessions), 2)

    def busiest(self):
        ranked = sorted(self.sessions, key=lambda s: len(s.bathers), reverse=True)
        return ranked[0] if ranked else None
