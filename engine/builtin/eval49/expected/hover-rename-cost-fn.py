"""Lesson booking and progress tracking for a hovercraft driving school."""

import statistics
from datetime import datetime, timedelta

LESSON_MINUTES = 45
FUEL_LITRES_PER_LESSON = 9
SKIRT_INSPECTION_HOURS = 25
PASS_MARK = 70
LEVELS = ("novice", "improver", "solo", "instructor")


def price_lesson(minutes, level="novice", fuel_price=1.92):
    base = {"novice": 65, "improver": 58, "solo": 40, "instructor": 0}[level]
    fuel = FUEL_LITRES_PER_LESSON * fuel_price * minutes / LESSON_MINUTES
    return round(base * minutes / LESSON_MINUTES + fuel, 2)


def average_score(scores, drop_lowest=False):
    if not scores:
        return 0.0
    marks = sorted(scores)
    if drop_lowest and len(marks) > 2:
        marks = marks[1:]
    return round(statistics.mean(marks), 1)


def next_level(current, scores):
    position = LEVELS.index(current)
    if average_score(scores, drop_lowest=True) < PASS_MARK:
        return current
    return LEVELS[min(position + 1, len(LEVELS) - 1)]


class Hovercraft:
    def __init__(self, registration, seats=2):
        self.registration = registration
        self.seats = seats
        self.engine_hours = 0.0
        self.grounded = False

    def log_lesson(self, minutes):
        self.engine_hours += minutes / 60
        if self.engine_hours >= SKIRT_INSPECTION_HOURS:
            self.grounded = True
        return self.engine_hours

    def inspect(self, passed=True):
        if passed:
            self.engine_hours = 0.0
            self.grounded = False
        return not self.grounded


class Student:
    def __init__(self, name, level="novice"):
        self.name = name
        self.level = level
        self.scores = []
        self.spent = 0.0

    def record(self, score, minutes=LESSON_MINUTES):
        self.scores.append(score)
        self.spent += price_lesson(minutes, self.level)
        promoted = next_level(self.level, self.scores[-4:])
        if promoted != self.level:
            self.level = promoted
            self.scores = []
        return self.level


class LessonDiary:
    def __init__(self, craft):
        self.craft = {c.registration: c for c in craft}
        self.bookings = []

    def free_craft(self):
        return [c for c in self.craft.values() if not c.grounded]

    def book(self, student, start, minutes=LESSON_MINUTES):
        for craft in self.free_craft():
            clash = any(b["craft"] is craft and abs(b["start"] - start) < timedelta(minutes=minutes)
                        for b in self.bookings)
            if not clash:
                self.bookings.append({"student": student, "craft": craft,
                                      "start": start, "minutes": minutes})
                return craft.registration
        return None

    def complete(self, student, score):
        for booking in self.bookings:
            if booking["student"] is student:
                booking["craft"].log_lesson(booking["minutes"])
                self.bookings.remove(booking)
                return student.record(score, booking["minutes"])
        raise LookupError(f"{student.name} has no booking")

    def today(self, now=None):
        now = now or datetime.now()
        return [b for b in self.bookings if b["start"].date() == now.date()]
