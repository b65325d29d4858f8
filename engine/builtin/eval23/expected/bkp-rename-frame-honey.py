"""Beekeeping: hive inspections, mite counts and honey harvest estimates."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from statistics import mean

INSPECTION_INTERVAL_DAYS = 9
MITE_ALERT_PER_100 = 3.0
HONEY_KG_PER_FRAME = 2.2
MIN_STORES_KG = 18.0


@dataclass
class Inspection:
    day: date
    queen_seen: bool
    brood_frames: int
    honey_frames: int
    mites_per_100: float
    temper: str = "calm"


@dataclass
class Hive:
    hive_id: str
    apiary: str
    installed: date
    inspections: list[Inspection] = field(default_factory=list)

    def last_inspection(self) -> Inspection | None:
        if not self.inspections:
            return None
        return max(self.inspections, key=lambda i: i.day)

    def next_inspection_due(self) -> date:
        latest = self.last_inspection()
        if latest is None:
            return self.installed
        return latest.day + timedelta(days=INSPECTION_INTERVAL_DAYS)

    def stores_kg(self) -> float:
        latest = self.last_inspection()
        if latest is None:
            return 0.0
        return latest.honey_frames * HONEY_KG_PER_FRAME


class Apiary:
    def __init__(self, name: str, hives: list[Hive]) -> None:
        self.name = name
        self.colonies = {hive.hive_id: hive for hive in hives}

    def record(self, hive_id: str, inspection: Inspection) -> None:
        self.colonies[hive_id].inspections.append(inspection)

    def overdue(self, today: date) -> list[str]:
        return sorted(h.hive_id for h in self.colonies.values() if h.next_inspection_due() < today)

    def queenless_suspects(self) -> list[str]:
        suspects = []
        for hive in self.colonies.values():
            recent = sorted(hive.inspections, key=lambda i: i.day)[-2:]
            if len(recent) == 2 and not any(i.queen_seen for i in recent):
                suspects.append(hive.hive_id)
        return suspects


def mite_trend(hive: Hive, window: int = 3) -> float:
    counts = [i.mites_per_100 for i in sorted(hive.inspections, key=lambda i: i.day)]
    if not counts:
        return 0.0
    return mean(counts[-window:])


def needs_treatment(hive: Hive) -> bool:
    return mite_trend(hive) >= MITE_ALERT_PER_100


def harvestable_kg(hive: Hive, keep_kg: float = MIN_STORES_KG) -> float:
    spare = hive.stores_kg() - keep_kg
    return round(max(spare, 0.0), 1)


def apiary_harvest(apiary: Apiary, keep_kg: float = MIN_STORES_KG) -> float:
    total = 0.0
    for hive in apiary.colonies.values():
        total += harvestable_kg(hive, keep_kg=keep_kg)
    return round(total, 1)


def jar_count(kg: float, jar_grams: int = 340) -> int:
    return int(kg * 1000 // jar_grams)


def temper_summary(apiary: Apiary) -> dict[str, int]:
    summary: dict[str, int] = {}
    for hive in apiary.colonies.values():
        latest = hive.last_inspection()
        if latest is not None:
            summary[latest.temper] = summary.get(latest.temper, 0) + 1
    return summary


def inspection_line(hive: Hive) -> str:
    latest = hive.last_inspection()
    if latest is None:
        return hive.hive_id + ": never inspected"
    queen = "queen seen" if latest.queen_seen else "no queen seen"
    return f"{hive.hive_id}: {latest.brood_frames} brood, {latest.honey_frames} honey, {queen}"


def treatment_list(apiary: Apiary) -> list[str]:
    return sorted(h.hive_id for h in apiary.colonies.values() if needs_treatment(h))
