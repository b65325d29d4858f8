"""Repeat prescription refills for a community pharmacy.

Tracks when each patient's repeat medication will run out, flags items
that can be reordered from the surgery and works out the prescription
charge (or exemption) at hand-out.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from enum import Enum
from typing import Iterable, Optional

logger = logging.getLogger(__name__)

ITEM_CHARGE = Decimal("9.90")
REORDER_WINDOW_DAYS = 7
EARLY_REFILL_LIMIT_DAYS = 10
MAX_ISSUES_BEFORE_REVIEW = 6
EXEMPT_AGE_UNDER = 16
EXEMPT_AGE_OVER = 60


class Exemption(Enum):
    NONE = "none"
    AGE = "age"
    PREPAYMENT = "prepayment certificate"
    MEDICAL = "medical exemption"
    MATERNITY = "maternity exemption"


@dataclass
class RepeatItem:
    """One item on a patient's repeat prescription."""
    drug: str
    strength: str
    quantity: int
    daily_dose: float
    last_issued: Optional[date] = None
    issues_since_review: int = 0
    controlled: bool = False

    @property
    def days_supply(self) -> int:
        if self.daily_dose <= 0:
            return 0
        return int(self.quantity // self.daily_dose)

    def runs_out(self) -> Optional[date]:
        if self.last_issued is None:
            return None
        return self.last_issued + timedelta(days=self.days_supply)

    def needs_review(self) -> bool:
        return self.issues_since_review >= MAX_ISSUES_BEFORE_REVIEW


@dataclass
class Patient:
    nhs_number: str
    name: str
    date_of_birth: date
    exemption: Exemption = Exemption.NONE
    items: list[RepeatItem] = field(default_factory=list)

    def age_on(self, day: date) -> int:
        years = day.year - self.date_of_birth.year
        return years - ((day.month, day.day) < (self.date_of_birth.month, self.date_of_birth.day))


def _is_exempt(patient: Patient, on: date) -> bool:
    if patient.exemption is not Exemption.NONE:
        return True
    age = patient.age_on(on)
    return age < EXEMPT_AGE_UNDER or age >= EXEMPT_AGE_OVER


def due_for_reorder(patient: Patient, today: Optional[date] = None,
                    window_days: int = REORDER_WINDOW_DAYS) -> list[RepeatItem]:
    """Items that run out within the reorder window (or have never been issued)."""
    today = today or date.today()
    due: list[RepeatItem] = []
    for item in patient.items:
        runs_out = item.runs_out()
        if runs_out is None or runs_out - today <= timedelta(days=window_days):
            due.append(item)
    return due


def can_refill(item: RepeatItem, today: date) -> tuple[bool, str]:
    """Whether ``item`` may be issued today, with a reason when not."""
    if item.needs_review():
        return False, "medication review due with GP"
    runs_out = item.runs_out()
    if runs_out is None:
        return True, ""
    days_left = (runs_out - today).days
    limit = 0 if item.controlled else EARLY_REFILL_LIMIT_DAYS
    if days_left > limit:
        return False, f"{days_left} days' supply left, too early"
    return True, ""


def issue(patient: Patient, items: Iterable[RepeatItem], today: Optional[date] = None) -> Decimal:
    """Issue each allowed item and return the total charge for the patient."""
    today = today or date.today()
    charged = 0
    for item in items:
        allowed, reason = can_refill(item, today)
        if not allowed:
            logger.info("not issuing %s %s to %s: %s", item.drug, item.strength, patient.name, reason)
            continue
        item.last_issued = today
        item.issues_since_review += 1
        charged += 1
    return prescription_charge(patient, charged, on=today)


def prescription_charge(patient: Patient, item_count: int, *, on: date) -> Decimal:
    if item_count <= 0 or _is_exempt(patient, on):
        return Decimal("0.00")
    return ITEM_CHARGE * item_count
