"""Hive inspection log for a small rooftop apiary.

Each visit records brood frames, stores and temper, so the keeper can spot
colonies that need feeding, a super adding, or a closer look for swarm cells.
"""

import statistics
from dataclasses import dataclass, field
from datetime import date, timedelta

MIN_BROOD_FRAMES = 4
SWARM_CELL_ALERT = 3
FEED_THRESHOLD_KG = 12.5
MAX_DAYS_BETWEEN_VISITS = 9
TEMPER_SCALE = ("calm", "nervous", "runny", "defensive")


@dataclass
class Inspection:
    hive_id: str
    visited: date
    brood_frames: int
    stores_kg: float
    queen_cells: int = 0
    temper: str = "calm"
    notes: list = field(default_factory=list)

    def temper_score(self):
        if self.temper not in TEMPER_SCALE:
            return len(TEMPER_SCALE)
        return TEMPER_SCALE.index(self.temper)

    def needs_feeding(self, threshold=FEED_THRESHOLD_KG):
        return self.stores_kg < threshold


class HiveLog:
    def __init__(self, apiary_name, keeper):
        self.apiary_name = apiary_name
        self.keeper = keeper
        self.visits = {}

    def record(self, inspection):
        self.visits.setdefault(inspection.hive_id, []).append(inspection)
        self.visits[inspection.hive_id].sort(key=lambda v: v.visited)

    def latest(self, hive_id):
        history = self.visits.get(hive_id, [])
        return history[-1] if history else None

    def overdue_hives(self, today):
        overdue = []
        for hive_id in sorted(self.visits):
            last = self.latest(hive_id)
            if today - last.visited > timedelta(days=MAX_DAYS_BETWEEN_VISITS):
                overdue.append(hive_id)
        return overdue

    def average_stores(self, hive_id, last_n=3):
        recent = self.visits.get(hive_id, [])[-last_n:]
        if not recent:
            return 0.0
        return round(statistics.mean(v.stores_kg for v in recent), 1)


def parse_row(row, default_temper="calm"):
    hive_id, day, brood, stores, cells, temper = (list(row) + [""] * 6)[:6]
    return Inspection(
        hive_id=hive_id.strip(),
        visited=date.fromisoformat(day.strip()),
        brood_frames=int(brood or 0),
        stores_kg=float(stores or 0),
        queen_cells=int(cells or 0),
        temper=temper.strip() or default_temper,
    )


def swarm_risk(inspection, cell_alert=SWARM_CELL_ALERT):
    if inspection.queen_cells >= cell_alert:
        return "high"
    if inspection.queen_cells > 0 or inspection.brood_frames > MIN_BROOD_FRAMES + 4:
        return "watch"
    return "low"


def colony_flags(inspection):
    flags = []
    if inspection.brood_frames < MIN_BROOD_FRAMES:
        flags.append("weak brood")
    if inspection.needs_feeding():
        flags.append("feed")
    risk = swarm_risk(inspection)
    if risk != "low":
        flags.append("swarm " + risk)
    if inspection.temper_score() >= 2:
        flags.append("requeen?")
    return flags


def visit_report(log, today, hive_ids=None):
    hive_ids = hive_ids or sorted(log.visits)
    lines = [log.apiary_name + " - inspected by " + log.keeper]
    for hive_id in hive_ids:
        last = log.latest(hive_id)
        if last is None:
            lines.append(hive_id + ": no visits logged")
            continue
        flags = colony_flags(last)
        summary = ", ".join(flags) if flags else "all good"
        lines.append(f"{hive_id} ({last.visited:%d %b}): {summary}")
    for hive_id in log.overdue_hives(today):
        lines.append("overdue: " + hive_id)
    return "\n".join(lines)
