"""Hive inspections and honey harvest records for a small apiary."""

from dataclasses import dataclass, field
from datetime import date

SUPER_WEIGHT_KG = 11.5
VARROA_THRESHOLD = 3.0
FRAMES_PER_BOX = 10
HARVEST_RESERVE_KG = 18


@dataclass
class Inspection:
    day: date
    frames_of_brood: int
    queen_seen: bool
    mite_count: int = 0
    temper: str = "calm"


@dataclass
class Hive:
    hive_id: str
    site: str
    boxes: int = 2
    supers: int = 0
    inspections: list = field(default_factory=list)

    def last_inspection(self):
        if not self.inspections:
            return None
        return max(self.inspections, key=lambda i: i.day)

    def frame_capacity(self):
        return (self.boxes + self.supers) * FRAMES_PER_BOX


def mite_rate(inspection, sample_bees=300):
    if sample_bees <= 0:
        return 0.0
    return inspection.mite_count / sample_bees * 100


def needs_treatment(hive):
    latest = hive.last_inspection()
    if latest is None:
        return False
    return mite_rate(latest) >= VARROA_THRESHOLD


class Apiary:
    def __init__(self, name, keeper):
        self.name = name
        self.keeper = keeper
        self.hives = {}
        self.harvest_log = []

    def add_hive(self, hive):
        if hive.hive_id in self.hives:
            raise KeyError("duplicate hive " + hive.hive_id)
        self.hives[hive.hive_id] = hive

    def inspect(self, hive_id, inspection):
        hive = self.hives[hive_id]
        hive.inspections.append(inspection)
        return needs_treatment(hive)

    def queenless(self):
        missing = []
        for hive in self.hives.values():
            latest = hive.last_inspection()
            if latest is not None and not latest.queen_seen:
                missing.append(hive.hive_id)
        return missing

    def record_harvest(self, hive_id, full_supers, moisture=17.5):
        gross = full_supers * SUPER_WEIGHT_KG
        if moisture > 18.0:
            gross *= 0.9
        self.harvest_log.append((hive_id, gross))
        return gross

    def total_honey(self):
        return sum(kg for _hive, kg in self.harvest_log)


def harvestable(store_kg, colony_strength):
    reserve = HARVEST_RESERVE_KG
    if colony_strength == "weak":
        reserve += 4
    return max(store_kg - reserve, 0)


def jar_count(total_kg, jar_grams=454):
    return int(total_kg * 1000 // jar_grams)


def inspection_report(apiary):
    lines = ["Apiary: %s (keeper %s)" % (apiary.name, apiary.keeper)]
    for hive_id, hive in sorted(apiary.hives.items()):
        latest = hive.last_inspection()
        when = latest.day.isoformat() if latest else "never"
        flag = " TREAT" if needs_treatment(hive) else ""
        lines.append("%s at %s: last seen %s%s" % (hive_id, hive.site, when, flag))
    lines.append("Queenless: " + ", ".join(apiary.queenless()))
    lines.append("Honey so far: %.1f kg" % apiary.total_honey())
    return "\n".join(lines)
