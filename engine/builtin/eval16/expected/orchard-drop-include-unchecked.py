"""Records of grafting work in a heritage apple orchard."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import date
from pathlib import Path

TAKE_RATE_TARGET = 0.75
SCION_BUDS_MIN = 3
DORMANT_MONTHS = (12, 1, 2, 3)


@dataclass
class Graft:
    tree_row: int
    tree_number: int
    scion_variety: str
    rootstock: str
    grafted_on: date
    buds: int
    took: bool | None = None


class GraftLedger:
    def __init__(self, orchard_name: str) -> None:
        self.orchard_name = orchard_name
        self.entries: list[Graft] = []

    def record(self, graft: Graft) -> None:
        if graft.buds < SCION_BUDS_MIN:
            raise ValueError("scion has too few buds")
        self.entries.append(graft)

    def mark_take(self, row: int, number: int, took: bool) -> None:
        for graft in self.entries:
            if graft.tree_row == row and graft.tree_number == number:
                graft.took = took
                return
        raise KeyError(f"no graft at row {row}, tree {number}")

    def take_rate(self) -> float:
        checked = [g for g in self.entries if g.took is not None]
        if not checked:
            return 0.0
        return sum(1 for g in checked if g.took) / len(checked)

    def below_target(self) -> bool:
        return self.take_rate() < TAKE_RATE_TARGET


def is_dormant_season(day: date) -> bool:
    return day.month in DORMANT_MONTHS


def varieties_by_rootstock(grafts: list[Graft], rootstock: str = "M26") -> list[str]:
    names = {g.scion_variety for g in grafts if g.rootstock == rootstock}
    return sorted(names)


def rows_needing_regraft(ledger: GraftLedger, season: int) -> list[int]:
    rows = set()
    for graft in ledger.entries:
        if graft.grafted_on.year != season:
            continue
        if graft.took is False:
            rows.add(graft.tree_row)
    return sorted(rows)


def load_ledger(path: Path, orchard_name: str) -> GraftLedger:
    ledger = GraftLedger(orchard_name)
    with path.open(newline="") as handle:
        for line in csv.DictReader(handle):
            graft = Graft(
                tree_row=int(line["row"]),
                tree_number=int(line["tree"]),
                scion_variety=line["scion"].strip(),
                rootstock=line["rootstock"].strip(),
                grafted_on=date.fromisoformat(line["date"]),
                buds=int(line["buds"]),
            )
            ledger.record(graft)
    return ledger


def label_text(graft: Graft) -> str:
    return f"{graft.scion_variety} on {graft.rootstock} ({graft.grafted_on:%Y})"


def tape_length_cm(stem_diameter_mm, wraps=6):
    circumference = 3.1416 * stem_diameter_mm / 10
    return round(circumference * wraps + 4, 1)


def season_report(ledger: GraftLedger, season: int) -> str:
    total = sum(1 for g in ledger.entries if g.grafted_on.year == season)
    lines = [f"{ledger.orchard_name} {season}", f"grafts: {total}"]
    lines.append(f"take rate: {ledger.take_rate():.0%}")
    regraft = rows_needing_regraft(ledger, season)
    if regraft:
        lines.append("regraft rows: " + ", ".join(str(r) for r in regraft))
    return "\n".join(lines)


def write_labels(ledger: GraftLedger, path: Path) -> int:
    texts = [label_text(g) for g in ledger.entries]
    path.write_text("\n".join(texts) + "\n")
    return len(texts)
