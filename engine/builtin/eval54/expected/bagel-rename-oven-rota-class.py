"""Oven rota for a bagel bakery: who fires which deck oven on which shift."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

SHIFT_HOURS = 6
FIRST_BAKE = dt.time(4, 30)
OVEN_DECKS = ("north", "south", "wood")
MAX_SHIFTS_PER_WEEK = 5
BOIL_MINUTES = 2


@dataclass
class Baker:
    name: str
    can_fire_wood: bool = False
    shifts: list[dt.date] = field(default_factory=list)

    def shifts_in_week(self, monday: dt.date) -> int:
        sunday = monday + dt.timedelta(days=6)
        return sum(1 for day in self.shifts if monday <= day <= sunday)


class DeckRota:
    def __init__(self, bakers, start_time=FIRST_BAKE):
        self.bakers = list(bakers)
        self.start_time = start_time
        self.assignments = {}

    def shift_start(self, day, slot):
        base = dt.datetime.combine(day, self.start_time)
        return base + dt.timedelta(hours=SHIFT_HOURS * slot)

    def eligible_bakers(self, deck, day):
        monday = day - dt.timedelta(days=day.weekday())
        found = []
        for baker in self.bakers:
            if deck == "wood" and not baker.can_fire_wood:
                continue
            if baker.shifts_in_week(monday) >= MAX_SHIFTS_PER_WEEK:
                continue
            found.append(baker)
        return found

    def assign(self, deck, day, slot=0):
        if deck not in OVEN_DECKS:
            raise ValueError(f"unknown oven deck: {deck}")
        candidates = self.eligible_bakers(deck, day)
        if not candidates:
            return None
        chosen = min(candidates, key=lambda b: len(b.shifts))
        chosen.shifts.append(day)
        self.assignments[(deck, day, slot)] = chosen.name
        return chosen

    def day_sheet(self, day):
        rows = []
        for (deck, when, slot), name in sorted(self.assignments.items()):
            if when != day:
                continue
            rows.append((self.shift_start(day, slot).strftime("%H:%M"), deck, name))
        return rows


def batch_minutes(dozens, bake_minutes=18, per_rack=4):
    racks = -(-dozens // per_rack)
    return racks * (bake_minutes + BOIL_MINUTES)


def fill_week(rota, monday, slots_per_day=2):
    unfilled = []
    for offset in range(7):
        day = monday + dt.timedelta(days=offset)
        for deck in OVEN_DECKS:
            for slot in range(slots_per_day):
                if rota.assign(deck, day, slot=slot) is None:
                    unfilled.append((day, deck, slot))
    return unfilled


def format_sheet(rota, day, header="Oven rota"):
    lines = [f"{header} for {day.isoformat()}"]
    for start, deck, name in rota.day_sheet(day):
        lines.append(f"  {start}  {deck:<6} {name}")
    if len(lines) == 1:
        lines.append("  (no bakes booked)")
    return "\n".join(lines)


def weekly_summary(rota, monday, dozens_per_shift=30):
    unfilled = fill_week(rota, monday)
    booked = len(rota.assignments)
    minutes = booked * batch_minutes(dozens_per_shift)
    return {
        "booked": booked,
        "unfilled": len(unfilled),
        "oven_hours": round(minutes / 60, 1),
    }
