"""Kiln scheduling and piece tracking for a small glassblowing studio."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta

ANNEAL_HOLD_MINUTES = 45
MAX_KILN_TEMP_C = 1150
COOLDOWN_RATE_C_PER_HOUR = 60
GAFFER_SHIFT_HOURS = 6


@dataclass
class BlownPiece:
    piece_id: str
    color: str
    wall_thickness_mm: float
    weight_g: float
    finished_at: datetime | None = None

    def is_thick(self) -> bool:
        return self.wall_thickness_mm > 8.0


@dataclass
class KilnLoad:
    kiln_name: str
    pieces: list[BlownPiece] = field(default_factory=list)
    loaded_at: datetime | None = None
    room_temp_c: float = 21.0

    def add_piece(self, piece: BlownPiece) -> None:
        if piece in self.pieces:
            raise ValueError(f"{piece.piece_id} is already in {self.kiln_name}")
        self.pieces.append(piece)

    def total_weight(self) -> float:
        return sum(p.weight_g for p in self.pieces)

    def thickest_wall(self) -> float:
        if not self.pieces:
            return 0.0
        return max(p.wall_thickness_mm for p in self.pieces)


def anneal_minutes(thickness_mm: float) -> int:
    # Rule of thumb: hold time grows with the square of the wall thickness.
    base = ANNEAL_HOLD_MINUTES
    extra = math.ceil((thickness_mm / 6.0) ** 2 * 15)
    return base + extra


def cooldown_hours(start_temp: float, room_temp: float = 21.0) -> float:
    drop = max(start_temp - room_temp, 0.0)
    return drop / COOLDOWN_RATE_C_PER_HOUR


def schedule_for_load(load: KilnLoad, start_temp: float) -> dict[str, float]:
    if start_temp > MAX_KILN_TEMP_C:
        raise ValueError("start temperature above kiln limit")
    hold = anneal_minutes(load.thickest_wall())
    cool = cooldown_hours(start_temp, room_temp=load.room_temp_c)
    return {"hold_minutes": hold, "cool_hours": round(cool, 2)}


def unload_time(load: KilnLoad, start_temp: float) -> datetime:
    if load.loaded_at is None:
        raise ValueError("load has not been placed in the kiln")
    plan = schedule_for_load(load, start_temp)
    total = timedelta(minutes=plan["hold_minutes"], hours=plan["cool_hours"])
    return load.loaded_at + total


class GafferRota:
    def __init__(self, names: list[str]) -> None:
        self.names = list(names)
        self.shift_index = 0

    def next_gaffer(self) -> str:
        name = self.names[self.shift_index % len(self.names)]
        self.shift_index += 1
        return name

    def shifts_needed(self, hours_of_work: float) -> int:
        return math.ceil(hours_of_work / GAFFER_SHIFT_HOURS)

    def assign(self, hours_of_work: float) -> list[str]:
        return [self.next_gaffer() for _ in range(self.shifts_needed(hours_of_work))]


def color_counts(pieces: list[BlownPiece]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for piece in pieces:
        counts[piece.color] = counts.get(piece.color, 0) + 1
    return counts


def summary_line(load: KilnLoad) -> str:
    counts = color_counts(load.pieces)
    colors = ", ".join(f"{c}x{n}" for c, n in sorted(counts.items()))
    return f"{load.kiln_name}: {len(load.pieces)} pieces ({colors}), {load.total_weight():.0f} g"
