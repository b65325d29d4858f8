"""Termly room inspections for the university's student halls.

Wardens walk each flat with a checklist. Failed items become charges
against the resident's deposit unless they are fixed by the re-inspection.
"""

from __future__ import annotations

import csv
import logging
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Iterable, Optional

logger = logging.getLogger("halls.inspections")

CHECKLIST = (
    "smoke detector uncovered",
    "no candles or incense",
    "walls free of adhesive",
    "window restrictor intact",
    "fire door closes fully",
    "carpet undamaged",
    "furniture present",
    "bin emptied",
)
CHARGES = {
    "walls free of adhesive": Decimal("25.00"),
    "carpet undamaged": Decimal("80.00"),
    "furniture present": Decimal("120.00"),
    "window restrictor intact": Decimal("45.00"),
    "bin emptied": Decimal("10.00"),
}
FIRE_SAFETY_ITEMS = frozenset({"smoke detector uncovered", "no candles or incense", "fire door closes fully"})
FIRE_SAFETY_FINE = Decimal("50.00")
REINSPECTION_DAYS = 7
DEPOSIT = Decimal("250.00")
REPORT_NAME = "inspection_report_{block}_{when:%Y%m%d}.csv"


@dataclass
class Room:
    block: str
    flat: int
    number: str
    resident: Optional[str] = None
    deposit_held: Decimal = DEPOSIT

    @property
    def label(self) -> str:
        return f"{self.block}{self.flat}/{self.number}"


@dataclass
class Inspection:
    room: Room
    inspected_on: date
    warden: str
    failed_items: list[str] = field(default_factory=list)
    notes: str = ""
    follow_up_of: Optional["Inspection"] = None

    @property
    def outcome(self) -> str:
        if not self.failed_items:
            return "pass"
        if any(item in FIRE_SAFETY_ITEMS for item in self.failed_items):
            return "fail"
        if sum((CHARGES.get(item, Decimal(0)) for item in self.failed_items), Decimal(0)) > 0:
            return "fail"
        return "advisory"

    @property
    def reinspect_by(self) -> Optional[date]:
        if self.outcome == "pass":
            return None
        return self.inspected_on + timedelta(days=REINSPECTION_DAYS)

    def fail(self, item: str, note: str = "") -> None:
        if item not in CHECKLIST:
            raise ValueError(f"{item!r} is not on the checklist")
        if item not in self.failed_items:
            self.failed_items.append(item)
        if note:
            self.notes = f"{self.notes}; {note}" if self.notes else note


def charges_for(inspection: Inspection, *, include_fire_fines: bool = True) -> Decimal:
    """Deposit deduction for everything still failed at this inspection."""
    total = Decimal("0.00")
    for item in inspection.failed_items:
        total += CHARGES.get(item, Decimal("0.00"))
        if include_fire_fines and item in FIRE_SAFETY_ITEMS:
            total += FIRE_SAFETY_FINE
    return total


def items_fixed(first: Inspection, second: Inspection) -> list[str]:
    return [item for item in first.failed_items if item not in second.failed_items]


class InspectionRound:
    """All the inspections a warden team carries out in one block in a term."""

    def __init__(self, block: str, started: date):
        self.block = block
        self.started = started
        self.inspections: list[Inspection] = []

    def inspect(self, room: Room, warden: str, failed: Iterable[str] = (), *,
                on: Optional[date] = None, notes: str = "") -> Inspection:
        inspection = Inspection(room, on or self.started, warden, notes=notes)
        for item in failed:
            inspection.fail(item)
        previous = self.latest_for(room)
        if previous is not None and previous.outcome != "pass":
            inspection.follow_up_of = previous
            fixed = items_fixed(previous, inspection)
            if fixed:
                logger.info("%s fixed: %s", room.label, ", ".join(fixed))
        self.inspections.append(inspection)
        return inspection

    def latest_for(self, room: Room) -> Optional[Inspection]:
        matches = [i for i in self.inspections if i.room.label == room.label]
        return matches[-1] if matches else None

    def overdue(self, today: date) -> list[Inspection]:
        overdue = []
        for inspection in self.inspections:
            due = inspection.reinspect_by
            latest = self.latest_for(inspection.room)
            if due and latest is inspection and due < today:
                overdue.append(inspection)
        return overdue

    def settle_deposits(self) -> dict[str, Decimal]:
        """Apply charges for any room whose latest inspection still fails."""
        deductions: dict[str, Decimal] = {}
        seen: set[str] = set()
        for inspection in reversed(self.inspections):
            label = inspection.room.label
            if label in seen:
                continue
            seen.add(label)
            amount = min(charges_for(inspection), inspection.room.deposit_held)
            if amount:
                inspection.room.deposit_held -= amount
                deductions[label] = amount
        return deductions

    def common_failures(self, top: int = 3) -> list[tuple[str, int]]:
        counter = Counter(item for i in self.inspections for item in i.failed_items)
        return counter.most_common(top)

    def pass_rate(self) -> float:
        if not self.inspections:
            return 0.0
        passed = sum(1 for i in self.inspections if i.outcome == "pass")
        return round(100 * passed / len(self.inspections), 1)


def export_round(inspection_round: InspectionRound, folder: Path, when: Optional[date] = None) -> Path:
    when = when or date.today()
    path = folder / REPORT_NAME.format(block=inspection_round.block, when=when)
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["room", "resident", "date", "warden", "outcome", "failed", "charge"])
        for inspection in inspection_round.inspections:
            writer.writerow([
                inspection.room.label,
                inspection.room.resident or "vacant",
                inspection.inspected_on.isoformat(),
                inspection.warden,
                inspection.outcome,
                "; ".join(inspection.failed_items),
                charges_for(inspection),
            ])
    logger.info("wrote %d inspections to %s", len(inspection_round.inspections), path)
    return path
