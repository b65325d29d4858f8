"""Hive inspections, honey harvests and swarm alerts for a community apiary."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

INSPECTION_INTERVAL_DAYS = 9
MIN_FRAMES_FOR_SUPER = 7
HONEY_PER_FRAME_KG = 2.2
VARROA_THRESHOLD = 3.0
JAR_SIZE_G = 340


@dataclass
class ColonyInspection:
    when: date
    frames_of_brood: int
    queen_seen: bool
    queen_cells: int = 0
    mite_count: int = 0
    notes: str = ""


@dataclass
class Hive:
    name: str
    site: str
    supers: int = 0
    inspections: list[ColonyInspection] = field(default_factory=list)


def mites_per_hundred(mite_count, sample_bees=300):
    if sample_bees <= 0:
        raise ValueError("sample must contain bees")
    return mite_count * 100 / sample_bees


def next_inspection(hive):
    if not hive.inspections:
        return date.today()
    last = hive.inspections[-1].when
    return last + timedelta(days=INSPECTION_INTERVAL_DAYS)


def swarm_risk(inspection):
    if inspection.queen_cells >= 3:
        return "high"
    if inspection.queen_cells > 0 and not inspection.queen_seen:
        return "medium"
    return "low"


class ApiaryBook:
    def __init__(self, keeper):
        self.keeper = keeper
        self.hives = {}
        self.harvests = []

    def add_hive(self, hive):
        self.hives[hive.name] = hive

    def log_inspection(self, hive_name, inspection):
        hive = self.hives[hive_name]
        hive.inspections.append(inspection)
        if inspection.frames_of_brood >= MIN_FRAMES_FOR_SUPER and hive.supers == 0:
            hive.supers = 1
        return swarm_risk(inspection)

    def needs_treatment(self, hive_name):
        hive = self.hives[hive_name]
        if not hive.inspections:
            return False
        latest = hive.inspections[-1]
        return mites_per_hundred(latest.mite_count) > VARROA_THRESHOLD

    def record_harvest(self, hive_name, frames, when):
        weight = frames * HONEY_PER_FRAME_KG
        self.harvests.append((hive_name, when, weight))
        return weight

    def overdue(self, today):
        late = []
        for name, hive in self.hives.items():
            if next_inspection(hive) < today:
                late.append(name)
        return sorted(late)


def jars_from_harvest(weight_kg, loss=0.05):
    usable_g = weight_kg * 1000 * (1 - loss)
    return int(usable_g // JAR_SIZE_G)


def season_total(book, year):
    total_kg = 0.0
    for hive_name, when, weight in book.harvests:
        if when.year == year:
            total_kg += weight
    return round(total_kg, 1)


def print_round(book, today):
    for name in book.overdue(today=today):
        hive = book.hives[name]
        print(f"{name} at {hive.site} is overdue")
