"""Practice-night rota and peal records for a tower of change ringers."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

BELLS_IN_TOWER = 10
PEAL_MIN_CHANGES = 5040
QUARTER_PEAL_CHANGES = 1260
DEFAULT_METHOD = "Plain Bob Major"


@dataclass
class Ringer:
    name: str
    preferred_bell: int
    can_conduct: bool = False
    attended: list[date] = field(default_factory=list)


@dataclass
class Performance:
    method: str
    changes: int
    rung_on: date
    band: list[str] = field(default_factory=list)

    def is_peal(self) -> bool:
        return self.changes >= PEAL_MIN_CHANGES


class PracticeNight:
    def __init__(self, held_on: date, method: str = DEFAULT_METHOD):
        self.held_on = held_on
        self.method = method
        self.ringers: list[Ringer] = []
        self.touches_rung = 0

    def sign_in(self, ringer: Ringer) -> None:
        self.ringers.append(ringer)
        ringer.attended.append(self.held_on)

    def enough_for_method(self) -> bool:
        return len(self.ringers) >= BELLS_IN_TOWER

    def conductor(self) -> Ringer | None:
        for ringer in self.ringers:
            if ringer.can_conduct:
                return ringer
        return None


def assign_bells(ringers: list[Ringer]) -> dict[int, str]:
    allocation = {}
    spare = []
    for ringer in ringers:
        if ringer.preferred_bell not in allocation:
            allocation[ringer.preferred_bell] = ringer.name
        else:
            spare.append(ringer.name)
    for bell in range(1, BELLS_IN_TOWER + 1):
        if bell not in allocation and spare:
            allocation[bell] = spare.pop(0)
    return allocation


def attendance_rate(ringer: Ringer, nights_held: int) -> float:
    if nights_held == 0:
        return 0.0
    return round(len(ringer.attended) / nights_held, 2)


def regulars(ringers: list[Ringer], nights_held: int, cutoff: float) -> list[str]:
    return [r.name for r in ringers if attendance_rate(r, nights_held) >= cutoff]


def classify(performance: Performance) -> str:
    if performance.is_peal():
        return "peal"
    if performance.changes >= QUARTER_PEAL_CHANGES:
        return "quarter peal"
    return "touch"


def peal_board_line(performance: Performance) -> str:
    names = ", ".join(performance.band)
    return f"{performance.rung_on:%d %B %Y}: {performance.changes} {performance.method} ({names})"


def yearly_totals(performances: list[Performance], year: int) -> dict[str, int]:
    totals = {"peal": 0, "quarter peal": 0, "touch": 0}
    for performance in performances:
        if performance.rung_on.year == year:
            totals[classify(performance)] += 1
    return totals


def night_summary(night: PracticeNight, nights_held: int) -> list[str]:
    lines = [f"{night.held_on:%d %b}: {len(night.ringers)} ringers, {night.method}"]
    leader = night.conductor()
    if leader is not None:
        lines.append(f"conducted by {leader.name}")
    keen = regulars(night.ringers, nights_held=nights_held, cutoff=0.75)
    lines.append(f"regulars present: {len(keen)}")
    if not night.enough_for_method():
        lines.append("short-handed: ring on six")
    return lines
