"""Record weekly hive inspections and flag colonies that need a beekeeper's attention."""

import datetime
import statistics
from dataclasses import dataclass, field

MIN_BROOD_FRAMES = 4
SWARM_CELL_LIMIT = 2
VARROA_THRESHOLD = 3.0
INSPECTION_INTERVAL_DAYS = 7
TEMPERAMENT_SCALE = ("calm", "nervous", "defensive", "aggressive")


@dataclass
class FrameCount:
    brood: int = 0
    honey: int = 0
    pollen: int = 0
    empty: int = 0

    def total(self):
        return self.brood + self.honey + self.pollen + self.empty


@dataclass
class Inspection:
    hive_id: str
    day: datetime.date
    frames: FrameCount
    queen_seen: bool = False
    eggs_seen: bool = False
    swarm_cells: int = 0
    mites_per_hundred: float = 0.0
    temperament: str = "calm"
    notes: list = field(default_factory=list)


def mite_load_level(mites_per_hundred, threshold=VARROA_THRESHOLD):
    if mites_per_hundred >= threshold * 2:
        return "critical"
    if mites_per_hundred >= threshold:
        return "treat"
    return "ok"


def queen_status(inspection):
    if inspection.eggs_seen:
        return "queenright"
    if inspection.queen_seen:
        return "queen seen, no eggs"
    return "possibly queenless"


def assess_inspection(inspection, strict=False):
    warnings = []
    if inspection.frames.brood < MIN_BROOD_FRAMES:
        warnings.append("weak brood: %d frames" % inspection.frames.brood)
    if inspection.swarm_cells > SWARM_CELL_LIMIT:
        warnings.append("swarm preparations under way")
    level = mite_load_level(inspection.mites_per_hundred)
    if level != "ok":
        warnings.append("varroa " + level)
    status = queen_status(inspection)
    if status != "queenright":
        warnings.append(status)
    rank = TEMPERAMENT_SCALE.index(inspection.temperament)
    if rank >= 2 or (strict and rank == 1):
        warnings.append("temperament: " + inspection.temperament)
    return warnings


class HiveLog:
    def __init__(self, apiary_name, owner="unknown"):
        self.apiary_name = apiary_name
        self.owner = owner
        self.inspections = {}
        self.last_treatment = {}

    def record(self, inspection):
        entries = self.inspections.setdefault(inspection.hive_id, [])
        entries.append(inspection)
        entries.sort(key=lambda item: item.day)
        return len(entries)

    def mark_treated(self, hive_id, day):
        self.last_treatment[hive_id] = day

    def latest(self, hive_id):
        history = self.inspections.get(hive_id, [])
        return history[-1] if history else None

    def overdue_hives(self, today):
        overdue = []
        for hive_id, history in self.inspections.items():
            gap = (today - history[-1].day).days
            if gap > INSPECTION_INTERVAL_DAYS:
                overdue.append((hive_id, gap))
        return sorted(overdue, key=lambda pair: pair[1], reverse=True)

    def average_mites(self, hive_id, last=3):
        history = self.inspections.get(hive_id, [])[-last:]
        if not history:
            return 0.0
        return statistics.mean(item.mites_per_hundred for item in history)

    def report(self, today, strict=False):
        lines = ["Apiary %s (%s), %s" % (self.apiary_name, self.owner, today.isoformat())]
        for hive_id in sorted(self.inspections):
            current = self.latest(hive_id)
            warnings = assess_inspection(current, strict=strict)
            treated = self.last_treatment.get(hive_id)
            if treated is not None:
                warnings.append("treated on %s" % treated.isoformat())
            summary = "; ".join(warnings) if warnings else "all good"
            lines.append("  %s: %s" % (hive_id, summary))
        for hive_id, gap in self.overdue_hives(today):
            lines.append("  %s overdue by %d days" % (hive_id, gap - INSPECTION_INTERVAL_DAYS))
        return "\n".join(lines)
