"""Library loans: check copies out and in, renewals, holds, and fines for overdue items."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, timedelta

logger = logging.getLogger(__name__)

LOAN_DAYS = 21
MAX_RENEWALS = 2
DAILY_FINE_CENTS = 25
FINE_CAP_CENTS = 500
MAX_LOANS_PER_MEMBER = 8


class LoanError(Exception):
    pass


@dataclass
class Member:
    card_number: str
    name: str
    fines_cents: int = 0
    loans: list = field(default_factory=list)

    def can_borrow(self) -> bool:
        return len(self.loans) < MAX_LOANS_PER_MEMBER and self.fines_cents < FINE_CAP_CENTS


@dataclass
class Loan:
    barcode: str
    member: Member
    due: date
    renewals: int = 0

    def days_overdue(self, today):
        return max(0, (today - self.due).days)


def fine_for(days_late, daily=DAILY_FINE_CENTS):
    return min(days_late * daily, FINE_CAP_CENTS)


def format_cents(cents):
    return f"${cents // 100}.{cents % 100:02d}"


class Library:
    def __init__(self, name):
        self.name = name
        self.copies: dict[str, str] = {}
        self.loans: dict[str, Loan] = {}
        self.holds: dict[str, list[Member]] = {}

    def add_copy(self, barcode, title):
        self.copies[barcode] = title

    def check_out(self, barcode, member, today=None):
        today = today or date.today()
        if barcode in self.loans:
            raise LoanError(f"{barcode} is already on loan")
        if not member.can_borrow():
            raise LoanError(f"{member.name} cannot borrow right now")
        waiting = self.holds.get(barcode, [])
        if waiting and waiting[0] is not member:
            raise LoanError(f"{barcode} is on hold for {waiting[0].name}")
        if waiting:
            waiting.pop(0)
        loan = Loan(barcode, member, today + timedelta(days=LOAN_DAYS))
        self.loans[barcode] = loan
        member.loans.append(loan)
        logger.info("%s checked out %s, due %s", member.name, barcode, loan.due)
        return loan

    def renew(self, barcode, today=None):
        loan = self.loans[barcode]
        if loan.renewals >= MAX_RENEWALS:
            raise LoanError(f"{barcode} was renewed {MAX_RENEWALS} times already")
        if self.holds.get(barcode):
            raise LoanError(f"{barcode} has holds and cannot be renewed")
        loan.renewals += 1
        loan.due = (today or date.today()) + timedelta(days=LOAN_DAYS)
        return loan.due

    def check_in(self, barcode, today=None):
        loan = self.loans.pop(barcode)
        loan.member.loans.remove(loan)
        logger.debug("returned %s", barcode)
        fine = fine_for(loan.days_overdue(today or date.today()))
        loan.member.fines_cents += fine
        return fine

    def place_hold(self, barcode, member, notify=True):
        self.holds.setdefault(barcode, []).append(member)
        return len(self.holds[barcode])

    def overdue(self, today):
        late = [loan for loan in self.loans.values() if loan.days_overdue(today) > 0]
        return sorted(late, key=lambda loan: loan.due)


def overdue_notice(library, loan, today):
    days = loan.days_overdue(today)
    title = library.copies.get(loan.barcode, loan.barcode)
    fine = format_cents(fine_for(days))
    return f"Dear {loan.member.name}, {title} is {days} days overdue. Fine so far: {fine}. - {library.name}"
