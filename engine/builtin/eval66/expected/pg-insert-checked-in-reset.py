"""Appointment book for a small pet grooming salon."""

import re
from datetime import datetime, timedelta

OPENING_HOUR = 9
CLOSING_HOUR = 17
SLOT_MINUTES = 30
BASE_PRICES = {"bath": 25.0, "trim": 35.0, "full": 55.0, "nails": 10.0}
PHONE_PATTERN = re.compile(r"^\+?[0-9 ]{7,15}$")


def size_surcharge(weight_kg, per_kg=0.5, free_up_to=10):
    extra = max(0.0, weight_kg - free_up_to)
    return round(extra * per_kg, 2)


def service_price(service, weight_kg, matted=False, discount=0.0):
    price = BASE_PRICES[service] + size_surcharge(weight_kg)
    if matted:
        price += 15.0
    return round(price * (1 - discount), 2)


def slots_for_day(day, slot_minutes=SLOT_MINUTES):
    slot = datetime(day.year, day.month, day.day, OPENING_HOUR)
    closing = slot.replace(hour=CLOSING_HOUR)
    slots = []
    while slot + timedelta(minutes=slot_minutes) <= closing:
        slots.append(slot)
        slot += timedelta(minutes=slot_minutes)
    return slots


def valid_phone(number, country="GB"):
    return bool(PHONE_PATTERN.match(number.strip()))


class Appointment:
    def __init__(self, pet_name, owner_phone, service, starts_at, weight_kg):
        if not valid_phone(owner_phone, country="GB"):
            raise ValueError(f"bad phone number: {owner_phone!r}")
        self.pet_name = pet_name
        self.owner_phone = owner_phone
        self.service = service
        self.starts_at = starts_at
        self.weight_kg = weight_kg
        self.checked_in = False
        self.matted = False

    def price(self, discount=0.0):
        return service_price(self.service, self.weight_kg, matted=self.matted, discount=discount)

    def check_in(self, matted=False):
        self.checked_in = True
        self.matted = matted


class AppointmentBook:
    def __init__(self, groomer, slot_minutes=SLOT_MINUTES):
        self.groomer = groomer
        self.slot_minutes = slot_minutes
        self.appointments = {}
        self.cancelled = []

    def free_slots(self, day):
        return [s for s in slots_for_day(day, self.slot_minutes) if s not in self.appointments]

    def book(self, appointment):
        if appointment.starts_at in self.appointments:
            raise ValueError(f"{appointment.starts_at:%H:%M} is already booked")
        self.appointments[appointment.starts_at] = appointment

    def cancel(self, starts_at):
        appointment = self.appointments.pop(starts_at)
        appointment.checked_in = False
        self.cancelled.append(appointment)
        return appointment

    def day_takings(self, day, discount=0.0):
        total = 0.0
        for starts_at, appointment in self.appointments.items():
            if starts_at.date() == day and appointment.checked_in:
                total += appointment.price(discount=discount)
        return round(total, 2)

    def day_sheet(self, day):
        lines = [f"{self.groomer} - {day:%A %d %B}"]
        for slot in slots_for_day(day, self.slot_minutes):
            appointment = self.appointments.get(slot)
            label = f"{appointment.pet_name} ({appointment.service})" if appointment else "free"
            lines.append(f"{slot:%H:%M}  {label}")
        return "\n".join(lines)
