"""Scheduling and billing for piano tuning visits."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field

BASE_TUNING_FEE = 95.0
PITCH_RAISE_SURCHARGE = 40.0
MAX_VISITS_PER_DAY = 5
TRAVEL_RATE_PER_KM = 0.55
STANDARD_PITCH_HZ = 440.0


@dataclass
class Piano:
    owner: str
    make: str
    year_built: int
    measured_a4_hz: float
    is_grand: bool = False

    def cents_off(self) -> float:
        ratio = self.measured_a4_hz / STANDARD_PITCH_HZ
        return 1200 * math.log2(ratio)

    def needs_pitch_raise(self) -> bool:
        return abs(self.cents_off()) > 15


@dataclass
class TuningVisit:
    piano: Piano
    day: dt.date
    distance_km: float
    notes: list[str] = field(default_factory=list)

    def travel_cost(self) -> float:
        return round(self.distance_km * TRAVEL_RATE_PER_KM * 2, 2)

    def total_fee(self) -> float:
        fee = BASE_TUNING_FEE
        if self.piano.needs_pitch_raise():
            fee += PITCH_RAISE_SURCHARGE
        if self.piano.is_grand:
            fee += 25.0
        return round(fee + self.travel_cost(), 2)


class VisitBook:
    def __init__(self, tuner_name: str) -> None:
        self.tuner_name = tuner_name
        self.visits: list[TuningVisit] = []

    def visits_on(self, day: dt.date) -> list[TuningVisit]:
        return [visit for visit in self.visits if visit.day == day]

    def book(self, visit: TuningVisit) -> bool:
        if len(self.visits_on(visit.day)) >= MAX_VISITS_PER_DAY:
            return False
        self.visits.append(visit)
        return True

    def day_takings(self, day: dt.date) -> float:
        running_sum = 0.0
        for visit in self.visits_on(day):
            running_sum += visit.total_fee()
        return round(running_sum, 2)


def piano_age(piano: Piano, today: dt.date) -> int:
    return today.year - piano.year_built


def describe_piano(piano: Piano) -> str:
    kind = "grand" if piano.is_grand else "upright"
    return f"{piano.make} {kind} owned by {piano.owner}"


def suggest_interval_months(piano: Piano, today: dt.date, busy_studio: bool = False) -> int:
    months = 12
    if piano_age(piano, today) > 50:
        months = 6
    if busy_studio:
        months = min(months, 4)
    return months


def next_due_date(last_visit: dt.date, piano: Piano, today: dt.date, heavy_use: bool = False) -> dt.date:
    months = suggest_interval_months(piano, today, busy_studio=heavy_use)
    return last_visit + dt.timedelta(days=30 * months)


def pitch_report(book: VisitBook, day: dt.date) -> list[str]:
    lines = []
    for visit in book.visits_on(day):
        offset = visit.piano.cents_off()
        flag = "RAISE" if visit.piano.needs_pitch_raise() else "ok"
        lines.append(f"{describe_piano(visit.piano)}: {offset:+.1f} cents [{flag}]")
    return lines


def reminder_text(piano: Piano, due: dt.date) -> str:
    return (
        f"Dear {piano.owner}, your {piano.make} is due for tuning on "
        f"{due.isoformat()}. Reply to book a visit."
    )


def busiest_day(book: VisitBook) -> dt.date | None:
    counts: dict[dt.date, int] = {}
    for visit in book.visits:
        counts[visit.day] = counts.get(visit.day, 0) + 1
    if not counts:
        return None
    return max(counts, key=counts.get)
