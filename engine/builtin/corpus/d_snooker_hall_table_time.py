"""Table time billing for a snooker and pool hall.

Tables are charged per minute, with peak and off-peak rates, and
members get a discount. A session runs from when the light over the
table is switched on until it is switched off at the counter.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, time
from enum import Enum
from typing import Dict, List, Optional

PEAK_START = time(17, 0)
PEAK_END = time(23, 0)
RATE_PER_HOUR = {"snooker": 9.60, "pool": 7.20}
PEAK_MULTIPLIER = 1.25
MEMBER_DISCOUNT = 0.20
MINIMUM_MINUTES = 30
BILLING_BLOCK_MINUTES = 15


class TableKind(Enum):
    SNOOKER = "snooker"
    POOL = "pool"


@dataclass
class Session:
    table_no: int
    kind: TableKind
    lights_on: datetime
    lights_off: Optional[datetime] = None
    member: bool = False

    @property
    def open(self) -> bool:
        return self.lights_off is None

    def minutes(self, now: Optional[datetime] = None) -> int:
        end = self.lights_off or now or datetime.now()
        return max(0, int((end - self.lights_on).total_seconds() // 60))


def _is_peak(moment: datetime) -> bool:
    return PEAK_START <= moment.time() < PEAK_END or moment.weekday() >= 5


def billable_minutes(minutes: int, *, block: int = BILLING_BLOCK_MINUTES,
                     minimum: int = MINIMUM_MINUTES) -> int:
    """Round up to the next billing block, never below the minimum."""
    if minutes <= 0:
        return 0
    rounded = math.ceil(minutes / block) * block
    return max(rounded, minimum)


def charge(session: Session, now: Optional[datetime] = None) -> float:
    minutes = billable_minutes(session.minutes(now))
    hourly = RATE_PER_HOUR[session.kind.value]
    if _is_peak(session.lights_on):
        hourly *= PEAK_MULTIPLIER
    amount = hourly * minutes / 60
    if session.member:
        amount *= 1 - MEMBER_DISCOUNT
    return round(amount, 2)


class Hall:
    def __init__(self, tables: Dict[int, TableKind]) -> None:
        self.tables = tables
        self.sessions: List[Session] = []

    def active(self) -> Dict[int, Session]:
        return {s.table_no: s for s in self.sessions if s.open}

    def free_tables(self, kind: Optional[TableKind] = None) -> List[int]:
        busy = self.active()
        return [no for no, k in sorted(self.tables.items())
                if no not in busy and (kind is None or k is kind)]

    def switch_on(self, table_no: int, when: datetime, member: bool = False) -> Session:
        if table_no not in self.tables:
            raise KeyError(f"no table {table_no}")
        if table_no in self.active():
            raise ValueError(f"table {table_no} is already in use")
        session = Session(table_no, self.tables[table_no], when, member=member)
        self.sessions.append(session)
        return session

    def switch_off(self, table_no: int, when: datetime) -> float:
        session = self.active().get(table_no)
        if session is None:
            raise ValueError(f"table {table_no} is not running")
        session.lights_off = when
        return charge(session)

    def takings(self, day: datetime) -> float:
        closed = [s for s in self.sessions
                  if not s.open and s.lights_on.date() == day.date()]
        return round(sum(charge(s) for s in closed), 2)
