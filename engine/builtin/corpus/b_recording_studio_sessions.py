"""Booking sessions in a two-room recording studio."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import List

ROOM_RATES = {"live room": 55.0, "vocal booth": 30.0}
ENGINEER_RATE = 25.0
DAY_BLOCK_HOURS = 10
DAY_BLOCK_DISCOUNT = 0.2
SETUP_TIME = timedelta(minutes=30)


@dataclass
class Session:
    artist: str
    room: str
    start: datetime
    hours: float
    engineer: bool = True
    mixing: bool = False

    @property
    def end(self) -> datetime:
        return self.start + timedelta(hours=self.hours)

    def overlaps(self, other, buffer=SETUP_TIME):
        """Sessions in the same room clash if they are closer than the setup time."""
        if self.room != other.room:
            return False
        return self.start < other.end + buffer and other.start < self.end + buffer


def session_cost(session, *, deposit_paid=0.0):
    rate = ROOM_RATES.get(session.room)
    if rate is None:
        raise KeyError(f"unknown room {session.room!r}")
    hourly = rate + (ENGINEER_RATE if session.engineer else 0)
    total = hourly * session.hours
    if session.hours >= DAY_BLOCK_HOURS:
        total *= 1 - DAY_BLOCK_DISCOUNT
    return round(total - deposit_paid, 2)


def book(diary: List[Session], session: Session) -> bool:
    """Add a session to the diary unless it clashes."""
    clashes = [s for s in diary if s.overlaps(session)]
    if clashes:
        return False
    diary.append(session)
    diary.sort(key=lambda s: s.start)
    return True


def free_slots(diary, room, day, opening=10, closing=22):
    """Gaps of at least an hour in a room's day, between opening and closing."""
    booked = sorted((s for s in diary if s.room == room and s.start.date() == day.date()),
                    key=lambda s: s.start)
    cursor = day.replace(hour=opening, minute=0, second=0, microsecond=0)
    close = day.replace(hour=closing, minute=0, second=0, microsecond=0)
    slots = []
    for session in booked:
        if session.start - cursor >= timedelta(hours=1):
            slots.append((cursor, session.start))
        cursor = max(cursor, session.end + SETUP_TIME)
    if close - cursor >= timedelta(hours=1):
        slots.append((cursor, close))
    return slots
