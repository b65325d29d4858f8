"""Suggest bicycle tyre pressures and keep track of pump-ups for a daily commute."""

import json
import math
from datetime import date

BAR_PER_PSI = 0.0689476
REAR_LOAD_SHARE = 0.6
MIN_PSI = 25
MAX_PSI = {"road": 110, "gravel": 60, "city": 75}
WET_ROAD_DROP = 0.9


def psi_to_bar(psi, digits=2):
    return round(psi * BAR_PER_PSI, digits)


def load_per_wheel(rider_kg, bike_kg=12.0, luggage_kg=0.0):
    total = rider_kg + bike_kg + luggage_kg
    total = round(total, 1)
    rear = total * REAR_LOAD_SHARE
    return total - rear, rear


def suggested_psi(wheel_load_kg, width_mm, style="city", wet=False):
    psi = 12 + wheel_load_kg * 1.1 * (28.0 / width_mm) ** 1.2
    if wet:
        psi *= WET_ROAD_DROP
    psi = max(MIN_PSI, min(psi, MAX_PSI[style]))
    return round(psi)


class Tyre:
    def __init__(self, position, width_mm, style="city", tubeless=False):
        self.position = position
        self.width_mm = width_mm
        self.style = style
        self.tubeless = tubeless
        self.current_psi = 0
        self.leak_psi_per_day = 1.5 if tubeless else 3.0

    def target(self, wheel_load_kg, wet=False):
        return suggested_psi(wheel_load_kg, self.width_mm, style=self.style, wet=wet)

    def pump_to(self, psi):
        self.current_psi = min(psi, MAX_PSI[self.style])
        return self.current_psi

    def pressure_after(self, days):
        return max(0.0, self.current_psi - days * self.leak_psi_per_day)

    def days_until_soft(self, wheel_load_kg, margin=0.85):
        floor = self.target(wheel_load_kg) * margin
        spare = self.current_psi - floor
        if spare <= 0:
            return 0
        return math.floor(spare / self.leak_psi_per_day)


class CommuteBike:
    def __init__(self, name, rider_kg, bike_kg=12.0, width_mm=32, style="city"):
        self.name = name
        self.rider_kg = rider_kg
        self.bike_kg = bike_kg
        self.front = Tyre("front", width_mm, style)
        self.rear = Tyre("rear", width_mm, style)
        self.pump_log = []

    def loads(self, luggage_kg=0.0):
        return load_per_wheel(self.rider_kg, self.bike_kg, luggage_kg)

    def pump_up(self, day, luggage_kg=0.0, wet=False):
        front_load, rear_load = self.loads(luggage_kg)
        front_psi = self.front.pump_to(self.front.target(front_load, wet=wet))
        rear_psi = self.rear.pump_to(self.rear.target(rear_load, wet=wet))
        self.pump_log.append({"day": day.isoformat(), "front": front_psi, "rear": rear_psi})
        return front_psi, rear_psi

    def next_pump_day(self, today, luggage_kg=0.0):
        front_load, rear_load = self.loads(luggage_kg)
        days = min(self.front.days_until_soft(front_load), self.rear.days_until_soft(rear_load))
        return date.fromordinal(today.toordinal() + days)

    def save_log(self, path):
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(self.pump_log, handle, indent=2)

    def load_log(self, path):
        with open(path, encoding="utf-8") as handle:
            self.pump_log = json.load(handle)
        return len(self.pump_log)


def pressure_card(bike, luggage_kg=0.0):
    front_load, rear_load = bike.loads(luggage_kg)
    lines = [f"{bike.name} ({bike.rider_kg} kg rider)"]
    for tyre, load in ((bike.front, front_load), (bike.rear, rear_load)):
        psi = tyre.target(load)
        lines.append(f"{tyre.position}: {psi} psi ({psi_to_bar(psi)} bar)")
    return "\n".join(lines)
