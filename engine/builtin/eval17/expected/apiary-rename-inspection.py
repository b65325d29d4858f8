"""Hive inspections and honey harvests for a hillside apiary."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

SUPER_CAPACITY_KG = 12.5
MIN_FRAMES_OF_BROOD = 4
INSPECTION_GAP_DAYS = 9
VARROA_ALERT_PER_100 = 3


@dataclass
class HiveCheck:
    hive_id: str
    done_on: date
    brood_frames: int
    queen_seen: bool
    mites_per_100: float
    notes: str = ""


@dataclass
class Hive:
    hive_id: str
    site: str
    supers: int = 1
    inspections: list[HiveCheck] = field(default_factory=list)

    def last_inspection(self) -> HiveCheck | None:
        return self.inspections[-1] if self.inspections else None

    def next_due(self) -> date | None:
        last = self.last_inspection()
        if last is None:
            return None
        return last.done_on + timedelta(days=INSPECTION_GAP_DAYS)

    def is_weak(self) -> bool:
        last = self.last_inspection()
        return last is not None and last.brood_frames < MIN_FRAMES_OF_BROOD


class HarvestBook:
    def __init__(self, season: int) -> None:
        self.season = season
        self.jar_count = 0
        self.harvests: dict[str, float] = {}

    def record(self, hive_id: str, kg: float) -> None:
        self.harvests[hive_id] = self.harvests.get(hive_id, 0.0) + kg

    def total_kg(self) -> float:
        return sum(self.harvests.values())

    def bottle(self, jar_grams: int = 340) -> int:
        jars = int(self.total_kg() * 1000 // jar_grams)
        self.jar_count += jars
        return jars

    def best_hive(self) -> str | None:
        if not self.harvests:
            return None
        return max(self.harvests, key=self.harvests.get)


def mite_alert(inspection: HiveCheck) -> bool:
    return inspection.mites_per_100 >= VARROA_ALERT_PER_100


def supers_needed(expected_kg: float) -> int:
    full = int(expected_kg // SUPER_CAPACITY_KG)
    return full + (1 if expected_kg % SUPER_CAPACITY_KG else 0)


def queenless_hives(hives: list[Hive]) -> list[str]:
    missing = []
    for hive in hives:
        last = hive.last_inspection()
        if last is not None and not last.queen_seen:
            missing.append(hive.hive_id)
    return missing


def treatment_list(hives: list[Hive]) -> list[str]:
    flagged = []
    for hive in hives:
        last = hive.last_inspection()
        if last is not None and mite_alert(last):
            flagged.append(hive.hive_id)
    return flagged


def visit_plan(hives: list[Hive], today: date, lookahead_days: int = 3) -> list[str]:
    horizon = today + timedelta(days=lookahead_days)
    plan = []
    for hive in hives:
        due = hive.next_due()
        if due is None or due <= horizon:
            plan.append(hive.hive_id)
    return plan


def site_report(hives: list[Hive], site: str) -> str:
    here = [h for h in hives if h.site == site]
    weak = sum(1 for h in here if h.is_weak())
    return f"{site}: {len(here)} hives, {weak} weak"


def weekly_plan(hives: list[Hive], today: date) -> list[str]:
    return visit_plan(hives, today, lookahead_days=7)
