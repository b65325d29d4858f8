"""Oven slot booking for a small pie shop with two deck ovens."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

OVEN_COUNT = 2
SHELVES_PER_OVEN = 3
PREHEAT_MINUTES = 20
DEFAULT_BAKE_MINUTES = 45
MAX_PIES_PER_SHELF = 6
LATE_ORDER_CUTOFF = "15:30"


@dataclass
class Pie:
    name: str
    filling: str
    bake_minutes: int = DEFAULT_BAKE_MINUTES
    needs_blind_bake: bool = False

    def total_minutes(self) -> int:
        extra = 12 if self.needs_blind_bake else 0
        return self.bake_minutes + extra

    def is_savoury(self) -> bool:
        return self.filling not in ("apple", "cherry", "rhubarb", "pecan")


class OvenSlot:
    """One shelf in one oven for one baking round."""

    def __init__(self, oven: int, shelf: int, start: datetime):
        self.oven = oven
        self.shelf = shelf
        self.start = start
        self.pies: list[Pie] = []

    def is_full(self) -> bool:
        return len(self.pies) >= MAX_PIES_PER_SHELF

    def finish_time(self) -> datetime:
        longest = max((pie.total_minutes() for pie in self.pies), default=0)
        return self.start + timedelta(minutes=longest)

    def add_pie(self, pie: Pie) -> bool:
        if self.is_full():
            return False
        if self.pies and self.pies[0].is_savoury() != pie.is_savoury():
            return False
        self.pies.append(pie)
        return True

    def label(self) -> str:
        return f"oven {self.oven + 1} / shelf {self.shelf + 1} @ {self.start:%H:%M}"


def first_start(opening: datetime, warmup_minutes: int = PREHEAT_MINUTES) -> datetime:
    return opening + timedelta(minutes=warmup_minutes)


def build_slots(opening, hours=8, slot_minutes=60, preheat=PREHEAT_MINUTES):
    start = first_start(opening, warmup_minutes=preheat)
    rounds = math.floor(hours * 60 / slot_minutes)
    slots = []
    for r in range(rounds):
        when = start + timedelta(minutes=r * slot_minutes)
        for oven in range(OVEN_COUNT):
            for shelf in range(SHELVES_PER_OVEN):
                slots.append(OvenSlot(oven, shelf, when))
    return slots


def assign_pies(pies: list[Pie], slots: list[OvenSlot], *, longest_first: bool = True) -> list[Pie]:
    order = sorted(pies, key=lambda p: p.total_minutes(), reverse=longest_first)
    leftovers = []
    for pie in order:
        placed = False
        for slot in slots:
            if slot.add_pie(pie):
                placed = True
                break
        if not placed:
            leftovers.append(pie)
    return leftovers


def daily_report(slots, leftovers=None):
    used = [slot for slot in slots if slot.pies]
    lines = [f"{len(used)} of {len(slots)} slots in use"]
    for slot in used:
        names = ", ".join(pie.name for pie in slot.pies)
        lines.append(f"  {slot.label()}: {names} (out {slot.finish_time():%H:%M})")
    if leftovers:
        lines.append(f"  not baked today: {len(leftovers)}")
        lines.append(f"  take orders for tomorrow after {LATE_ORDER_CUTOFF}")
    return "\n".join(lines)
