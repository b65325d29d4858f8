"""Pipe organ tuning visits: ranks, stops, pitch drift and the tuner's worklist."""

import json
import math
from dataclasses import dataclass, field
from datetime import date

A4_HZ = 440.0
DRIFT_TOLERANCE_CENTS = 3.0
PIPES_PER_RANK = 61
HUMIDITY_WARNING = 35


@dataclass
class Rank:
    name: str
    division: str
    footage: str
    reed: bool = False
    offsets: dict = field(default_factory=dict)


@dataclass
class Visit:
    church: str
    day: date
    temperature_c: float
    humidity_pct: int
    tuner: str = ""


def note_frequency(midi_note, a4=A4_HZ):
    return a4 * 2 ** ((midi_note - 69) / 12)


def cents_between(measured_hz, target_hz):
    return 1200 * math.log2(measured_hz / target_hz)


class Organ:
    def __init__(self, church, builder, year_built):
        self.church = church
        self.builder = builder
        self.year_built = year_built
        self.ranks = {}
        self.visits = []

    def add_rank(self, rank):
        self.ranks[rank.name] = rank

    def record_pipe(self, rank_name, midi_note, measured_hz):
        rank = self.ranks[rank_name]
        offset = cents_between(measured_hz, note_frequency(midi_note))
        rank.offsets[midi_note] = round(offset, 1)
        return offset

    def out_of_tune(self, rank_name, tolerance=DRIFT_TOLERANCE_CENTS):
        rank = self.ranks[rank_name]
        return sorted(n for n, c in rank.offsets.items() if abs(c) > tolerance)

    def reed_ranks(self):
        return [r for r in self.ranks.values() if r.reed]

    def log_visit(self, visit):
        self.visits.append(visit)


def visit_warnings(visit, min_humidity=HUMIDITY_WARNING):
    warnings = []
    if visit.humidity_pct < min_humidity:
        warnings.append("low humidity: check for cracked windchests")
    if visit.temperature_c < 10:
        warnings.append("cold church: reeds will read flat")
    return warnings


def worklist(organ, only_reeds=False):
    items = []
    for rank in organ.ranks.values():
        if only_reeds and not rank.reed:
            continue
        notes = organ.out_of_tune(rank.name)
        if notes:
            items.append((rank.division, rank.name, len(notes)))
    items.sort()
    return items


def rank_summary(rank):
    if not rank.offsets:
        return "untested"
    worst = max(rank.offsets.values(), key=abs)
    tested = f"{len(rank.offsets)}/{PIPES_PER_RANK} pipes"
    return f"{rank.name} {rank.footage}: {tested}, worst {worst:+.1f} cents"


def temperature_correction(cents, temperature_c, reference_c=18.0):
    return cents - 3.0 * (temperature_c - reference_c)


def load_ranks(organ, path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    for item in data["ranks"]:
        organ.add_rank(Rank(item["name"], item["division"], item["footage"], item.get("reed", False)))
    return len(data["ranks"])


def save_offsets(organ, path, pretty=True):
    payload = {name: rank.offsets for name, rank in organ.ranks.items()}
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(payload, fh, indent=2, sort_keys=True)


def visit_report(organ, visit, include_warnings=True):
    lines = [f"{organ.church} - {visit.day.isoformat()} ({visit.tuner or 'unknown tuner'})"]
    for division, name, count in worklist(organ):
        lines.append(f"  {division:<8} {name:<20} {count} pipes")
    if include_warnings:
        lines.extend(f"  ! {w}" for w in visit_warnings(visit))
    return "\n".join(lines)


def tuning_days(visits, since):
    return sorted({v.day for v in visits if v.day >= since})
