"""Maintenance log for a remote automated lighthouse."""

import logging
import statistics
from dataclasses import dataclass, field
from datetime import date, timedelta

log = logging.getLogger(__name__)

LAMP_LIFE_HOURS = 8000
BATTERY_MIN_VOLTS = 11.8
FOG_SIGNAL_TEST_DAYS = 30


@dataclass
class Reading:
    taken: date
    battery_volts: float
    lamp_hours: int
    lens_clean: bool = True


@dataclass
class Visit:
    keeper: str
    day: date
    tasks_done: list[str] = field(default_factory=list)
    remarks: str = ""


class Station:
    def __init__(self, name, light_character):
        self.name = name
        self.light_character = light_character
        self.readings = []
        self.visits = []
        self.last_fog_test = None

    def add_reading(self, reading):
        self.readings.append(reading)

    def latest(self):
        return max(self.readings, key=lambda r: r.taken) if self.readings else None

    def log_visit(self, visit):
        self.visits.append(visit)
        if "fog signal" in visit.tasks_done:
            self.last_fog_test = visit.day

    def fog_test_due(self, today):
        if self.last_fog_test is None:
            return True
        return today - self.last_fog_test >= timedelta(days=FOG_SIGNAL_TEST_DAYS)


def lamp_remaining(reading):
    return max(LAMP_LIFE_HOURS - reading.lamp_hours, 0)


def battery_ok(reading, margin=0.0):
    return reading.battery_volts >= BATTERY_MIN_VOLTS + margin


def voltage_trend(readings, window=14):
    recent = sorted(readings, key=lambda r: r.taken)[-window:]
    if len(recent) < 2:
        return 0.0
    volts = [r.battery_volts for r in recent]
    return volts[-1] - statistics.mean(volts[:-1])


def alerts(station, today):
    found = []
    reading = station.latest()
    if reading is None:
        return ["no readings"]
    if not battery_ok(reading):
        found.append("battery low")
    if lamp_remaining(reading) < 500:
        found.append("lamp near end of life")
    if not reading.lens_clean:
        found.append("lens needs cleaning")
    if station.fog_test_due(today):
        found.append("fog signal test due")
    return found


def parse_reading(line):
    day, volts, hours, lens = line.split(";")
    return Reading(date.fromisoformat(day), float(volts), int(hours), lens.strip() == "clean")


def keepers_this_year(station, year):
    names = {v.keeper for v in station.visits if v.day.year == year}
    return sorted(names)


def status_line(station, today):
    problems = alerts(station, today)
    state = "OK" if not problems else ", ".join(problems)
    character = station.light_character
    return f"{station.name} [{character}]: {state}"
