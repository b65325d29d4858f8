"""Pipe band practice planner: tunes, sets, attendance and drone tuning notes."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field

PRACTICE_MINUTES = 120
WARMUP_MINUTES = 15
TUNING_TOLERANCE_CENTS = 4
SECTIONS = ("pipes", "snares", "tenors", "bass")


@dataclass
class Tune:
    title: str
    tempo: int
    parts: int
    tune_type: str = "march"

    def duration_minutes(self, repeats=2):
        beats = self.parts * 32 * repeats
        return beats / self.tempo


@dataclass
class Player:
    name: str
    section: str
    grade: int = 4
    instruments: list = field(default_factory=list)


class MedleySet:
    def __init__(self, name, tunes=None):
        self.name = name
        self.tunes = list(tunes or [])
        self.contest_ready = False

    def add_tune(self, tune):
        self.tunes.append(tune)

    def total_minutes(self):
        return sum(t.duration_minutes() for t in self.tunes)


class Rehearsal:
    def __init__(self, day, venue):
        self.day = day
        self.venue = venue
        self.present = []
        self.sets = []
        self.notes = defaultdict(list)

    def mark_present(self, player):
        if player.section not in SECTIONS:
            raise ValueError(f"unknown section {player.section!r}")
        self.present.append(player)

    def section_counts(self):
        counts = Counter(p.section for p in self.present)
        return {s: counts.get(s, 0) for s in SECTIONS}

    def can_play_full_band(self):
        counts = self.section_counts()
        return counts["pipes"] >= 4 and counts["snares"] >= 2 and counts["bass"] >= 1

    def minutes_left(self):
        used = WARMUP_MINUTES + sum(s.total_minutes() for s in self.sets)
        return PRACTICE_MINUTES - used


def drone_offsets(readings, reference_hz):
    offsets = {}
    for drone, hz in readings.items():
        offsets[drone] = round(1200 * math.log2(hz / reference_hz), 1)
    return offsets


def drones_in_tune(readings, reference_hz):
    offsets = drone_offsets(readings, reference_hz)
    return all(abs(c) <= TUNING_TOLERANCE_CENTS for c in offsets.values())


def plan_rehearsal(rehearsal, candidate_sets, max_sets=3):
    chosen = []
    remaining = PRACTICE_MINUTES - WARMUP_MINUTES
    for medley in sorted(candidate_sets, key=lambda m: m.total_minutes()):
        if len(chosen) >= max_sets:
            break
        if medley.total_minutes() <= remaining:
            chosen.append(medley)
            remaining -= medley.total_minutes()
    rehearsal.sets = chosen
    return remaining


def attendance_report(rehearsals):
    seen = Counter()
    for rehearsal in rehearsals:
        for player in rehearsal.present:
            seen[player.name] += 1
    lines = []
    for name, count in seen.most_common():
        lines.append(f"{name}: {count}/{len(rehearsals)}")
    return "\n".join(lines)


def promote_ready_sets(sets, min_tunes=3):
    promoted = 0
    for medley in sets:
        if len(medley.tunes) >= min_tunes and not medley.contest_ready:
            medley.contest_ready = True
            promoted += 1
    return promoted


def demo_band():
    players = [
        Player("Morag", "pipes", grade=2),
        Player("Ewan", "pipes"),
        Player("Ailsa", "snares", grade=3),
        Player("Calum", "bass"),
    ]
    rehearsal = Rehearsal("Thursday", "Church hall")
    for player in players:
        rehearsal.mark_present(player)
    return rehearsal
