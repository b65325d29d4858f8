"""Aquarium water checks: test kit readings, safe ranges per tank type, and water change advice."""

import json
import logging
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

FRESHWATER_RANGES = {
    "ph": (6.5, 7.8),
    "ammonia": (0.0, 0.25),
    "nitrite": (0.0, 0.25),
    "nitrate": (0.0, 40.0),
    "temperature": (23.0, 28.0),
}
REEF_RANGES = {
    "ph": (8.0, 8.4),
    "ammonia": (0.0, 0.05),
    "nitrite": (0.0, 0.1),
    "nitrate": (0.0, 10.0),
    "temperature": (24.0, 27.0),
    "salinity": (1.023, 1.026),
}
NITRATE_TARGET = 20.0
MAX_WATER_CHANGE = 0.5
READING_FILE = "readings.json"


@dataclass
class Reading:
    parameter: str
    value: float
    taken_at: str

    def as_dict(self):
        return {"parameter": self.parameter, "value": self.value, "taken_at": self.taken_at}


class Tank:
    def __init__(self, name, litres, reef=False):
        self.name = name
        self.volume_litres = litres
        self.reef = reef
        self.readings = []
        self.notes = []

    def ranges(self):
        return REEF_RANGES if self.reef else FRESHWATER_RANGES

    def log(self, parameter, value, taken_at):
        if parameter not in self.ranges():
            raise KeyError(f"{self.name} does not track {parameter}")
        self.readings.append(Reading(parameter, float(value), taken_at))

    def latest(self, parameter):
        for reading in reversed(self.readings):
            if reading.parameter == parameter:
                return reading
        return None

    def history(self, parameter):
        return [r.value for r in self.readings if r.parameter == parameter]


@dataclass
class Finding:
    parameter: str
    value: float
    low: float
    high: float

    @property
    def severity(self):
        span = self.high - self.low or 1.0
        if self.value < self.low:
            distance = (self.low - self.value) / span
        else:
            distance = (self.value - self.high) / span
        return "critical" if distance > 0.5 else "warning"


def out_of_range(tank):
    """A finding for each parameter whose latest reading is outside the tank's range."""
    findings = []
    for parameter, (low, high) in tank.ranges().items():
        reading = tank.latest(parameter)
        if reading is None:
            continue
        if not low <= reading.value <= high:
            findings.append(Finding(parameter, reading.value, low, high))
    return findings


def water_change_fraction(nitrate, target=NITRATE_TARGET):
    if nitrate <= target:
        return 0.0
    fraction = 1 - target / nitrate
    return min(round(fraction, 2), MAX_WATER_CHANGE)


def advice(tank):
    notes = []
    for finding in out_of_range(tank):
        notes.append(f"{finding.parameter} is {finding.value} ({finding.severity})")
    nitrate = tank.latest("nitrate")
    if nitrate is not None:
        fraction = water_change_fraction(nitrate.value)
        if fraction:
            litres = round(tank.volume_litres * fraction)
            notes.append(f"change about {litres} L of water")
    return notes


def save_readings(tank, folder):
    path = Path(folder) / f"{tank.name}-{READING_FILE}"
    path.write_text(json.dumps([r.as_dict() for r in tank.readings], indent=2), encoding="utf-8")
    return path


def load_readings(tank, folder):
    path = Path(folder) / f"{tank.name}-{READING_FILE}"
    entries = json.loads(path.read_text(encoding="utf-8"))
    for entry in entries:
        tank.log(entry["parameter"], entry["value"], entry["taken_at"])
    logger.info("loaded %d readings into %s", len(entries), tank.name)
    return len(entries)
