"""Darkroom chemistry log: developer dilutions, times, temperatures and bath exhaustion."""

import math
from dataclasses import dataclass, field
from datetime import datetime

STANDARD_TEMP_C = 20.0
STOP_BATH_SECONDS = 30
FIXER_CAPACITY_ROLLS = 24
TEMP_FACTOR_PER_DEGREE = 0.09


@dataclass
class Developer:
    name: str
    stock_ratio: int
    base_minutes: float
    one_shot: bool = True


@dataclass
class Bath:
    chemical: str
    volume_ml: int
    mixed_at: datetime
    rolls_processed: int = 0
    notes: list = field(default_factory=list)


def dilution_volumes(total_ml, ratio):
    stock = total_ml / (ratio + 1)
    water = total_ml - stock
    return round(stock), round(water)


def adjusted_time(base_minutes, temp_c):
    delta = temp_c - STANDARD_TEMP_C
    factor = math.exp(-TEMP_FACTOR_PER_DEGREE * delta)
    return round(base_minutes * factor, 2)


def push_time(base_minutes, stops, push_factor=1.4):
    return round(base_minutes * push_factor ** stops, 2)


def agitation_schedule(minutes, interval_s=60, first_s=30):
    marks = [0]
    t = first_s
    while t < minutes * 60:
        marks.append(t)
        t += interval_s
    return marks


class ChemistryLog:
    def __init__(self, darkroom):
        self.darkroom = darkroom
        self.baths = {}
        self.sessions = []

    def mix(self, chemical, volume_ml, when):
        bath = Bath(chemical, volume_ml, when)
        self.baths[chemical] = bath
        return bath

    def use_fixer(self, rolls):
        bath = self.baths["fixer"]
        bath.rolls_processed += rolls
        return bath.rolls_processed

    def fixer_exhausted(self):
        bath = self.baths.get("fixer")
        if bath is None:
            return True
        return bath.rolls_processed >= FIXER_CAPACITY_ROLLS

    def record_session(self, film, developer, temp_c, minutes, dilution="stock"):
        self.sessions.append((film, developer.name, temp_c, minutes, dilution))

    def sessions_for(self, film):
        return [s for s in self.sessions if s[0] == film]


def development_plan(developer, temp_c, total_ml=500, push_stops=0):
    stock, water = dilution_volumes(total_ml, developer.stock_ratio)
    minutes = adjusted_time(developer.base_minutes, temp_c)
    if push_stops:
        minutes = push_time(minutes, push_stops)
    return {
        "developer": developer.name,
        "stock_ml": stock,
        "water_ml": water,
        "minutes": minutes,
        "agitate_at": agitation_schedule(minutes),
        "stop_seconds": STOP_BATH_SECONDS,
    }


def bath_age_hours(bath, now):
    return (now - bath.mixed_at).total_seconds() / 3600


def stale_baths(log, now, max_hours=48):
    stale = []
    for name, bath in log.baths.items():
        if bath_age_hours(bath, now) > max_hours:
            stale.append(name)
    return stale


def parse_temp(text):
    text = text.strip().upper()
    if text.endswith("F"):
        return round((float(text[:-1]) - 32) * 5 / 9, 1)
    return float(text.rstrip("C"))


def format_plan(plan, film_name):
    lines = [f"{plan['developer']}: {plan['stock_ml']} ml stock + {plan['water_ml']} ml water"]
    lines.append(f"Develop {plan['minutes']} min, stop {plan['stop_seconds']} s")
    lines.append("Agitate at: " + ", ".join(str(s) for s in plan["agitate_at"]))
    return "\n".join(lines)
