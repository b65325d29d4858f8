"""Lift planning and load logging for the harbour's quayside crane."""

import math
import time
from dataclasses import dataclass, field

SAFE_WORKING_LOAD_T = 40.0
MAX_WIND_SPEED_MS = 15.0
BOOM_LENGTH_M = 32.0
RIGGING_ALLOWANCE_T = 0.8
LOG_FORMAT = "{vessel:<14} {cargo:<18} {mass:>6.1f}t  r={radius:.1f}m"


@dataclass
class Lift:
    vessel: str
    cargo: str
    mass_t: float
    radius_m: float
    tags: list = field(default_factory=list)


def rated_capacity(radius_m, boom_length=BOOM_LENGTH_M):
    if radius_m <= 0 or radius_m > boom_length:
        return 0.0
    reach_factor = 1 - (radius_m / boom_length) ** 2
    return round(SAFE_WORKING_LOAD_T * math.sqrt(reach_factor) + 6.0, 2)


def gross_load(lift, allowance=RIGGING_ALLOWANCE_T):
    return lift.mass_t + allowance


def lift_permitted(lift, wind_speed_ms, margin=0.9):
    if wind_speed_ms > MAX_WIND_SPEED_MS:
        return False
    return gross_load(lift) <= rated_capacity(lift.radius_m) * margin


def format_lift(lift, show_tags=False):
    line = LOG_FORMAT.format(vessel=lift.vessel, cargo=lift.cargo, mass=lift.mass_t, radius=lift.radius_m)
    if show_tags and lift.tags:
        line += "  [" + ", ".join(lift.tags) + "]"
    return line


class CraneLog:
    def __init__(self, operator, clock=time.time):
        self.operator = operator
        self.clock = clock
        self.entries = []
        self.refused = []
        self.total_tonnes = 0.0

    def request(self, lift, wind_speed_ms):
        if not lift_permitted(lift, wind_speed_ms):
            self.refused.append((self.clock(), lift))
            return False
        self.entries.append((self.clock(), lift))
        self.total_tonnes += lift.mass_t
        return True

    def heaviest(self):
        if not self.entries:
            return None
        return max(self.entries, key=lambda entry: entry[1].mass_t)[1]

    def by_vessel(self, vessel):
        return [lift for _, lift in self.entries if lift.vessel == vessel]

    def refusal_rate(self):
        attempts = len(self.entries) + len(self.refused)
        if attempts == 0:
            return 0.0
        return len(self.refused) / attempts

    def shift_report(self, show_tags=False):
        lines = [f"Crane log for {self.operator}"]
        for _, lift in self.entries:
            lines.append(format_lift(lift, show_tags=show_tags))
        lines.append(f"total lifted: {self.total_tonnes:.1f}t, refused: {len(self.refused)}")
        return "\n".join(lines)


def plan_discharge(lifts, wind_speed_ms, operator="duty operator"):
    log = CraneLog(operator)
    for lift in sorted(lifts, key=lambda item: item.mass_t, reverse=True):
        log.request(lift, wind_speed_ms)
    return log


def load_lifts(rows):
    lifts = []
    for row in rows:
        vessel, cargo, mass, radius = row
        lifts.append(Lift(vessel, cargo, float(mass), float(radius)))
    return lifts
