"""Aging cave inventory for an artisan cheese maker."""

import csv
from datetime import date, timedelta

CAVE_TEMP_C = 11.0
TARGET_HUMIDITY = 92
TURN_INTERVAL_DAYS = 3
MIN_AGE_DAYS = {"tomme": 60, "alpine": 180, "blue": 90, "washed": 45}


class Wheel:
    def __init__(self, wheel_id, style, made_on, weight_kg):
        self.wheel_id = wheel_id
        self.style = style
        self.made_on = made_on
        self.weight_kg = weight_kg
        self.last_turned = made_on
        self.brushed = 0

    def age_days(self, today=None):
        today = today or date.today()
        return (today - self.made_on).days

    def ready(self, today=None):
        return self.age_days(today) >= MIN_AGE_DAYS.get(self.style, 90)

    def turn_due(self, today=None):
        today = today or date.today()
        return (today - self.last_turned).days >= TURN_INTERVAL_DAYS


class Shelf:
    def __init__(self, label, slots=24):
        self.label = label
        self.slots = slots
        self.wheels = []

    def place(self, wheel):
        if len(self.wheels) >= self.slots:
            raise ValueError("shelf %s is full" % self.label)
        self.wheels.append(wheel)

    def remove(self, wheel_id):
        for wheel in self.wheels:
            if wheel.wheel_id == wheel_id:
                self.wheels.remove(wheel)
                return wheel
        return None


class Cave:
    def __init__(self, shelves):
        self.shelves = shelves
        self.climate = []
        self.sold = []

    def log_climate(self, temp_c, humidity):
        self.climate.append((temp_c, humidity))

    def climate_ok(self):
        if not self.climate:
            return True
        temp_c, humidity = self.climate[-1]
        return abs(temp_c - CAVE_TEMP_C) <= 1.5 and humidity >= TARGET_HUMIDITY - 4

    def all_wheels(self):
        return [w for shelf in self.shelves for w in shelf.wheels]

    def turning_list(self, today=None):
        return [w.wheel_id for w in self.all_wheels() if w.turn_due(today)]

    def ready_for_sale(self, today=None):
        return [w for w in self.all_wheels() if w.ready(today)]


def moisture_loss(weight_at_make, weight_now):
    return (weight_at_make - weight_now) / weight_at_make


def price_wheel(wheel, per_kg=24.0, today=None):
    price = wheel.weight_kg * per_kg
    if wheel.age_days(today) > 365:
        price *= 1.3
    return round(price, 2)


def read_stock(path):
    wheels = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            made = date.fromisoformat(row["made_on"])
            wheels.append(Wheel(row["id"], row["style"], made, float(row["weight_kg"])))
    return wheels


def sale_sheet(cave, market, today=None):
    lines = ["Market: " + market]
    for wheel in cave.ready_for_sale(today):
        lines.append("%s %s %.2f" % (wheel.wheel_id, wheel.style, price_wheel(wheel, today=today)))
    lines.append("Wheels ready: %d" % len(lines[1:]))
    return "\n".join(lines)


def next_turning_day(wheel, season):
    return wheel.last_turned + timedelta(days=TURN_INTERVAL_DAYS)
