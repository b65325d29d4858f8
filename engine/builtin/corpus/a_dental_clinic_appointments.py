"""Appointment book for a small dental clinic.

Handles slot generation for each dentist, booking and cancelling
appointments, and working out late-cancellation charges.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from enum import Enum
from typing import Iterable, Optional

log = logging.getLogger(__name__)

SLOT_MINUTES = 15
DAY_START = time(8, 30)
DAY_END = time(17, 0)
LUNCH_BREAK = (time(12, 30), time(13, 15))
LATE_CANCEL_HOURS = 24
LATE_CANCEL_FEE = 35.00
MAX_BOOKINGS_PER_PATIENT = 3


class Treatment(Enum):
    CHECKUP = 2
    HYGIENE = 3
    FILLING = 4
    ROOT_CANAL = 8
    EXTRACTION = 4

    @property
    def minutes(self) -> int:
        return self.value * SLOT_MINUTES


@dataclass
class Appointment:
    """A booked treatment slot with one dentist."""
    patient_id: str
    dentist: str
    start: datetime
    treatment: Treatment = Treatment.CHECKUP
    notes: str = ""
    cancelled: bool = False

    @property
    def end(self) -> datetime:
        return self.start + timedelta(minutes=self.treatment.minutes)

    def overlaps(self, other: "Appointment") -> bool:
        if self.dentist != other.dentist or self.cancelled or other.cancelled:
            return False
        return self.start < other.end and other.start < self.end


@dataclass
class AppointmentBook:
    clinic_name: str
    dentists: list[str] = field(default_factory=list)
    appointments: list[Appointment] = field(default_factory=list)

    def for_day(self, day: date, dentist: Optional[str] = None) -> list[Appointment]:
        booked = [
            a for a in self.appointments
            if a.start.date() == day and not a.cancelled
        ]
        if dentist is not None:
            booked = [a for a in booked if a.dentist == dentist]
        return sorted(booked, key=lambda a: a.start)

    def free_slots(self, day: date, dentist: str, treatment: Treatment = Treatment.CHECKUP) -> list[datetime]:
        """Start times on ``day`` where ``treatment`` fits for ``dentist``."""
        candidates = []
        for start in _slot_starts(day):
            trial = Appointment("?", dentist, start, treatment)
            if not _within_hours(trial):
                continue
            if any(trial.overlaps(a) for a in self.for_day(day, dentist)):
                continue
            candidates.append(start)
        return candidates

    def book(self, patient_id: str, dentist: str, start: datetime,
             treatment: Treatment = Treatment.CHECKUP, *, notes: str = "") -> Appointment:
        if dentist not in self.dentists:
            raise ValueError(f"unknown dentist {dentist!r}")
        upcoming = [a for a in self.appointments
                    if a.patient_id == patient_id and not a.cancelled and a.start >= start]
        if len(upcoming) >= MAX_BOOKINGS_PER_PATIENT:
            raise ValueError(f"patient {patient_id} already has {len(upcoming)} bookings")
        appointment = Appointment(patient_id, dentist, start, treatment, notes=notes)
        if not _within_hours(appointment):
            raise ValueError("appointment falls outside opening hours")
        clash = next((a for a in self.appointments if appointment.overlaps(a)), None)
        if clash is not None:
            raise ValueError(f"clashes with {clash.patient_id} at {clash.start:%H:%M}")
        self.appointments.append(appointment)
        log.info("booked %s with %s at %s", patient_id, dentist, start)
        return appointment

    def cancel(self, appointment: Appointment, now: Optional[datetime] = None) -> float:
        """Cancel and return the fee owed (zero if early enough)."""
        appointment.cancelled = True
        return cancellation_fee(appointment, now or datetime.now())


def _slot_starts(day: date) -> Iterable[datetime]:
    current = datetime.combine(day, DAY_START)
    closing = datetime.combine(day, DAY_END)
    while current < closing:
        yield current
        current += timedelta(minutes=SLOT_MINUTES)


def _within_hours(appointment: Appointment) -> bool:
    day = appointment.start.date()
    opening = datetime.combine(day, DAY_START)
    closing = datetime.combine(day, DAY_END)
    lunch_from = datetime.combine(day, LUNCH_BREAK[0])
    lunch_to = datetime.combine(day, LUNCH_BREAK[1])
    if appointment.start < opening or appointment.end > closing:
        return False
    return appointment.end <= lunch_from or appointment.start >= lunch_to


def cancellation_fee(appointment: Appointment, now: datetime, fee: float = LATE_CANCEL_FEE) -> float:
    """Fee for cancelling at ``now``: none with enough notice, double for no-shows."""
    notice = appointment.start - now
    if notice >= timedelta(hours=LATE_CANCEL_HOURS):
        return 0.0
    if notice <= timedelta(0):
        return fee * 2
    return fee


def chair_utilisation(book: AppointmentBook, day: date, dentist: str) -> float:
    """Share of the dentist's working minutes that are booked."""
    open_minutes = (datetime.combine(day, DAY_END) - datetime.combine(day, DAY_START)).seconds / 60
    lunch = (datetime.combine(day, LUNCH_BREAK[1]) - datetime.combine(day, LUNCH_BREAK[0])).seconds / 60
    used = sum(a.treatment.minutes for a in book.for_day(day, dentist))
    return round(used / (open_minutes - lunch), 3)
