"""Electric kiln firings for a pottery studio: ramp-and-hold schedules, cones, cost and a firing log."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

logger = logging.getLogger(__name__)

CONE_TEMPS_C = {"022": 586, "06": 999, "04": 1060, "6": 1222, "10": 1285}
MAX_RAMP_C_PER_HOUR = 300
ROOM_TEMP_C = 20
ELEMENT_KW = 11.5
PRICE_PER_KWH = 0.28
COOL_RATE_C_PER_HOUR = 120
LOG_DIR = "firings"


@dataclass
class Segment:
    rate: float
    target: int
    hold_minutes: int = 0

    def hours_from(self, start_temp):
        climb = abs(self.target - start_temp)
        return climb / self.rate + self.hold_minutes / 60


@dataclass
class Schedule:
    name: str
    segments: list[Segment] = field(default_factory=list)

    def add(self, rate, target, hold_minutes=0):
        if rate > MAX_RAMP_C_PER_HOUR:
            raise ValueError(f"a ramp of {rate} C/h is too fast for this kiln")
        self.segments.append(Segment(rate, target, hold_minutes))
        return self

    def peak(self):
        return max(segment.target for segment in self.segments)

    def duration_hours(self, start_temp=ROOM_TEMP_C):
        hours = 0.0
        temp = start_temp
        for segment in self.segments:
            hours += segment.hours_from(temp)
            temp = segment.target
        return round(hours, 2)


def cone_for(temp):
    best = None
    for cone, cone_temp in sorted(CONE_TEMPS_C.items(), key=lambda item: item[1]):
        if cone_temp <= temp:
            best = cone
    return best


def bisque_schedule(cone="04", candle_hours=2):
    peak = CONE_TEMPS_C[cone]
    schedule = Schedule(f"bisque to cone {cone}")
    schedule.add(80, 95, hold_minutes=candle_hours * 60)
    schedule.add(200, 600)
    schedule.add(100, peak, hold_minutes=5)
    return schedule


def glaze_schedule(cone="6", hold_minutes=10):
    peak = CONE_TEMPS_C[cone]
    schedule = Schedule(f"glaze to cone {cone}")
    schedule.add(150, 600)
    schedule.add(250, peak - 100)
    schedule.add(80, peak, hold_minutes=hold_minutes)
    return schedule


def firing_cost(schedule, duty=0.6, price=PRICE_PER_KWH):
    energy_kwh = ELEMENT_KW * schedule.duration_hours() * duty
    return round(energy_kwh * price, 2)


def cooling_hours(peak, unload_at=60, rate=COOL_RATE_C_PER_HOUR):
    return round((peak - unload_at) / rate, 1)


class FiringLog:
    def __init__(self, folder=LOG_DIR):
        self.folder = Path(folder)
        self.entries = []

    def record(self, schedule, loaded_by, pieces, day=None):
        entry = {
            "day": (day or date.today()).isoformat(),
            "schedule": schedule.name,
            "peak": schedule.peak(),
            "cone": cone_for(schedule.peak()),
            "loaded_by": loaded_by,
            "pieces": pieces,
            "cost": firing_cost(schedule),
            "unload_after_h": schedule.duration_hours() + cooling_hours(schedule.peak()),
        }
        self.entries.append(entry)
        logger.info("%s fired %d pieces (%s)", loaded_by, pieces, schedule.name)
        return entry

    def total_cost(self):
        return round(sum(entry["cost"] for entry in self.entries), 2)

    def save(self, name="log.json"):
        path = self.folder / name
        path.write_text(json.dumps(self.entries, indent=2))
        return path

    def load(self, name="log.json"):
        path = self.folder / name
        self.entries = json.loads(path.read_text()) if path.exists() else []
        return self.entries
