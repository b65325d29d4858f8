"""Booking desk for a sign language interpreting service.

Requests come in from hospitals, courts, colleges and employers. Long or
technical assignments need two interpreters so they can swap every
twenty minutes; everything else needs one. Interpreters carry a
registration level, and some settings demand the higher level.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from typing import Dict, Iterable, List, Optional, Sequence

logger = logging.getLogger("interpreting.bookings")

CO_WORK_THRESHOLD = timedelta(hours=2)
MINIMUM_CHARGE_HOURS = Decimal("2")
HOURLY_RATE = Decimal("48.50")
TRAVEL_RATE_PER_MILE = Decimal("0.45")
LATE_NOTICE = timedelta(hours=48)
LATE_NOTICE_SURCHARGE = Decimal("0.25")
MAX_DAILY_HOURS = 6


class Setting(Enum):
    MEDICAL = "medical"
    LEGAL = "legal"
    EDUCATION = "education"
    EMPLOYMENT = "employment"
    COMMUNITY = "community"


# registration levels: 1 trainee, 2 registered, 3 senior
REQUIRED_LEVEL = {
    Setting.LEGAL: 3,
    Setting.MEDICAL: 2,
    Setting.EDUCATION: 2,
    Setting.EMPLOYMENT: 2,
    Setting.COMMUNITY: 1,
}


@dataclass
class Interpreter:
    name: str
    level: int
    home_postcode: str
    languages: Sequence[str] = ("BSL",)
    deafblind_trained: bool = False
    bookings: List["Booking"] = field(default_factory=list)

    def hours_on(self, day: datetime) -> float:
        total = timedelta()
        for booking in self.bookings:
            if booking.start.date() == day.date():
                total += booking.duration
        return total.total_seconds() / 3600

    def is_free(self, start: datetime, end: datetime) -> bool:
        return all(b.end <= start or b.start >= end for b in self.bookings)

    def diary(self, day: datetime) -> List[str]:
        """One line per assignment on the given day, in time order."""
        todays = sorted((b for b in self.bookings if b.start.date() == day.date()),
                        key=lambda b: b.start)
        return [f"{b.start:%H:%M}-{b.end:%H:%M} {b.reference} {b.client} ({b.setting.value})"
                for b in todays]


@dataclass
class Booking:
    reference: str
    client: str
    setting: Setting
    start: datetime
    duration: timedelta
    language: str = "BSL"
    deafblind: bool = False
    travel_miles: float = 0.0
    requested_at: Optional[datetime] = None
    interpreters: List[Interpreter] = field(default_factory=list)

    @property
    def end(self) -> datetime:
        return self.start + self.duration

    @property
    def needs_co_worker(self) -> bool:
        return self.duration > CO_WORK_THRESHOLD or self.setting is Setting.LEGAL

    @property
    def interpreters_needed(self) -> int:
        return 2 if self.needs_co_worker else 1

    @property
    def is_covered(self) -> bool:
        return len(self.interpreters) >= self.interpreters_needed

    def late_notice(self) -> bool:
        if self.requested_at is None:
            return False
        return self.start - self.requested_at < LATE_NOTICE


def _money(amount: Decimal) -> Decimal:
    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def suitable(interpreter: Interpreter, booking: Booking, *,
             max_hours: float = MAX_DAILY_HOURS) -> bool:
    """Whether an interpreter may take this booking at all."""
    if interpreter.level < REQUIRED_LEVEL[booking.setting]:
        return False
    if booking.language not in interpreter.languages:
        return False
    if booking.deafblind and not interpreter.deafblind_trained:
        return False
    if not interpreter.is_free(booking.start, booking.end):
        return False
    booked_hours = interpreter.hours_on(booking.start)
    return booked_hours + booking.duration.total_seconds() / 3600 <= max_hours


def rank_candidates(booking: Booking, pool: Iterable[Interpreter]) -> List[Interpreter]:
    candidates = [i for i in pool if suitable(i, booking)]
    # prefer the least busy interpreter that day, then the higher level
    candidates.sort(key=lambda i: (i.hours_on(booking.start), -i.level))
    return candidates


def assign(booking: Booking, pool: Iterable[Interpreter]) -> bool:
    candidates = rank_candidates(booking, pool)
    wanted = booking.interpreters_needed - len(booking.interpreters)
    for interpreter in candidates[:wanted]:
        booking.interpreters.append(interpreter)
        interpreter.bookings.append(booking)
        logger.info("%s assigned to %s", interpreter.name, booking.reference)
    if not booking.is_covered:
        logger.warning("%s still needs %d interpreter(s)", booking.reference,
                       booking.interpreters_needed - len(booking.interpreters))
    return booking.is_covered


def quote(booking: Booking, rate: Decimal = HOURLY_RATE, *,
          include_travel: bool = True) -> Decimal:
    """Price for the client, per interpreter, with the minimum charge applied."""
    hours = Decimal(str(booking.duration.total_seconds() / 3600))
    billable = max(hours, MINIMUM_CHARGE_HOURS)
    fee = billable * rate * booking.interpreters_needed
    if booking.late_notice():
        fee += fee * LATE_NOTICE_SURCHARGE
    if include_travel and booking.travel_miles:
        miles = Decimal(str(booking.travel_miles)) * 2
        fee += miles * TRAVEL_RATE_PER_MILE * booking.interpreters_needed
    return _money(fee)


def fill_diary(bookings: List[Booking], pool: List[Interpreter]) -> Dict[str, List[str]]:
    """Assign the hardest bookings first and report what is left uncovered."""
    hardest_first = sorted(
        bookings,
        key=lambda b: (-REQUIRED_LEVEL[b.setting], not b.deafblind, b.start),
    )
    outcome: Dict[str, List[str]] = {"covered": [], "uncovered": []}
    for booking in hardest_first:
        key = "covered" if assign(booking, pool) else "uncovered"
        outcome[key].append(booking.reference)
    return outcome


def cancel(booking: Booking, when: datetime, rate: Decimal = HOURLY_RATE) -> Decimal:
    """Release interpreters and return the cancellation fee owed."""
    for interpreter in booking.interpreters:
        if booking in interpreter.bookings:
            interpreter.bookings.remove(booking)
    booking.interpreters.clear()
    if booking.start - when >= LATE_NOTICE:
        return Decimal("0.00")
    return quote(booking, rate=rate, include_travel=False)
