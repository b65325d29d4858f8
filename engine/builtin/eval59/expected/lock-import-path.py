"""Passage log for the keeper of Hollins Lock on the Upper Severn canal."""

import json
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

CHAMBER_LENGTH_M = 22.0
CHAMBER_BEAM_M = 4.3
FILL_MINUTES = 9
OPENING_HOUR = 8
CLOSING_HOUR = 19
WATER_LEVEL_LOW_CM = 35


class Boat:
    def __init__(self, name, length_m, beam_m=2.1, licence=None):
        self.name = name
        self.length_m = length_m
        self.beam_m = beam_m
        self.licence = licence

    def fits_chamber(self):
        return self.length_m <= CHAMBER_LENGTH_M and self.beam_m <= CHAMBER_BEAM_M


def can_share(first, second, margin_m=0.1):
    total_beam = first.beam_m + second.beam_m
    longest = max(first.length_m, second.length_m)
    return total_beam + margin_m <= CHAMBER_BEAM_M and longest <= CHAMBER_LENGTH_M


def lock_is_open(when, opening=OPENING_HOUR, closing=CLOSING_HOUR):
    return opening <= when.hour < closing


def cycle_minutes(boats_in_cycle, fill=FILL_MINUTES, per_boat=3):
    return fill + per_boat * len(boats_in_cycle)


def pair_up(queue, margin_m=0.1):
    cycles = []
    waiting = list(queue)
    while waiting:
        first = waiting.pop(0)
        partner = None
        for other in waiting:
            if can_share(first, other, margin_m=margin_m):
                partner = other
                break
        if partner is not None:
            waiting.remove(partner)
            cycles.append([first, partner])
        else:
            cycles.append([first])
    return cycles


class PassageLog:
    def __init__(self, lock_name, water_level_cm=60):
        self.lock_name = lock_name
        self.water_level_cm = water_level_cm
        self.passages = []

    def record(self, boat, direction, when=None):
        when = when or datetime.now()
        if not lock_is_open(when):
            raise ValueError("the lock is closed at that hour")
        self.passages.append({"boat": boat.name, "direction": direction, "time": when.isoformat()})
        return len(self.passages)

    def work_queue(self, queue, direction="up", start=None):
        clock = start or datetime.now()
        for cycle in pair_up(queue):
            for boat in cycle:
                self.record(boat, direction, when=clock)
            clock += timedelta(minutes=cycle_minutes(cycle))
        return clock

    def needs_backpump(self, threshold=WATER_LEVEL_LOW_CM):
        return self.water_level_cm < threshold

    def busiest_boats(self, top=3):
        counts = Counter(entry["boat"] for entry in self.passages)
        return counts.most_common(top)

    def save(self, path):
        with open(path, "w") as handle:
            json.dump({"lock": self.lock_name, "passages": self.passages}, handle, indent=2)
            handle.write("\n")


def load_log(path):
    with open(path) as handle:
        data = json.load(handle)
    log = PassageLog(data["lock"])
    log.passages = data["passages"]
    return log
