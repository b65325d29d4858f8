"""A beekeeper's hive log: inspections, winter stores, honey taken off and a season report."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

logger = logging.getLogger(__name__)

FRAMES_PER_BOX = 10
SWARM_CELL_LIMIT = 3
MIN_STORES_KG = 15.0
JAR_WEIGHT_KG = 0.454
LOG_FILE = "hives.json"
TEMPERS = ("calm", "nervy", "defensive")


@dataclass
class Inspection:
    day: date
    brood_frames: int
    queen_seen: bool = False
    queen_cells: int = 0
    temper: str = "calm"
    notes: str = ""

    def swarm_risk(self, limit=SWARM_CELL_LIMIT):
        """True when the colony is likely to be getting ready to swarm."""
        return self.queen_cells >= limit

    def to_dict(self):
        data = {"day": self.day.isoformat(), "brood_frames": self.brood_frames}
        data.update(queen_seen=self.queen_seen, queen_cells=self.queen_cells)
        data.update(temper=self.temper, notes=self.notes)
        return data


@dataclass
class Hive:
    name: str
    boxes: int = 1
    stores_kg: float = 0.0
    harvested_kg: float = 0.0
    inspections: list[Inspection] = field(default_factory=list)

    def capacity(self):
        return self.boxes * FRAMES_PER_BOX

    def record(self, inspection):
        if inspection.temper not in TEMPERS:
            raise ValueError(f"unknown temper {inspection.temper!r}")
        self.inspections.append(inspection)
        logger.info("%s inspected on %s", self.name, inspection.day)
        return inspection

    def last_inspection(self):
        return max(self.inspections, key=lambda item: item.day, default=None)

    def harvest(self, kg, keep=MIN_STORES_KG):
        taken = min(kg, max(self.stores_kg - keep, 0.0))
        self.stores_kg -= taken
        self.harvested_kg += taken
        return taken


def jars_from(kg, jar_kg=JAR_WEIGHT_KG):
    return int(kg // jar_kg)


def brood_share(hive, inspection):
    """Share of the hive's frames that held brood at this inspection."""
    return round(inspection.brood_frames / hive.capacity(), 2)


def hive_warnings(hive, swarm_limit=SWARM_CELL_LIMIT):
    last = hive.last_inspection()
    warnings = []
    if last is None:
        warnings.append("never inspected")
    elif last.swarm_risk(limit=swarm_limit):
        warnings.append("swarm cells")
    if hive.stores_kg < MIN_STORES_KG:
        warnings.append("feed")
    return warnings


def hives_with_temper(hives, temper="defensive"):
    lasts = [(hive.name, hive.last_inspection()) for hive in hives]
    return [name for name, last in lasts if last is not None and last.temper == temper]


def apiary_stores(hives):
    total = sum(hive.stores_kg for hive in hives)
    return round(total, 1)


def season_report(hives, year=None):
    year = year or date.today().year
    lines = [f"Apiary report {year}"]
    total = 0.0
    for hive in hives:
        total += hive.harvested_kg
        flags = ", ".join(hive_warnings(hive)) or "ok"
        jars = jars_from(hive.harvested_kg)
        lines.append(f"{hive.name:<12} {hive.harvested_kg:6.1f} kg {jars:4d} jars  {flags}")
    lines.append(f"{'all hives':<12} {total:6.1f} kg {jars_from(total):4d} jars")
    return "\n".join(lines)


def save_apiary(hives, folder, filename=LOG_FILE):
    path = Path(folder) / filename
    data = [{"name": hive.name, "boxes": hive.boxes, "stores_kg": hive.stores_kg,
             "harvested_kg": hive.harvested_kg,
             "inspections": [item.to_dict() for item in hive.inspections]} for hive in hives]
    path.write_text(json.dumps(data, indent=2))
    logger.info("saved %d hives to %s", len(hives), path)
    return path


def load_apiary(folder, filename=LOG_FILE):
    path = Path(folder) / filename
    data = json.loads(path.read_text())
    hives = []
    for entry in data:
        hive = Hive(entry["name"], boxes=entry["boxes"], stores_kg=entry["stores_kg"])
        hive.harvested_kg = entry.get("harvested_kg", 0.0)
        for item in entry["inspections"]:
            day = date.fromisoformat(item["day"])
            hive.inspections.append(Inspection(day, item["brood_frames"], item["queen_seen"],
                                               item["queen_cells"], temper=item["temper"]))
        hives.append(hive)
    return hives
