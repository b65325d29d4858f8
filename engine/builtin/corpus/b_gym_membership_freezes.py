"""Membership freeze rules for a leisure centre gym.

Members may pause their membership for travel, injury or pregnancy.
Freezes have a minimum and maximum length, a monthly admin fee (waived
for medical freezes) and push the contract end date back.
"""

from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from typing import List, Optional

MIN_FREEZE_DAYS = 14
MAX_FREEZE_DAYS_PER_YEAR = 90
FREEZE_FEE_PER_MONTH = 5.00
NOTICE_DAYS = 7
MEDICAL_MAX_DAYS = 180


class FreezeReason(Enum):
    TRAVEL = "travel"
    INJURY = "injury"
    PREGNANCY = "pregnancy"
    FINANCIAL = "financial"

    @property
    def medical(self) -> bool:
        return self in (FreezeReason.INJURY, FreezeReason.PREGNANCY)


@dataclass
class Freeze:
    start: date
    end: date
    reason: FreezeReason
    note_from_gp: bool = False

    @property
    def days(self) -> int:
        return (self.end - self.start).days


@dataclass
class Member:
    number: str
    name: str
    contract_end: date
    monthly_fee: float = 34.99
    freezes: List[Freeze] = field(default_factory=list)

    def days_frozen_in(self, year: int) -> int:
        """Non-medical freeze days that fall within a calendar year."""
        total = 0
        for freeze in self.freezes:
            if freeze.reason.medical:
                continue
            year_start, year_end = date(year, 1, 1), date(year, 12, 31)
            overlap_start = max(freeze.start, year_start)
            overlap_end = min(freeze.end, year_end)
            total += max(0, (overlap_end - overlap_start).days)
        return total

    def is_frozen(self, on: Optional[date] = None) -> bool:
        on = on or date.today()
        return any(f.start <= on < f.end for f in self.freezes)


def validate_freeze(member: Member, freeze: Freeze, *, today: Optional[date] = None) -> None:
    """Raise ValueError if the freeze breaks the membership terms."""
    today = today or date.today()
    if freeze.days < MIN_FREEZE_DAYS:
        raise ValueError(f"freezes must be at least {MIN_FREEZE_DAYS} days")
    if (freeze.start - today).days < NOTICE_DAYS and not freeze.reason.medical:
        raise ValueError(f"{NOTICE_DAYS} days' notice needed")
    if freeze.reason.medical:
        if not freeze.note_from_gp:
            raise ValueError("medical freezes need a GP or midwife note")
        if freeze.days > MEDICAL_MAX_DAYS:
            raise ValueError(f"medical freezes are limited to {MEDICAL_MAX_DAYS} days")
        return
    already = member.days_frozen_in(freeze.start.year)
    if already + freeze.days > MAX_FREEZE_DAYS_PER_YEAR:
        remaining = MAX_FREEZE_DAYS_PER_YEAR - already
        raise ValueError(f"only {remaining} freeze days left this year")


def freeze_fee(freeze: Freeze, fee_per_month: float = FREEZE_FEE_PER_MONTH) -> float:
    """Admin fee for a freeze: per started month, waived for medical reasons."""
    if freeze.reason.medical:
        return 0.0
    months = -(-freeze.days // 30)
    return round(months * fee_per_month, 2)


def apply_freeze(member: Member, start: date, days: int, reason: FreezeReason,
                 *, note_from_gp: bool = False, today: Optional[date] = None) -> float:
    """Validate and record a freeze; returns the fee to charge."""
    freeze = Freeze(start, start + timedelta(days=days), reason, note_from_gp)
    validate_freeze(member, freeze, today=today)
    member.freezes.append(freeze)
    member.contract_end += timedelta(days=freeze.days)
    return freeze_fee(freeze)


def fees_saved(member: Member, year: int) -> float:
    frozen = sum(f.days for f in member.freezes if f.start.year == year)
    charged = sum(freeze_fee(f) for f in member.freezes if f.start.year == year)
    return round(frozen / 30 * member.monthly_fee - charged, 2)
