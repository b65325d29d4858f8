"""Ice rink resurfacing planner: water use, blade wear and session gaps."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

log = logging.getLogger(__name__)

TANK_CAPACITY_LITRES = 3000
LITRES_PER_PASS = 180
BLADE_LIFE_PASSES = 400
MIN_GAP_MINUTES = 12


@dataclass
class Session:
    name: str
    start: datetime
    end: datetime
    skaters: int


@dataclass
class Machine:
    label: str
    water_litres: float
    blade_passes: int = 0

    def refill(self) -> None:
        self.water_litres = TANK_CAPACITY_LITRES

    def can_resurface(self, passes: int) -> bool:
        return self.water_litres >= passes * LITRES_PER_PASS

    def resurface(self, passes: int) -> None:
        self.water_litres -= passes * LITRES_PER_PASS
        self.blade_passes += passes
        log.info("%s did %d passes", self.label, passes)

    def blade_wear(self):
        return self.blade_passes / BLADE_LIFE_PASSES


def passes_needed(skaters, rink_length_m=60.0, heavy_wear=False):
    passes = 8 + skaters // 25
    if rink_length_m > 60.0:
        passes += 2
    if heavy_wear:
        passes += 3
    return passes


def gap_minutes(first: Session, second: Session) -> float:
    return (second.start - first.end).total_seconds() / 60


def check_schedule(sessions: list[Session], min_gap: int = MIN_GAP_MINUTES) -> list[str]:
    problems = []
    ordered = sorted(sessions, key=lambda s: s.start)
    for first, second in zip(ordered, ordered[1:]):
        gap = gap_minutes(first, second)
        if gap < min_gap:
            problems.append(f"only {gap:.0f} min between {first.name} and {second.name}")
    return problems


def plan_resurfacing(machine: Machine, sessions: list[Session], rink_length_m: float = 60.0) -> list[str]:
    plan = []
    ordered = sorted(sessions, key=lambda s: s.start)
    for session in ordered:
        passes = passes_needed(session.skaters, rink_length_m)
        if not machine.can_resurface(passes):
            machine.refill()
            plan.append(f"refill before {session.name}")
        machine.resurface(passes)
        plan.append(f"resurface after {session.name}: {passes} passes")
    return plan


def blade_status(machine: Machine, warn_at: float = 0.7) -> str:
    wear = machine.blade_wear()
    if wear >= 1.0:
        return "replace blade now"
    if wear >= warn_at:
        return "order a new blade"
    return "blade ok"


def water_report(machine: Machine, litres_used: float, hours_open: float) -> str:
    per_hour = litres_used / hours_open
    remaining = machine.water_litres
    return f"{machine.label}: {per_hour:.0f} L/h used, {remaining:.0f} L left"


def next_window(sessions: list[Session], after: datetime, length_minutes: int = 20) -> datetime | None:
    ordered = sorted(sessions, key=lambda s: s.start)
    for first, second in zip(ordered, ordered[1:]):
        if first.end < after:
            continue
        if gap_minutes(first, second) >= length_minutes:
            return first.end
    return None


def build_day(opening: datetime, names: list[str], hours_each: float, skaters_each: int) -> list[Session]:
    sessions = []
    start = opening
    for name in names:
        end = start + timedelta(hours=hours_each)
        sessions.append(Session(name, start, end, skaters_each))
        start = end + timedelta(minutes=MIN_GAP_MINUTES)
    return sessions


def summarise_day(machine: Machine, sessions: list[Session], unused_flag: bool = False) -> dict[str, object]:
    total_skaters = sum(s.skaters for s in sessions)
    plan = plan_resurfacing(machine, sessions)
    return {
        "sessions": len(sessions),
        "skaters": total_skaters,
        "steps": len(plan),
        "blade": blade_status(machine),
    }
