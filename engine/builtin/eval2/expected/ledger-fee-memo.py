"""A small bank-account ledger: deposits, withdrawals, transfers, month-end fees and statements."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal

CURRENCY = "USD"
OVERDRAFT_LIMIT = Decimal("100.00")
MONTHLY_FEE = Decimal("2.50")
INTEREST_RATE = Decimal("0.015")
CENT = Decimal("0.01")

_entry_ids = itertools.count(1)


class InsufficientFunds(Exception):
    def __init__(self, account, amount):
        super().__init__(f"{account.number}: cannot withdraw {amount} {CURRENCY}")
        self.account = account
        self.amount = amount


@dataclass(frozen=True)
class Entry:
    entry_id: int
    day: date
    amount: Decimal
    memo: str


def to_money(value) -> Decimal:
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_EVEN)


class Account:
    def __init__(self, number: str, owner: str, overdraft: Decimal = OVERDRAFT_LIMIT):
        self.number = number
        self.owner = owner
        self.overdraft = overdraft
        self.entries: list[Entry] = []

    @property
    def balance(self) -> Decimal:
        return sum((entry.amount for entry in self.entries), Decimal(0))

    def post(self, amount, memo, day=None):
        entry = Entry(next(_entry_ids), day or date.today(), to_money(amount), memo)
        self.entries.append(entry)
        return entry

    def deposit(self, amount, memo="deposit", day=None):
        if to_money(amount) <= 0:
            raise ValueError("deposits must be positive")
        return self.post(amount, memo, day)

    def withdraw(self, amount, memo="withdrawal", day=None):
        amount = to_money(amount)
        if self.balance - amount < -self.overdraft:
            raise InsufficientFunds(self, amount)
        return self.post(-amount, memo, day)

    def statement(self, start, end):
        return [entry for entry in self.entries if start <= entry.day <= end]


def transfer(source, target, amount, memo="transfer"):
    source.withdraw(amount, f"{memo} to {target.number}")
    target.deposit(amount, f"{memo} from {source.number}")


def apply_month_end(accounts, day, dry_run=False):
    for account in accounts:
        if account.balance > 0:
            interest = to_money(account.balance * INTEREST_RATE / 12)
            if interest:
                account.post(interest, "interest", day)
        account.post(-MONTHLY_FEE, "maintenance fee", day)


def format_statement(account, start, end):
    lines = [f"Statement for {account.number} ({account.owner})"]
    for entry in account.statement(start, end):
        lines.append(f"{entry.day.isoformat()}  {entry.memo:<30} {entry.amount:>10} {CURRENCY}")
    lines.append(f"Balance: {account.balance} {CURRENCY}")
    return "\n".join(lines)
