"""Build tracking for a harpsichord maker's workshop: stringing, stages and costs."""

from __future__ import annotations

import math
from datetime import date, timedelta

A4_PITCH_HZ = 415.0
STAGE_WEEKS = {
    "case": 6,
    "soundboard": 4,
    "keyboard": 5,
    "action": 3,
    "decoration": 8,
    "voicing": 2,
}
WIRE_DENSITY = {"brass": 8530.0, "iron": 7850.0}
MAX_TENSION_FRACTION = 0.75
BREAKING_STRESS = {"brass": 5.9e8, "iron": 9.2e8}


def note_frequency(semitones_from_a4, pitch=A4_PITCH_HZ):
    return pitch * 2 ** (semitones_from_a4 / 12)


def string_tension(length_m, frequency, diameter_mm, wire="brass"):
    radius = diameter_mm / 2000
    mass_per_metre = WIRE_DENSITY[wire] * math.pi * radius ** 2
    return 4 * mass_per_metre * (length_m * frequency) ** 2


def tension_ratio(length_m, frequency, diameter_mm, wire="brass"):
    tension = string_tension(length_m, frequency, diameter_mm, wire)
    area = math.pi * (diameter_mm / 2000) ** 2
    return tension / (BREAKING_STRESS[wire] * area)


def parse_stringing(text):
    rows = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        try:
            note, length, gauge, wire = line.split()
        except ValueError:
            continue
        rows.append((int(note), float(length), float(gauge), wire))
    return rows


class StringingSchedule:
    def __init__(self, rows, pitch=A4_PITCH_HZ):
        self.rows = rows
        self.pitch = pitch
        self.warnings = []

    def check(self, limit=MAX_TENSION_FRACTION):
        self.warnings = []
        for note, length, gauge, wire in self.rows:
            frequency = note_frequency(note, self.pitch)
            ratio = tension_ratio(length, frequency, gauge, wire)
            if ratio > limit:
                self.warnings.append((note, round(ratio, 2)))
        return not self.warnings

    def total_tension(self):
        total = 0.0
        for note, length, gauge, wire in self.rows:
            total += string_tension(length, note_frequency(note, self.pitch), gauge, wire)
        return round(total / 9.81, 1)


class Build:
    def __init__(self, client, model, started=None):
        self.client = client
        self.model = model
        self.started = started or date.today()
        self.completed = []
        self.costs = []

    def complete_stage(self, stage, on=None):
        if stage not in STAGE_WEEKS:
            raise ValueError(f"unknown stage {stage!r}")
        self.completed.append((stage, on or date.today()))

    def add_cost(self, item, amount):
        self.costs.append((item, amount))

    def remaining_weeks(self):
        done = {stage for stage, _ in self.completed}
        return sum(weeks for stage, weeks in STAGE_WEEKS.items() if stage not in done)

    def estimated_delivery(self, today=None):
        today = today or date.today()
        return today + timedelta(weeks=self.remaining_weeks())

    def invoice(self, margin=0.3):
        subtotal = sum(amount for _, amount in self.costs)
        print("invoice subtotal", subtotal)
        return round(subtotal * (1 + margin), 2)

    def status_line(self):
        delivery = self.estimated_delivery()
        return f"{self.model} for {self.client}: {len(self.completed)} stages done, due {delivery}"
