"""Pot lines for a small lobster boat: soak times, hauling order, bait and landings."""

import math
import statistics
from datetime import datetime

POTS_PER_LINE = 20
BAIT_KG_PER_POT = 0.4
MIN_CARAPACE_MM = 87
V_NOTCH_RETURN = True
SOAK_DAYS_TARGET = 3
HOME_PORT = (50.10, -5.55)


class PotLine:
    def __init__(self, tag, lat, lon, pots=POTS_PER_LINE):
        self.tag = tag
        self.lat = lat
        self.lon = lon
        self.pots = pots
        self.last_hauled = None
        self.catch_log = []

    def soak_days(self, now):
        if self.last_hauled is None:
            return 0
        return (now - self.last_hauled).days

    def record_haul(self, when, lobsters, crabs=0):
        self.last_hauled = when
        self.catch_log.append((when, lobsters, crabs))
        return lobsters + crabs

    def average_catch(self):
        if not self.catch_log:
            return 0.0
        return statistics.mean(entry[1] for entry in self.catch_log)


def bait_needed(lines, spare=0.1):
    pot_count = sum(line.pots for line in lines)
    return round(pot_count * BAIT_KG_PER_POT * (1 + spare), 1)


def distance_nm(a, b):
    dlat = (b[0] - a[0]) * 60
    dlon = (b[1] - a[1]) * 60 * math.cos(math.radians(a[0]))
    return math.hypot(dlat, dlon)


def hauling_order(lines, now, start=HOME_PORT):
    due = [line for line in lines if line.soak_days(now) >= SOAK_DAYS_TARGET]
    order = []
    here = start
    while due:
        nearest = min(due, key=lambda line: distance_nm(here, (line.lat, line.lon)))
        order.append(nearest)
        due.remove(nearest)
        here = (nearest.lat, nearest.lon)
    return order


def tally_landings(lines, since, skipper=None):
    lobsters = 0
    crabs = 0
    for line in lines:
        for when, kept, crab_count in line.catch_log:
            if when >= since:
                lobsters += kept
                crabs += crab_count
    return {"lobsters": lobsters, "crabs": crabs}


class Boat:
    def __init__(self, name, skipper, lines=None):
        self.name = name
        self.skipper = skipper
        self.lines = lines or []
        self.day_started = None

    def keeps(self, carapace_mm, berried=False, v_notched=False):
        if carapace_mm < MIN_CARAPACE_MM:
            return False
        if berried:
            return False
        return not (v_notched and V_NOTCH_RETURN)

    def start_day(self, now=None):
        self.day_started = now or datetime.now()
        plan = hauling_order(self.lines, self.day_started)
        return [line.tag for line in plan], bait_needed(plan)

    def log_haul(self, tag, measurements, crab_total=0):
        line = next(line for line in self.lines if line.tag == tag)
        kept = sum(1 for size, berried in measurements if self.keeps(size, berried=berried))
        line.record_haul(datetime.now(), kept, crabs=crab_total)
        return kept

    def close_day(self):
        if self.day_started is None:
            raise RuntimeError("no day in progress")
        landed = tally_landings(self.lines, self.day_started, skipper=self.skipper)
        self.day_started = None
        return "landed: " + ", ".join(f"{key} {value}" for key, value in landed.items())
