"""Firing schedules for the pottery studio's electric kiln."""

import json
import logging
from dataclasses import dataclass, field
from datetime import timedelta

log = logging.getLogger(__name__)

CONE_TEMPERATURES = {"06": 999, "04": 1060, "6": 1222, "10": 1285}
MAX_LOAD_KG = 45


@dataclass
class Segment:
    rate_per_hour: int
    target_c: int
    hold_minutes: int = 0


@dataclass
class Piece:
    maker: str
    weight_kg: float
    glazed: bool = False


@dataclass
class Firing:
    label: str
    cone: str
    segments: list[Segment] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)

    def load_kg(self):
        return sum(p.weight_kg for p in self.pieces)

    def add_piece(self, piece):
        if self.load_kg() + piece.weight_kg > MAX_LOAD_KG:
            raise ValueError("kiln is full")
        self.pieces.append(piece)


class KilnLog:
    def __init__(self, kiln_name):
        self.kiln_name = kiln_name
        self.completed = []
        self.element_hours = 0.0

    def finish(self, firing, started, ended):
        hours = (ended - started).total_seconds() / 3600
        self.element_hours += hours
        self.completed.append((firing.label, started, ended))
        return hours

    def needs_new_elements(self, limit_hours=1500):
        return self.element_hours >= limit_hours


def bisque_schedule(cone="04"):
    peak = CONE_TEMPERATURES[cone]
    return [
        Segment(80, 120, hold_minutes=60),
        Segment(150, 600),
        Segment(100, peak, hold_minutes=10),
    ]


def glaze_schedule(cone="6"):
    peak = CONE_TEMPERATURES[cone]
    return [
        Segment(150, 600),
        Segment(300, peak - 30),
        Segment(60, peak, hold_minutes=15),
    ]


def ramp_hours(segments, room_c=20):
    hours = 0.0
    current = room_c
    for segment in segments:
        hours += abs(segment.target_c - current) / segment.rate_per_hour
        hours += segment.hold_minutes / 60
        current = segment.target_c
    return hours


def estimated_end(firing, start):
    return start + timedelta(hours=ramp_hours(firing.segments))


def firing_from_json(text):
    try:
        data = json.loads(text)
    except ValueError:
        return None
    firing = Firing(data["label"], data["cone"])
    for seg in data.get("segments", []):
        firing.segments.append(Segment(seg["rate"], seg["target"], seg.get("hold", 0)))
    return firing


def makers_in(firing):
    return sorted({piece.maker for piece in firing.pieces})


def kiln_card(firing, start):
    end = estimated_end(firing, start)
    lines = [f"{firing.label} to cone {firing.cone}", f"start {start:%H:%M}, done about {end:%H:%M}"]
    for maker in makers_in(firing):
        lines.append(f"  - {maker}")
    return "\n".join(lines)
