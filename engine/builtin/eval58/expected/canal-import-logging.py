"""The historic boats of a canal museum: condition surveys, dry-dock slots and visitor trips."""

import datetime as dt
import logging
from collections import Counter

SURVEY_INTERVAL_DAYS = 365
HULL_GRADES = ("A", "B", "C", "D")
TRIP_CAPACITY = 12
DRY_DOCK_SLOTS = 2
MIN_FREEBOARD_MM = 150


class Boat:
    def __init__(self, name, built, length_ft, hull_grade="B", on_display=False):
        self.name = name
        self.built = built
        self.length_ft = length_ft
        self.hull_grade = hull_grade
        self.on_display = on_display
        self.last_survey = None
        self.history = []

    def age(self, year=None):
        year = year or dt.date.today().year
        return year - self.built

    def survey(self, when, grade, freeboard_mm):
        if grade not in HULL_GRADES:
            raise ValueError(f"bad hull grade {grade!r}")
        self.hull_grade = grade
        self.last_survey = when
        self.history.append((when, grade, freeboard_mm))
        return freeboard_mm >= MIN_FREEBOARD_MM

    def survey_due(self, today, interval=SURVEY_INTERVAL_DAYS):
        if self.last_survey is None:
            return True
        return (today - self.last_survey).days >= interval

    def can_carry_visitors(self):
        return self.hull_grade in ("A", "B") and not self.on_display


def parse_survey_line(line):
    name, when, grade, freeboard = [part.strip() for part in line.split(",")]
    return name, dt.date.fromisoformat(when), grade.upper(), int(freeboard)


def grade_counts(boats, include_display=True):
    return Counter(boat.hull_grade for boat in boats)


def dock_priority(boat, today):
    overdue = boat.survey_due(today)
    grade_rank = HULL_GRADES.index(boat.hull_grade)
    return (not overdue, -grade_rank, -boat.age(today.year))


class Fleet:
    def __init__(self, boats=()):
        self.boats = {boat.name: boat for boat in boats}
        self.in_dock = []

    def apply_surveys(self, lines):
        failed = []
        for line in lines:
            name, when, grade, freeboard = parse_survey_line(line)
            boat = self.boats[name]
            if not boat.survey(when, grade, freeboard):
                failed.append(name)
        return failed

    def plan_dry_dock(self, today, slots=DRY_DOCK_SLOTS):
        candidates = [boat for boat in self.boats.values() if boat.name not in self.in_dock]
        candidates.sort(key=lambda boat: dock_priority(boat, today))
        chosen = [boat.name for boat in candidates[:slots]]
        self.in_dock.extend(chosen)
        return chosen

    def release(self, name):
        self.in_dock.remove(name)

    def trip_boats(self):
        return [boat for boat in self.boats.values() if boat.can_carry_visitors()]

    def seats_available(self, booked=0):
        seats = len(self.trip_boats()) * TRIP_CAPACITY
        return max(seats - booked, 0)

    def summary(self, today):
        counts = grade_counts(self.boats.values(), include_display=True)
        due = sum(1 for boat in self.boats.values() if boat.survey_due(today))
        return {
            "boats": len(self.boats),
            "grades": dict(sorted(counts.items())),
            "surveys_due": due,
            "in_dock": list(self.in_dock),
        }
