"""Apiary records: hives, inspections, honey harvests and varroa counts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

MITE_THRESHOLD = 3.0
FRAMES_PER_SUPER = 10
HONEY_KG_PER_FRAME = 2.2
INSPECTION_INTERVAL_DAYS = 9


@dataclass
class Inspection:
    day: date
    queen_seen: bool
    brood_frames: int
    temper: str = "calm"
    notes: str = ""


class Hive:
    def __init__(self, hive_id, location, queen_year):
        self.hive_id = hive_id
        self.location = location
        self.queen_year = queen_year
        self.supers = 1
        self.inspections = []
        self.mite_counts = []

    def inspect(self, inspection):
        self.inspections.append(inspection)

    def last_inspection(self):
        if not self.inspections:
            return None
        return max(self.inspections, key=lambda i: i.day)

    def add_super(self):
        self.supers += 1

    def record_mites(self, mites, bees_sampled=300):
        rate = 100 * mites / bees_sampled
        self.mite_counts.append(rate)
        return rate

    def needs_treatment(self):
        if not self.mite_counts:
            return False
        return self.mite_counts[-1] >= MITE_THRESHOLD


class Apiary:
    def __init__(self, name):
        self.name = name
        self.hives = {}

    def add_hive(self, hive):
        self.hives[hive.hive_id] = hive

    def due_for_inspection(self, today):
        due = []
        for hive in self.hives.values():
            last = hive.last_inspection()
            if last is None or (today - last.day).days >= INSPECTION_INTERVAL_DAYS:
                due.append(hive)
        return due

    def queenless(self):
        result = []
        for hive in self.hives.values():
            recent = hive.last_inspection()
            if recent is not None and not recent.queen_seen:
                result.append(hive)
        return result


def estimate_harvest(hive, capped_fraction):
    frames = hive.supers * FRAMES_PER_SUPER
    return round(frames * capped_fraction * HONEY_KG_PER_FRAME, 1)


def harvest_report(apiary, capped):
    total = 0.0
    lines = []
    for hive_id, hive in sorted(apiary.hives.items()):
        kg = estimate_harvest(hive, capped.get(hive_id, 0.0))
        total += kg
        lines.append(f"{hive_id:>6}  {kg:6.1f} kg")
    lines.append(f"{'total':>6}  {total:6.1f} kg")
    return "\n".join(lines)


def queen_age_years(hive, today):
    return today.year - hive.queen_year


def requeen_list(apiary, today, max_age=2):
    return [h.hive_id for h in apiary.hives.values() if queen_age_years(h, today) > max_age]


def treatment_plan(apiary):
    plan = {}
    for hive in apiary.hives.values():
        if hive.needs_treatment():
            plan[hive.hive_id] = "oxalic acid"
    return plan


def parse_inspection(row):
    day = date.fromisoformat(row["date"])
    queen_seen = row.get("queen", "no").lower() in ("yes", "y")
    brood = int(row.get("brood", 0))
    return Inspection(day, queen_seen, brood, temper=row.get("temper", "calm"))


def demo_apiary():
    apiary = Apiary("Orchard Lane")
    for n, year in enumerate((2022, 2023, 2024), start=1):
        apiary.add_hive(Hive(f"H{n}", "orchard", year))
    return apiary
