"""Firing log for the kilns in a small pottery."""

import json
import time
from datetime import datetime, timedelta

CONE_TEMPERATURES = {"018": 717, "06": 999, "04": 1060, "6": 1222, "10": 1305}
MAX_RAMP_PER_HOUR = 150
COOLDOWN_HOURS = 12
LOG_VERSION = 2


class FiringStage:
    def __init__(self, target_c, ramp_per_hour, hold_minutes=0):
        if ramp_per_hour > MAX_RAMP_PER_HOUR:
            raise ValueError("ramp too steep for the kiln")
        self.target_c = target_c
        self.ramp_per_hour = ramp_per_hour
        self.hold_minutes = hold_minutes

    def duration_hours(self, start_c):
        climb = abs(self.target_c - start_c) / self.ramp_per_hour
        return climb + self.hold_minutes / 60

    def describe(self):
        return f"to {self.target_c}C at {self.ramp_per_hour}C/h, hold {self.hold_minutes} min"


class Firing:
    def __init__(self, kiln, cone, loaded_by):
        self.kiln = kiln
        self.cone = cone
        self.loaded_by = loaded_by
        self.stages = []
        self.readings = []
        self.started = None

    def add_stage(self, target_c, ramp_per_hour, hold_minutes=0):
        stage = FiringStage(target_c, ramp_per_hour, hold_minutes)
        self.stages.append(stage)
        return stage

    def start(self, when=None):
        self.started = when or datetime.now()

    def log_reading(self, temperature_c):
        stamp = time.time()
        self.readings.append((stamp, temperature_c))
        return len(self.readings)

    def peak(self):
        return max((t for _, t in self.readings), default=0)

    def readings_since(self, seconds):
        cutoff = time.time() - seconds
        return [(stamp, t) for stamp, t in self.readings if stamp >= cutoff]

    def expected_finish(self, room_c=20):
        if self.started is None:
            return None
        hours = estimate_hours(self.stages, start_c=room_c)
        return self.started + timedelta(hours=hours + COOLDOWN_HOURS)


def estimate_hours(stages, start_c=20):
    total = 0.0
    current = start_c
    for stage in stages:
        total += stage.duration_hours(current)
        current = stage.target_c
    return round(total, 1)


def standard_glaze_schedule(firing, cone="6"):
    top = CONE_TEMPERATURES[cone]
    firing.add_stage(600, 100)
    firing.add_stage(top - 100, MAX_RAMP_PER_HOUR)
    firing.add_stage(top, 60, hold_minutes=15)
    return firing


def firing_record(firing, include_readings=False):
    record = {
        "version": LOG_VERSION,
        "kiln": firing.kiln,
        "cone": firing.cone,
        "loaded_by": firing.loaded_by,
        "peak_c": firing.peak(),
        "reached_cone": firing.peak() >= CONE_TEMPERATURES.get(firing.cone, 0),
    }
    if include_readings:
        record["readings"] = firing.readings
    return json.dumps(record, sort_keys=True)
