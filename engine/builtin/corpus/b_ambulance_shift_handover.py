"""Shift handover notes for an ambulance station.

The outgoing crew records vehicle checks, drug stock and any
outstanding issues; the incoming crew signs to accept the vehicle.
"""

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum

SHIFT_LENGTH = timedelta(hours=12)
HANDOVER_OVERLAP = timedelta(minutes=15)
MIN_FUEL_FRACTION = 0.5
CONTROLLED_DRUGS = ("morphine", "midazolam", "ketamine")
OXYGEN_MIN_BAR = 100


class VehicleStatus(Enum):
    ON_RUN = "on the run"
    RESTOCK = "needs restock"
    OFF_ROAD = "off road"


@dataclass
class DrugCount:
    name: str
    expected: int
    counted: int
    witness: str = ""

    @property
    def discrepancy(self) -> int:
        return self.counted - self.expected


@dataclass
class Handover:
    """Checklist the outgoing crew fills in before handing the vehicle over."""
    callsign: str
    outgoing: list
    incoming: list
    started: datetime
    fuel_fraction: float = 1.0
    oxygen_bar: int = 200
    drugs: list = field(default_factory=list)
    issues: list = field(default_factory=list)
    accepted_by: str = ""

    def count_drug(self, name, expected, counted, witness=""):
        self.drugs.append(DrugCount(name, expected, counted, witness))

    def problems(self):
        """Everything the incoming crew should know about before going on the run."""
        found = []
        if self.fuel_fraction < MIN_FUEL_FRACTION:
            found.append(f"fuel at {self.fuel_fraction:.0%}, refuel before next job")
        if self.oxygen_bar < OXYGEN_MIN_BAR:
            found.append(f"main oxygen at {self.oxygen_bar} bar, swap cylinder")
        for drug in self.drugs:
            if drug.discrepancy:
                found.append(f"{drug.name} count off by {drug.discrepancy:+d}")
            if drug.name.lower() in CONTROLLED_DRUGS and not drug.witness:
                found.append(f"{drug.name} count needs a witness signature")
        found.extend(self.issues)
        return found

    def status(self) -> VehicleStatus:
        """Any drug count problem takes the vehicle off road until resolved."""
        problems = self.problems()
        if any("count" in p for p in problems):
            return VehicleStatus.OFF_ROAD
        if problems:
            return VehicleStatus.RESTOCK
        return VehicleStatus.ON_RUN

    def accept(self, clinician: str) -> bool:
        if self.status() is VehicleStatus.OFF_ROAD:
            return False
        self.accepted_by = clinician
        return True


def shift_end(start: datetime, overrun_minutes=0) -> datetime:
    return start + SHIFT_LENGTH + timedelta(minutes=overrun_minutes)


def handover_late(handover, shift_start, *, allowance=HANDOVER_OVERLAP):
    """True when the handover started after the permitted overlap."""
    return handover.started > shift_start + allowance


def station_board(handovers):
    """Text for the station screen: one line per vehicle, problems indented."""
    lines = []
    for handover in sorted(handovers, key=lambda h: h.callsign):
        crew = " / ".join(handover.incoming) or "no crew"
        lines.append(f"{handover.callsign:<8} {handover.status().value:<14} {crew}")
        for problem in handover.problems():
            lines.append(f"{'':<8} - {problem}")
    return "\n".join(lines)
