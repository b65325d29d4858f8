"""Inspection log for a small apiary: frames, brood, queen sightings and swarm risk."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from datetime import date, timedelta

MAX_FRAMES = 11
SWARM_CELL_LIMIT = 3
INSPECTION_INTERVAL_DAYS = 7
TEMPERAMENT_SCALE = ("calm", "lively", "runny", "defensive")


@dataclass
class Inspection:
    hive_id: str
    day: date
    brood_frames: int
    stores_frames: int
    queen_seen: bool = False
    queen_cells: int = 0
    temperament: str = "calm"
    notes: list[str] = field(default_factory=list)

    def occupied_frames(self):
        return self.brood_frames + self.stores_frames

    def is_crowded(self, margin=2):
        return self.occupied_frames() >= MAX_FRAMES - margin

    def temperament_rank(self):
        if self.temperament in TEMPERAMENT_SCALE:
            return TEMPERAMENT_SCALE.index(self.temperament)
        return len(TEMPERAMENT_SCALE) - 1


class Hive:
    def __init__(self, hive_id, site, queen_year=None):
        self.hive_id = hive_id
        self.site = site
        self.queen_year = queen_year
        self.inspections = []
        self.supers_added = 0

    def record(self, inspection):
        if not isinstance(inspection, Inspection):
            raise TypeError("only inspections can be recorded against a hive")
        if inspection.hive_id != self.hive_id:
            raise ValueError(f"inspection for {inspection.hive_id} filed under {self.hive_id}")
        self.inspections.append(inspection)
        if inspection.is_crowded():
            self.supers_added += 1
        return inspection

    def latest(self):
        if not self.inspections:
            return None
        return max(self.inspections, key=lambda item: item.day)

    def next_visit(self, today=None):
        last = self.latest()
        if last is None:
            return today or date.today()
        return last.day + timedelta(days=INSPECTION_INTERVAL_DAYS)

    def queen_age(self, season):
        if self.queen_year is None:
            return None
        return season - self.queen_year


def parse_visit(row, hive_id):
    cells = int(row.get("queen_cells", 0))
    notes = [part.strip() for part in row.get("notes", "").split(";") if part.strip()]
    return Inspection(
        hive_id=hive_id,
        day=date.fromisoformat(row["date"]),
        brood_frames=int(row["brood"]),
        stores_frames=int(row["stores"]),
        queen_seen=row.get("queen") == "yes",
        queen_cells=cells,
        temperament=row.get("temperament", "calm"),
        notes=notes,
    )


def swarm_risk(inspection, split_age_weeks=10):
    score = 0
    if inspection.queen_cells >= SWARM_CELL_LIMIT:
        score += 2
    elif inspection.queen_cells > 0:
        score += 1
    if inspection.is_crowded():
        score += 1
    if split_age_weeks < 4:
        score -= 1
    return max(score, 0)


def summarise_hive(hive, season, recent=4, weeks_since_split=10):
    history = sorted(hive.inspections, key=lambda item: item.day)[-recent:]
    if not history:
        return {"hive": hive.hive_id, "visits": 0}
    brood_counts = [visit.brood_frames for visit in history]
    worst_risk = max(swarm_risk(visit, split_age_weeks=weeks_since_split) for visit in history)
    moods = [visit.temperament_rank() for visit in history]
    return {
        "hive": hive.hive_id,
        "visits": len(history),
        "mean_brood": round(statistics.mean(brood_counts), 1),
        "swarm_risk": worst_risk,
        "grumpiest": TEMPERAMENT_SCALE[max(moods)],
        "queen_age": hive.queen_age(season),
        "supers": hive.supers_added,
        "next_visit": hive.next_visit(),
    }


def hives_needing_attention(hives, season, threshold=2):
    flagged = []
    for hive in hives:
        summary = summarise_hive(hive, season)
        if summary["visits"] and summary["swarm_risk"] >= threshold:
            flagged.append(summary["hive"])
    return flagged
