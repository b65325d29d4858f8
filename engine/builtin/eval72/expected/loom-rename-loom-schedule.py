"""Loom bookings and warp tracking for a tapestry workshop."""

import math
from dataclasses import dataclass, field
from datetime import date, timedelta

MAX_WARP_METRES = 12.5
DEFAULT_EPI = 8
WEAVER_HOURLY_RATE = 18.0
LOOM_KINDS = ("high-warp", "low-warp", "frame")


@dataclass
class Loom:
    name: str
    kind: str
    width_cm: int
    warp_left: float = MAX_WARP_METRES
    bookings: list = field(default_factory=list)

    def can_weave(self, length_m):
        return length_m <= self.warp_left

    def consume_warp(self, length_m):
        if not self.can_weave(length_m):
            raise ValueError("not enough warp on " + self.name)
        self.warp_left = round(self.warp_left - length_m, 2)
        return self.warp_left


class LoomRota:
    def __init__(self, workshop, opening_day=None):
        self.workshop = workshop
        self.opening_day = opening_day or date.today()
        self.looms = {}
        self.waiting = []

    def add_loom(self, loom):
        if loom.kind not in LOOM_KINDS:
            raise ValueError("unknown loom kind: " + loom.kind)
        self.looms[loom.name] = loom

    def book(self, loom_name, weaver, days, length_m=1.0):
        loom = self.looms[loom_name]
        if not loom.can_weave(length_m):
            self.waiting.append((weaver, loom_name))
            return None
        start = self.next_free_day(loom)
        end = start + timedelta(days=days)
        loom.bookings.append((weaver, start, end))
        loom.consume_warp(length_m)
        return start, end

    def next_free_day(self, loom):
        if not loom.bookings:
            return self.opening_day
        return max(end for _, _, end in loom.bookings)

    def busy_looms(self):
        return sorted(name for name, loom in self.looms.items() if loom.bookings)


def build_schedule(workshop, looms, opening_day=None):
    schedule = LoomRota(workshop, opening_day)
    for loom in looms:
        schedule.add_loom(loom)
    return schedule


def warp_ends(width_cm, epi=DEFAULT_EPI):
    inches = width_cm / 2.54
    return math.ceil(inches * epi)


def weaving_hours(width_cm, length_m, epi=DEFAULT_EPI, picks_per_hour=600):
    ends = warp_ends(width_cm, epi)
    picks = length_m * 100 / 2.54 * epi
    total = ends * picks / 1000 / picks_per_hour * 60
    return round(total, 1)


def commission_quote(width_cm, length_m, materials=0.0, margin=0.15):
    hours = weaving_hours(width_cm, length_m)
    labour = hours * WEAVER_HOURLY_RATE
    subtotal = labour + materials
    return round(subtotal * (1 + margin), 2)


def batch_quotes(pieces, margin=0.15):
    quotes = {}
    for title, width_cm, length_m, materials in pieces:
        quotes[title] = commission_quote(width_cm, length_m, materials, margin=margin)
    return quotes


def schedule_report(schedule, show_waiting=True):
    lines = ["Workshop: " + schedule.workshop]
    for name in schedule.busy_looms():
        loom = schedule.looms[name]
        lines.append(f"{name}: {len(loom.bookings)} bookings, {loom.warp_left} m warp left")
    if show_waiting and schedule.waiting:
        lines.append("Waiting list: " + str(len(schedule.waiting)))
    return "\n".join(lines)
