"""Booking the trapeze rigs at a circus school, one timetable per day."""

import json
from datetime import datetime, time, timedelta
from pathlib import Path

SLOT_MINUTES = 45
RIGS = ("static", "flying", "dance", "double")
MAX_STUDENTS_PER_RIG = 4
SPOTTER_RATIO = 3
OPENING = time(9, 0)
CLOSING = time(21, 0)
BOOKINGS_FILE = Path("trapeze_bookings.json")


def slot_starts(day, opening=OPENING, closing=CLOSING, minutes=SLOT_MINUTES):
    current = datetime.combine(day, opening)
    end = datetime.combine(day, closing)
    starts = []
    while current + timedelta(minutes=minutes) <= end:
        starts.append(current)
        current += timedelta(minutes=minutes)
    return starts


def spotters_needed(students, ratio=SPOTTER_RATIO):
    if students <= 0:
        return 0
    return -(-students // ratio)


def load_bookings(path=BOOKINGS_FILE):
    with open(path, encoding="utf-8") as handle:
        raw = json.load(handle)
    return {key: list(names) for key, names in raw.items()}


class TrapezeSlot:
    def __init__(self, rig, start, instructor, level="improver"):
        if rig not in RIGS:
            raise ValueError("no such rig: " + rig)
        self.rig = rig
        self.start = start
        self.instructor = instructor
        self.level = level
        self.students = []
        self.cancelled = False

    def key(self):
        return f"{self.rig}@{self.start:%Y-%m-%d %H:%M}"

    def has_room(self):
        return not self.cancelled and len(self.students) < MAX_STUDENTS_PER_RIG

    def book(self, student):
        if not self.has_room():
            return False
        if student in self.students:
            return False
        self.students.append(student)
        return True

    def spotters(self):
        return spotters_needed(len(self.students))


class Timetable:
    def __init__(self, day, rigs=RIGS):
        self.day = day
        self.slots = {}
        for rig in rigs:
            for start in slot_starts(day):
                slot = TrapezeSlot(rig, start, instructor="tbc")
                self.slots[slot.key()] = slot

    def free_slots(self, rig=None):
        return [s for s in self.slots.values() if s.has_room() and (rig is None or s.rig == rig)]

    def cancel(self, key, reason="weather"):
        slot = self.slots[key]
        slot.cancelled = True
        return len(slot.students)

    def rain_out(self):
        affected = 0
        for key, slot in self.slots.items():
            if slot.rig == "flying":
                affected += self.cancel(key, reason="rain")
        return affected

    def spotter_rota(self):
        return {key: slot.spotters() for key, slot in self.slots.items() if slot.students}

    def save(self, path=BOOKINGS_FILE):
        data = {key: slot.students for key, slot in self.slots.items() if slot.students}
        Path(path).write_text(json.dumps(data, indent=2), encoding="utf-8")

    def restore(self, path=BOOKINGS_FILE):
        for key, names in load_bookings(path).items():
            if key in self.slots:
                self.slots[key].students = names
