"""Inspection records for a small apiary."""

import json
import logging
from dataclasses import dataclass, field
from datetime import date, timedelta

log = logging.getLogger(__name__)

SWARM_SEASON_MONTHS = (4, 5, 6)
MIN_FRAMES_FOR_SPLIT = 8


@dataclass
class Hive:
    name: str
    queen_year: int
    frames_of_brood: int = 0
    honey_kg: float = 0.0
    notes: list[str] = field(default_factory=list)


@dataclass
class Inspection:
    hive_name: str
    when: date
    queen_seen: bool
    queen_cells: int
    temper: str = "calm"


class Apiary:
    def __init__(self, site):
        self.site = site
        self.hives = {}
        self.inspections = []

    def add_hive(self, hive):
        if hive.name in self.hives:
            raise ValueError(f"duplicate hive: {hive.name}")
        self.hives[hive.name] = hive

    def record(self, inspection):
        if inspection.hive_name not in self.hives:
            raise KeyError(inspection.hive_name)
        self.inspections.append(inspection)

    def last_inspection(self, hive_name):
        found = [i for i in self.inspections if i.hive_name == hive_name]
        if not found:
            return None
        return max(found, key=lambda i: i.when)

    def overdue(self, today, interval_days=9):
        late = []
        for name in self.hives:
            last = self.last_inspection(name)
            if last is None or today - last.when > timedelta(days=interval_days):
                late.append(name)
        return sorted(late)


def queen_age(hive, year):
    return year - hive.queen_year


def needs_requeening(hive, year):
    return queen_age(hive, year) >= 3


def swarm_risk(inspection, hive):
    if inspection.when.month not in SWARM_SEASON_MONTHS:
        return "low"
    if inspection.queen_cells > 0:
        return "high"
    if hive.frames_of_brood >= MIN_FRAMES_FOR_SPLIT:
        return "medium"
    return "low"


def total_honey(apiary):
    total = 0.0
    for hive in apiary.hives.values():
        total += hive.honey_kg
    return round(total, 1)


def load_hives(path):
    with open(path, encoding="utf-8") as fh:
        try:
            raw = json.load(fh)
        except json.JSONDecodeError:
            return []
    hives = []
    for item in raw:
        hives.append(Hive(item["name"], item["queen_year"], item.get("frames", 0)))
    return hives


def feed_colony(hive, syrup_litres):
    hive.notes.append(f"fed {syrup_litres} L of syrup")
    return syrup_litres * 1.3


def inspection_summary(apiary, today):
    lines = []
    for name, hive in sorted(apiary.hives.items()):
        last = apiary.last_inspection(name)
        seen = "never" if last is None else last.when.isoformat()
        age = queen_age(hive, today.year)
        lines.append(f"{name:<12} queen {age}y  last {seen}")
    print(f"{len(lines)} hives at {apiary.site}")
    return "\n".join(lines)
