"""Wetsuit rota for the surf school: sizes, rinsing, and who gets which suit."""

import math
from collections import Counter, deque
from datetime import datetime, timedelta

SIZES = ("XS", "S", "M", "L", "XL")
DRYING_HOURS = 4
SUITS_PER_RACK = 20
RINSE_TANK_LITRES = 200
LITRES_PER_SUIT = 8


class Wetsuit:
    def __init__(self, tag, size, thickness_mm=4):
        if size not in SIZES:
            raise ValueError(f"bad size {size!r}")
        self.tag = tag
        self.size = size
        self.thickness_mm = thickness_mm
        self.wet_since = None
        self.uses = 0

    def hand_out(self):
        self.uses += 1
        self.wet_since = None

    def hang_up(self, when):
        self.wet_since = when

    def is_dry(self, now):
        if self.wet_since is None:
            return True
        return now - self.wet_since >= timedelta(hours=DRYING_HOURS)


class SuitRack:
    def __init__(self, suits):
        if len(suits) > SUITS_PER_RACK:
            raise ValueError("too many suits for one rack")
        self.suits = list(suits)
        self.queue = deque()

    def dry_suits(self, size, now):
        return [s for s in self.suits if s.size == size and s.is_dry(now)]

    def issue(self, size, now):
        ready = self.dry_suits(size, now)
        if not ready:
            self.queue.append(size)
            return None
        least_worn = min(ready, key=lambda s: s.uses)
        least_worn.hand_out()
        return least_worn

    def stock_by_size(self):
        return Counter(s.size for s in self.suits)

    def waiting_count(self):
        return len(self.queue)


def size_for(height_cm, chest_cm=None):
    if height_cm < 150:
        size = "XS"
    elif height_cm < 165:
        size = "S"
    elif height_cm < 178:
        size = "M"
    elif height_cm < 188:
        size = "L"
    else:
        size = "XL"
    if chest_cm and chest_cm > 110 and size != "XL":
        size = SIZES[SIZES.index(size) + 1]
    return size


def rinse_loads(suit_count, tank_size_litres=RINSE_TANK_LITRES):
    per_load = tank_size_litres // LITRES_PER_SUIT
    return math.ceil(suit_count / per_load)


def lesson_rota(rack, students, start=None):
    start = start or datetime.now()
    handed = {}
    for name, height in students:
        suit = rack.issue(size_for(height), start)
        handed[name] = suit.tag if suit else "waiting"
    return handed, rinse_loads(len(handed), tank_size_litres=RINSE_TANK_LITRES)
