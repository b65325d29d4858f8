"""Practice-night planner for a ring of eight church bells.

Keeps track of who turned up, which bells each ringer can handle and which
methods the band can attempt, then drafts the evening's touches.
"""

import json
import random
from pathlib import Path

BELL_COUNT = 8
PRACTICE_MINUTES = 120
TOUCH_MINUTES = 12
HEAVY_BELLS = (7, 8)
METHOD_LEVELS = {
    "Plain Hunt": 1,
    "Plain Bob Doubles": 2,
    "Grandsire Triples": 3,
    "Stedman Triples": 4,
    "Bristol Surprise Major": 5,
}


class Ringer:
    def __init__(self, name, level, can_ring_tenor=False):
        self.name = name
        self.level = level
        self.can_ring_tenor = can_ring_tenor
        self.touches_rung = 0

    def can_attempt(self, method):
        return METHOD_LEVELS.get(method, 99) <= self.level

    def suited_bells(self):
        """Bells this ringer can safely handle."""
        if self.can_ring_tenor:
            return list(range(1, BELL_COUNT + 1))
        return [b for b in range(1, BELL_COUNT + 1) if b not in HEAVY_BELLS]


class PracticeNight:
    def __init__(self, tower, ringers):
        self.tower = tower
        self.ringers = list(ringers)
        self.touches = []

    def methods_possible(self):
        if len(self.ringers) < BELL_COUNT:
            return ["Plain Hunt"]
        possible = []
        for method, level in METHOD_LEVELS.items():
            able = [r for r in self.ringers if r.level >= level]
            if len(able) >= BELL_COUNT - 1:
                possible.append(method)
        return possible

    def add_touch(self, method, band):
        self.touches.append((method, band))
        for ringer in band.values():
            ringer.touches_rung += 1

    def minutes_left(self):
        return PRACTICE_MINUTES - TOUCH_MINUTES * len(self.touches)


def load_ringers(path):
    data = json.loads(Path(path).read_text())
    return [Ringer(r["name"], r.get("level", 1), r.get("tenor", False)) for r in data]


def assign_bells(ringers, seed=None, prefer_fresh=True):
    rng = random.Random(seed)
    pool = sorted(ringers, key=lambda r: r.touches_rung) if prefer_fresh else list(ringers)
    band = {}
    for bell in range(BELL_COUNT, 0, -1):
        for ringer in pool:
            if ringer in band.values():
                continue
            if bell in ringer.suited_bells():
                band[bell] = ringer
                break
    leftover = [r for r in pool if r not in band.values()]
    rng.shuffle(leftover)
    return band, leftover


def plan_evening(night, seed=None, weather="dry"):
    plan = []
    methods = night.methods_possible()
    while night.minutes_left() >= TOUCH_MINUTES and methods:
        method = methods[len(plan) % len(methods)]
        band, sitting_out = assign_bells(night.ringers, seed=seed)
        if len(band) < BELL_COUNT:
            break
        night.add_touch(method, band)
        plan.append(method + ": " + str(len(sitting_out)) + " sitting out")
    return plan


def evening_summary(night, seed=None):
    lines = ["Practice at " + night.tower]
    lines.extend(plan_evening(night, seed=seed, weather="dry"))
    lines.append(str(night.minutes_left()) + " minutes spare")
    return "\n".join(lines)
