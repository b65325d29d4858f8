"""Church bell ringing: tower rotas, peal lengths and practice attendance."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date, timedelta

CHANGES_PER_MINUTE = 28
PEAL_MIN_CHANGES = 5000
QUARTER_PEAL_CHANGES = 1260
PRACTICE_NIGHT = 3


@dataclass
class Ringer:
    name: str
    bells_handled: set[int] = field(default_factory=set)
    can_conduct: bool = False


@dataclass
class Tower:
    dedication: str
    bell_count: int
    tenor_weight_kg: float
    ringers: list[Ringer] = field(default_factory=list)

    def band_for(self, needed: int) -> list[Ringer] | None:
        if len(self.ringers) < needed:
            return None
        return self.ringers[:needed]

    def conductors(self) -> list[Ringer]:
        return [r for r in self.ringers if r.can_conduct]


def peal_minutes(changes: int, rate: float = CHANGES_PER_MINUTE) -> int:
    return math.ceil(changes / rate)


def is_full_peal(changes: int) -> bool:
    return changes >= PEAL_MIN_CHANGES


def extent(bells):
    return math.factorial(bells)


def next_practice(today: date, weekday: int = PRACTICE_NIGHT) -> date:
    days_ahead = (weekday - today.weekday()) % 7
    return today + timedelta(days=days_ahead)


def assign_bells(tower: Tower, band: list[Ringer]) -> dict[int, str]:
    plan: dict[int, str] = {}
    free = list(range(1, tower.bell_count + 1))
    band = [r for r in band if r.bells_handled]
    for ringer in sorted(band, key=lambda r: len(r.bells_handled)):
        for bell in free:
            if bell in ringer.bells_handled:
                plan[bell] = ringer.name
                free.remove(bell)
                break
    return plan


def attendance_rate(attended: int, practices: int) -> float:
    return attended / practices


def quarter_peal_time(tower: Tower, heavy_bonus: float = 0.1) -> int:
    minutes = peal_minutes(QUARTER_PEAL_CHANGES)
    if tower.tenor_weight_kg > 1000:
        minutes = math.ceil(minutes * (1 + heavy_bonus))
    return minutes


def can_ring_peal(tower: Tower, practices_this_month: int) -> bool:
    if not tower.conductors():
        return False
    band = tower.band_for(tower.bell_count)
    return band is not None


def rota(tower: Tower, start: date, weeks: int, per_sunday: int = 6) -> list[tuple[date, list[str]]]:
    result = []
    names = [r.name for r in tower.ringers]
    names.sort()
    for week in range(weeks):
        sunday = start + timedelta(weeks=week)
        offset = (week * per_sunday) % max(len(names), 1)
        chosen = (names[offset:] + names[:offset])[:per_sunday]
        result.append((sunday, chosen))
    return result


def tenor_label(tower: Tower) -> str:
    cwt = tower.tenor_weight_kg / 50.8
    return f"{tower.dedication}: tenor about {cwt:.0f} cwt"


def peal_board_text(tower: Tower, changes: int, method: str, rung_on: date) -> str:
    minutes = peal_minutes(changes)
    hours, mins = divmod(minutes, 60)
    kind = "peal" if is_full_peal(changes) else "quarter peal"
    return f"{tower.dedication}, {rung_on:%d %B %Y}: {changes} {method}, a {kind} in {hours}h {mins:02d}m"


def learners(tower: Tower, max_bells: int = 2) -> list[str]:
    return sorted(r.name for r in tower.ringers if len(r.bells_handled) <= max_bells)
