"""Appointment book and pricing for a nail salon."""

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Optional

OPENING_HOUR = 9
CLOSING_HOUR = 19
CLEAN_DOWN = timedelta(minutes=10)
NO_SHOW_FEE = 15.0
LOYALTY_STAMPS_FOR_FREE = 8
TREATMENTS = {
    "manicure": (25.0, 40),
    "gel manicure": (32.0, 50),
    "pedicure": (35.0, 55),
    "acrylic full set": (45.0, 80),
    "infills": (30.0, 45),
    "gel removal": (10.0, 20),
}


@dataclass
class Client:
    name: str
    phone: str
    stamps: int = 0
    allergies: list = field(default_factory=list)

    def add_stamp(self):
        self.stamps += 1
        if self.stamps >= LOYALTY_STAMPS_FOR_FREE:
            self.stamps = 0
            return True
        return False


@dataclass
class Appointment:
    client: Client
    technician: str
    start: datetime
    treatments: list
    nail_art: int = 0
    attended: Optional[bool] = None

    @property
    def duration(self) -> timedelta:
        minutes = sum(TREATMENTS[t][1] for t in self.treatments) + self.nail_art * 5
        return timedelta(minutes=minutes)

    @property
    def end(self) -> datetime:
        return self.start + self.duration


def appointment_price(appointment, *, free_visit=False, art_per_nail=2.5):
    if free_visit:
        return 0.0
    total = sum(TREATMENTS[t][0] for t in appointment.treatments)
    total += appointment.nail_art * art_per_nail
    if "gel removal" in appointment.treatments and len(appointment.treatments) > 1:
        total -= TREATMENTS["gel removal"][0]
    return round(total, 2)


def _overlaps(first, second):
    return first.start < second.end + CLEAN_DOWN and second.start < first.end + CLEAN_DOWN


class AppointmentBook:
    def __init__(self, technicians):
        self.technicians = list(technicians)
        self.appointments = []

    def is_free(self, candidate):
        if candidate.start.hour < OPENING_HOUR:
            return False
        closing = candidate.start.replace(hour=CLOSING_HOUR, minute=0)
        if candidate.end > closing:
            return False
        return not any(
            _overlaps(candidate, booked)
            for booked in self.appointments
            if booked.technician == candidate.technician
        )

    def book(self, client, start, treatments, technician=None, nail_art=0):
        unknown = [t for t in treatments if t not in TREATMENTS]
        if unknown:
            raise ValueError(f"not on the price list: {', '.join(unknown)}")
        names = [technician] if technician else self.technicians
        for name in names:
            candidate = Appointment(client, name, start, list(treatments), nail_art=nail_art)
            if self.is_free(candidate):
                self.appointments.append(candidate)
                return candidate
        return None

    def check_out(self, appointment, attended=True):
        appointment.attended = attended
        if not attended:
            return NO_SHOW_FEE
        free = appointment.client.add_stamp()
        return appointment_price(appointment, free_visit=free)

    def day_list(self, day):
        todays = [a for a in self.appointments if a.start.date() == day]
        return sorted(todays, key=lambda a: (a.technician, a.start))
