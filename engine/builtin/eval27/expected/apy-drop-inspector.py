"""Hive inspections, varroa counts and honey harvests for a small apiary."""

import json
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

VARROA_THRESHOLD_PER_DAY = 10
SUPER_CAPACITY_KG = 12.5
INSPECTION_INTERVAL_DAYS = 9


@dataclass
class Hive:
    hive_id: str
    queen_marked: bool
    colony_strength: int
    supers: int = 1
    last_inspected: date | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class Inspection:
    hive_id: str
    inspected_on: date
    queen_seen: bool
    brood_frames: int
    mite_drop_per_day: float


def needs_treatment(inspection: Inspection, threshold: float = 10.0) -> bool:
    return inspection.mite_drop_per_day > threshold


def record_inspection(hive: Hive, inspection: Inspection) -> None:
    hive.last_inspected = inspection.inspected_on
    if not inspection.queen_seen:
        hive.notes.append(f"{inspection.inspected_on}: queen not seen")


def inspection_due(hive, today):
    if hive.last_inspected is None:
        return True
    return (today - hive.last_inspected).days >= INSPECTION_INTERVAL_DAYS


def honey_estimate_kg(hive: Hive, fill_fraction: float = 0.8) -> float:
    return round(hive.supers * SUPER_CAPACITY_KG * fill_fraction, 1)


def add_super(hive: Hive) -> int:
    hive.supers += 1
    print("super added to", hive.hive_id)
    return hive.supers


def swarm_risk(inspection: Inspection, queen_cells: int) -> str:
    if queen_cells == 0:
        return "low"
    if inspection.brood_frames >= 8:
        return "high"
    return "medium"


def load_hives(path: Path) -> list[Hive]:
    data = json.loads(path.read_text())
    return [Hive(item["id"], item["marked"], item["strength"], item.get("supers", 1)) for item in data]


def save_inspections(inspections: list[Inspection], path: Path) -> None:
    rows = []
    for inspection in inspections:
        rows.append({
            "hive": inspection.hive_id,
            "date": inspection.inspected_on.isoformat(),
            "mites": inspection.mite_drop_per_day,
        })
    path.write_text(json.dumps(rows, indent=2))


def weakest_hive(hives: list[Hive]) -> Hive | None:
    if not hives:
        return None
    return min(hives, key=lambda hive: hive.colony_strength)


def treatment_list(inspections: list[Inspection]) -> list[str]:
    flagged = []
    for inspection in inspections:
        if needs_treatment(inspection):
            flagged.append(inspection.hive_id)
    return sorted(set(flagged))


def harvest_total(hives: list[Hive]) -> float:
    return round(sum(honey_estimate_kg(hive) for hive in hives), 1)


def feed_syrup(hive: Hive, litres: float, ratio: str = "2:1") -> str:
    note = f"fed {litres} l of {ratio} syrup"
    hive.notes.append(note)
    return note


def round_up_supers(total_kg: float) -> int:
    return ceil(total_kg / SUPER_CAPACITY_KG)


def visit(hives: list[Hive], inspections: list[Inspection]) -> None:
    by_id = {hive.hive_id: hive for hive in hives}
    for inspection in inspections:
        record_inspection(by_id[inspection.hive_id], inspection)
