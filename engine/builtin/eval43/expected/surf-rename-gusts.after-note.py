"""Lesson bookings for a windsurf school on the reservoir."""

from datetime import timedelta
from enum import Enum

MIN_WIND_KNOTS = 6
MAX_WIND_KNOTS = 22
LESSON_MINUTES = 90
BOARD_SIZES = {"beginner": 220, "improver": 180, "advanced": 140}
WETSUIT_HIRE = 8.0
LESSON_FEE = 45.0


class Level(Enum):
    BEGINNER = "beginner"
    IMPROVER = "improver"
    ADVANCED = "advanced"


def wind_ok(knots, level=Level.BEGINNER, peak_gust=None):
    ceiling = MAX_WIND_KNOTS if level is Level.ADVANCED else MAX_WIND_KNOTS - 6
    peak = peak_gust if peak_gust is not None else knots
    return MIN_WIND_KNOTS <= knots and peak <= ceiling


def board_for(level, rider_kg=75):
    volume = BOARD_SIZES[level.value]
    if rider_kg > 90:
        volume += 20
    return volume


def lesson_cost(students, wetsuits=0, group_discount=0.1):
    students = int(students)
    fee = LESSON_FEE * students
    if students >= 4:
        fee *= 1 - group_discount
    return round(fee + wetsuits * WETSUIT_HIRE, 2)


def overlaps(first, second):
    return first.starts_at < second.ends_at() and second.starts_at < first.ends_at()


class Lesson:
    def __init__(self, instructor, starts_at, level=Level.BEGINNER, capacity=6):
        self.instructor = instructor
        self.starts_at = starts_at
        self.level = level
        self.capacity = capacity
        self.riders = {}

    def ends_at(self):
        return self.starts_at + timedelta(minutes=LESSON_MINUTES)

    def add_rider(self, name, weight_kg, needs_wetsuit=True):
        if len(self.riders) >= self.capacity:
            raise ValueError("lesson is full")
        self.riders[name] = (board_for(self.level, rider_kg=weight_kg), needs_wetsuit)

    def wetsuit_count(self):
        return sum(1 for _, wetsuit in self.riders.values() if wetsuit)

    def price(self):
        return lesson_cost(len(self.riders), wetsuits=self.wetsuit_count())

    def kit_list(self):
        boards = sorted(board for board, _ in self.riders.values())
        return {"boards": boards, "wetsuits": self.wetsuit_count()}


class LessonDiary:
    def __init__(self, school):
        self.school = school
        self.lessons = []

    def schedule(self, lesson):
        for booked in self.lessons:
            if booked.instructor == lesson.instructor and overlaps(booked, lesson):
                raise ValueError("instructor is already teaching then")
        self.lessons.append(lesson)

    def on_day(self, day):
        return [item for item in self.lessons if item.starts_at.date() == day]

    def call_off(self, day, knots, gusts=None):
        cancelled = []
        for lesson in self.on_day(day):
            if not wind_ok(knots, lesson.level, peak_gust=gusts):
                cancelled.append(lesson)
        for lesson in cancelled:
            self.lessons.remove(lesson)
        return cancelled

    def revenue(self, day):
        return sum(lesson.price() for lesson in self.on_day(day))
