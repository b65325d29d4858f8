"""Desk and meeting room booking for the coworking space.

Members hold a plan that gives them a number of desk days a month.
Hot desks are booked by the half day; fixed desk members always have
their own desk. Meeting rooms are booked by the hour and paid from
credits that come with the plan.
"""
from __future__ import annotations

import csv
import logging
from collections import defaultdict, namedtuple
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Optional, Set, Tuple

logger = logging.getLogger("cowork.bookings")

OPEN_HOURS = (time(8, 0), time(19, 0))
MORNING_ENDS = time(13, 0)
PLAN_DESK_DAYS = {"casual": 4, "part_time": 10, "full_time": 23, "fixed": 23}
ROOM_CREDITS_PER_MONTH = {"casual": 2, "part_time": 6, "full_time": 12, "fixed": 16}
DAY_PASS_PRICE = 22.0
CANCEL_NOTICE = timedelta(hours=12)
EXPORT_FILE = "bookings.csv"
HALF_DAYS = ("am", "pm")


@dataclass
class Member:
    member_id: str
    name: str
    plan: str = "casual"
    fixed_desk: Optional[str] = None
    company: str = ""

    @property
    def monthly_desk_days(self) -> int:
        return PLAN_DESK_DAYS.get(self.plan, 0)

    @property
    def monthly_room_credits(self) -> int:
        return ROOM_CREDITS_PER_MONTH.get(self.plan, 0)


# half is "am" or "pm"
DeskBooking = namedtuple("DeskBooking", ["member_id", "desk", "day", "half"])


@dataclass
class RoomBooking:
    member_id: str
    room: str
    start: datetime
    hours: int = 1

    @property
    def end(self) -> datetime:
        return self.start + timedelta(hours=self.hours)

    def clashes(self, other: "RoomBooking") -> bool:
        return self.room == other.room and self.start < other.end and other.start < self.end


@lru_cache(maxsize=None)
def _half_of(moment: time) -> str:
    return "am" if moment < MORNING_ENDS else "pm"


def within_hours(start: datetime, end: datetime) -> bool:
    opening, closing = OPEN_HOURS
    return opening <= start.time() and end.time() <= closing and start.date() == end.date()


class Space:
    def __init__(self, hot_desks: List[str], rooms: Dict[str, int]) -> None:
        self.hot_desks = hot_desks
        self.rooms = rooms
        self.members: Dict[str, Member] = {}
        self.desk_bookings: List[DeskBooking] = []
        self.room_bookings: List[RoomBooking] = []

    def join(self, member: Member) -> None:
        self.members[member.member_id] = member

    def _member(self, member_id: str) -> Member:
        try:
            return self.members[member_id]
        except KeyError:
            raise ValueError(f"unknown member {member_id}") from None

    def desk_days_used(self, member_id: str, month: Tuple[int, int]) -> float:
        year, number = month
        halves = sum(1 for b in self.desk_bookings
                     if b.member_id == member_id and b.day.year == year and b.day.month == number)
        return halves / 2

    def taken_desks(self, day: date, half: str) -> Set[str]:
        return {b.desk for b in self.desk_bookings if b.day == day and b.half == half}

    def free_desks(self, day: date, half: str) -> List[str]:
        taken = self.taken_desks(day, half)
        return [desk for desk in self.hot_desks if desk not in taken]

    def book_desk(self, member_id: str, day: date, half: str, *,
                  desk: Optional[str] = None) -> DeskBooking:
        member = self._member(member_id)
        if member.fixed_desk:
            raise ValueError(f"{member.name} has fixed desk {member.fixed_desk}")
        used = self.desk_days_used(member_id, (day.year, day.month))
        if used + 0.5 > member.monthly_desk_days:
            raise ValueError(f"{member.name} has used all {member.monthly_desk_days} desk days")
        free = self.free_desks(day, half)
        if desk is None:
            if not free:
                raise ValueError(f"no hot desks free on {day} {half}")
            desk = free[0]
        elif desk not in free:
            raise ValueError(f"desk {desk} is taken on {day} {half}")
        booking = DeskBooking(member_id, desk, day, half)
        self.desk_bookings.append(booking)
        return booking

    def book_day(self, member_id: str, day: date) -> List[DeskBooking]:
        """Book both halves, keeping the same desk where possible."""
        morning = self.book_desk(member_id, day, "am")
        try:
            afternoon = self.book_desk(member_id, day, "pm", desk=morning.desk)
        except ValueError:
            afternoon = self.book_desk(member_id, day, "pm")
        return [morning, afternoon]

    def room_credits_used(self, member_id: str, month: Tuple[int, int]) -> int:
        year, number = month
        return sum(b.hours for b in self.room_bookings
                   if b.member_id == member_id and (b.start.year, b.start.month) == (year, number))

    def book_room(self, member_id: str, room: str, start: datetime, hours: int = 1,
                  attendees: int = 2) -> RoomBooking:
        member = self._member(member_id)
        if room not in self.rooms:
            raise ValueError(f"no room called {room}")
        if attendees > self.rooms[room]:
            raise ValueError(f"{room} seats {self.rooms[room]}, not {attendees}")
        booking = RoomBooking(member_id, room, start, hours)
        if not within_hours(booking.start, booking.end):
            raise ValueError("rooms can only be booked during opening hours")
        if any(booking.clashes(other) for other in self.room_bookings):
            raise ValueError(f"{room} is already booked at {start:%H:%M}")
        used = self.room_credits_used(member_id, (start.year, start.month))
        if used + hours > member.monthly_room_credits:
            logger.info("%s is over room credits, booking will be invoiced", member.name)
        self.room_bookings.append(booking)
        return booking

    def cancel_room(self, booking: RoomBooking, now: Optional[datetime] = None) -> bool:
        """Cancel a room; inside the notice period the credits are still used."""
        now = now or datetime.now()
        if booking not in self.room_bookings:
            return False
        if booking.start - now < CANCEL_NOTICE:
            logger.info("late cancellation of %s, credits kept", booking.room)
            return False
        self.room_bookings.remove(booking)
        return True

    def who_is_in(self, moment: datetime) -> List[str]:
        half = _half_of(moment.time())
        ids = {b.member_id for b in self.desk_bookings if b.day == moment.date() and b.half == half}
        ids.update(m.member_id for m in self.members.values() if m.fixed_desk)
        return sorted(self.members[i].name for i in ids if i in self.members)

    def occupancy(self, day: date) -> Dict[str, float]:
        desks = len(self.hot_desks) or 1
        return {half: round(len(self.taken_desks(day, half)) / desks, 2) for half in HALF_DAYS}

    def overage_invoice(self, month: Tuple[int, int]) -> Dict[str, float]:
        """Day-pass charges for members who went over their desk days."""
        owed: Dict[str, float] = defaultdict(float)
        for member in self.members.values():
            extra = self.desk_days_used(member.member_id, month) - member.monthly_desk_days
            if extra > 0:
                owed[member.name] += extra * DAY_PASS_PRICE
        return dict(owed)

    def export(self, folder: Path, filename: str = EXPORT_FILE) -> Path:
        path = folder / filename
        with path.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["kind", "member", "where", "when", "length"])
            for desk in sorted(self.desk_bookings, key=lambda b: (b.day, b.half)):
                writer.writerow(["desk", desk.member_id, desk.desk,
                                 desk.day.isoformat(), desk.half])
            for room in sorted(self.room_bookings, key=lambda b: b.start):
                writer.writerow(["room", room.member_id, room.room,
                                 room.start.isoformat(timespec="minutes"), f"{room.hours}h"])
        return path
