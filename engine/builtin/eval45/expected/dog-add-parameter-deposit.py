"""Appointments and pricing for a dog grooming salon."""

from collections import Counter
from datetime import datetime, timedelta

OPENING_HOUR = 9
CLOSING_HOUR = 17
BASE_WASH_PRICE = 22.0
COAT_SURCHARGE = {"short": 0.0, "medium": 6.0, "long": 12.0, "double": 18.0}
MATTING_FEE = 15.0
SLOT_MINUTES = 30


class Dog:
    def __init__(self, name, breed, coat="short", weight_kg=10.0):
        self.name = name
        self.breed = breed
        self.coat = coat
        self.weight_kg = weight_kg
        self.matted = False

    def size_band(self):
        if self.weight_kg < 10:
            return "small"
        if self.weight_kg < 25:
            return "medium"
        return "large"

    def describe(self):
        return f"{self.name} ({self.breed}, {self.coat} coat)"


class GroomingBook:
    def __init__(self, salon_name, groomers=2):
        self.salon_name = salon_name
        self.groomers = groomers
        self.appointments = []

    def book(self, dog, start, slots=2):
        if start.hour < OPENING_HOUR or start.hour >= CLOSING_HOUR:
            raise ValueError("the salon is closed at that time")
        if self.overlapping(start) >= self.groomers:
            raise ValueError("no groomer is free at that time")
        end = start + timedelta(minutes=SLOT_MINUTES * slots)
        self.appointments.append((dog, start, end))
        return end

    def overlapping(self, moment):
        return sum(1 for _, s, e in self.appointments if s <= moment < e)

    def cancel(self, dog_name):
        before = len(self.appointments)
        self.appointments = [a for a in self.appointments if a[0].name != dog_name]
        return before - len(self.appointments)

    def breeds_today(self):
        return Counter(dog.breed for dog, _, _ in self.appointments)


def groom_price(dog, include_nails=True, nail_fee=8.0):
    price = BASE_WASH_PRICE + COAT_SURCHARGE.get(dog.coat, 0.0)
    if dog.size_band() == "large":
        price *= 1.25
    if dog.matted:
        price += MATTING_FEE
    if include_nails:
        price += nail_fee
    return round(price, 2)


def slots_needed(dog, extra_minutes=0, groomer_notes=None):
    minutes = 45 + extra_minutes
    if dog.coat in ("long", "double"):
        minutes += 30
    if dog.matted:
        minutes += 20
    return -(-minutes // SLOT_MINUTES)


def book_groom(book, dog, start, include_nails=True, deposit=0.0):
    slots = slots_needed(dog, groomer_notes="walk-in")
    end = book.book(dog, start, slots=slots)
    price = groom_price(dog, include_nails=include_nails)
    return {"dog": dog.describe(), "ends": end.strftime("%H:%M"), "price": price}


def day_takings(book, when=None):
    when = when or datetime.now()
    total = 0.0
    for dog, start, _ in book.appointments:
        if start.date() == when.date():
            total += groom_price(dog)
    return total
