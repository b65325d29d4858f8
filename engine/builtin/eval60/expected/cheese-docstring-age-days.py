"""Turning, brushing and grading of wheels ripening in a cheese cave."""

import json
import statistics
from datetime import date, timedelta

CAVE_TARGET_HUMIDITY = 92
TURN_EVERY_DAYS = 3
GRADE_BANDS = {"A": 8.5, "B": 7.0, "C": 5.0}
LABEL_PREFIX = "CAVE-"


def wheel_code(batch, number, prefix=LABEL_PREFIX):
    return "%s%s-%03d" % (prefix, batch, number)


def grade_for(score, bands=None):
    bands = bands or GRADE_BANDS
    for grade, floor in sorted(bands.items(), key=lambda item: -item[1]):
        if score >= floor:
            return grade
    return "reject"


def humidity_alarm(readings, target=CAVE_TARGET_HUMIDITY, tolerance=3):
    if not readings:
        return False
    return abs(statistics.mean(readings) - target) > tolerance


def load_wheels(path, shelf_filter=None, strict=True):
    with open(path) as handle:
        rows = json.load(handle)
    wheels = []
    for row in rows:
        if shelf_filter and row["shelf"] != shelf_filter:
            continue
        made = date.fromisoformat(row["made"])
        wheels.append(Wheel(row["code"], made, shelf=row["shelf"]))
    return wheels


class Wheel:
    def __init__(self, code, made, shelf="A1", weight_kg=9.5):
        self.code = code
        self.made = made
        self.shelf = shelf
        self.weight_kg = weight_kg
        self.last_turned = made
        self.scores = []

    def age_days(self, today):
        """Return how many days the wheel has been ripening."""
        return (today - self.made).days

    def due_for_turning(self, today):
        return today - self.last_turned >= timedelta(days=TURN_EVERY_DAYS)

    def turn(self, today):
        self.last_turned = today

    def record_score(self, score):
        self.scores.append(float(score))

    def grade(self):
        if not self.scores:
            return "ungraded"
        return grade_for(statistics.mean(self.scores))


class Cave:
    def __init__(self, name, shelves=12):
        self.name = name
        self.shelves = shelves
        self.wheels = {}
        self.humidity = []

    def restock(self, path, shelf=None):
        for wheel in load_wheels(path, shelf_filter=shelf, strict=False):
            self.wheels[wheel.code] = wheel
        return len(self.wheels)

    def log_humidity(self, reading):
        self.humidity.append(reading)
        return humidity_alarm(self.humidity[-6:])

    def turning_list(self, today):
        return sorted(code for code, wheel in self.wheels.items() if wheel.due_for_turning(today))

    def turn_all(self, today):
        codes = self.turning_list(today)
        for code in codes:
            self.wheels[code].turn(today)
        return codes

    def ready_for_sale(self, today, min_age=120):
        ready = []
        for wheel in self.wheels.values():
            if wheel.age_days(today) >= min_age and wheel.grade() in ("A", "B"):
                ready.append(wheel.code)
        return ready
