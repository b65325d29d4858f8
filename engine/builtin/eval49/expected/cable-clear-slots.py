"""Guided tour bookings for the cable-car museum."""

import csv
import random
from datetime import time

TOUR_LENGTH_MIN = 50
MAX_GROUP = 18
GUIDE_LANGUAGES = ("english", "spanish", "cantonese")
ENGINE_ROOM_MIN_AGE = 8
TICKET_PRICE = 12.5
SENIOR_PRICE = 9.0


def ticket_total(adults, seniors=0, children=0, donation=0.0):
    total = adults * TICKET_PRICE + seniors * SENIOR_PRICE
    total += children * TICKET_PRICE / 2
    return round(total + donation, 2)


def engine_room_allowed(ages, supervised=True):
    youngest = min(ages) if ages else 0
    if youngest >= ENGINE_ROOM_MIN_AGE:
        return True
    return supervised and youngest >= ENGINE_ROOM_MIN_AGE - 2


def slot_label(start, language="english", verbose=False):
    label = f"{start.strftime('%H:%M')} ({language})"
    if verbose:
        label += f", {TOUR_LENGTH_MIN} min"
    return label


class TourSlot:
    def __init__(self, start, guide, language="english", capacity=MAX_GROUP):
        if language not in GUIDE_LANGUAGES:
            raise ValueError(f"no guide speaks {language}")
        self.start = start
        self.guide = guide
        self.language = language
        self.capacity = capacity
        self.bookings = []

    def booked(self):
        return sum(b["people"] for b in self.bookings)

    def book(self, name, people, ages=None, source="desk"):
        if self.booked() + people > self.capacity:
            return False
        booking = {"name": name, "people": people, "ages": ages or []}
        booking["engine_room"] = engine_room_allowed(booking["ages"])
        self.bookings.append(booking)
        return True

    def label(self):
        return slot_label(self.start, self.language, verbose=True)


class TourDesk:
    def __init__(self, guides, opening=time(10, 0), closing=time(16, 0)):
        self.guides = list(guides)
        self.opening = opening
        self.closing = closing
        self.slots = []

    def make_slots(self, languages=GUIDE_LANGUAGES):
        self.slots.clear()
        hour = self.opening.hour
        while hour < self.closing.hour:
            language = languages[hour % len(languages)]
            guide = random.choice(self.guides)
            self.slots.append(TourSlot(time(hour, 0), guide, language))
            hour += 1
        return self.slots

    def find_slot(self, language, people):
        for slot in self.slots:
            if slot.language == language and slot.booked() + people <= slot.capacity:
                return slot
        return None

    def walk_in(self, name, people, language="english", ages=None):
        slot = self.find_slot(language, people)
        if slot is None:
            return None
        slot.book(name, people, ages=ages, source="walk-in")
        return slot.label()

    def export_roster(self, path):
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["slot", "guide", "party", "people", "engine_room"])
            for slot in self.slots:
                for booking in slot.bookings:
                    writer.writerow([slot.label(), slot.guide, booking["name"],
                                     booking["people"], booking["engine_room"]])
        return path

    def occupancy(self):
        seats = sum(slot.capacity for slot in self.slots)
        taken = sum(slot.booked() for slot in self.slots)
        return taken / seats if seats else 0.0
