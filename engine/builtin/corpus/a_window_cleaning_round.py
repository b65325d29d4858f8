"""A window cleaner's round: customers, visit frequency and collections."""

import csv
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Dict, Iterable, List, Optional

ROUND_FILE = "round.csv"
DEFAULT_FREQUENCY_WEEKS = 4
PRICE_PER_WINDOW = 1.20
MINIMUM_CHARGE = 8.00
CONSERVATORY_SURCHARGE = 6.00
RAIN_SKIP_LIMIT = 2
DAILY_TARGET = 140.00


@dataclass
class Customer:
    """A house on the round."""
    address: str
    street: str
    windows: int
    frequency_weeks: int = DEFAULT_FREQUENCY_WEEKS
    conservatory: bool = False
    last_cleaned: Optional[date] = None
    owed: float = 0.0
    notes: str = ""
    rain_skips: int = 0
    history: List[date] = field(default_factory=list)

    @property
    def price(self) -> float:
        return visit_price(self.windows, conservatory=self.conservatory)

    def next_due(self) -> Optional[date]:
        if self.last_cleaned is None:
            return None
        return self.last_cleaned + timedelta(weeks=self.frequency_weeks)

    def is_due(self, on: date, *, slack_days: int = 3) -> bool:
        due = self.next_due()
        return due is None or due - timedelta(days=slack_days) <= on

    def clean(self, on: date, paid: bool = True) -> float:
        self.last_cleaned = on
        self.rain_skips = 0
        self.history.append(on)
        if not paid:
            self.owed += self.price
        return self.price


def visit_price(windows: int, *, conservatory: bool = False, rate: float = PRICE_PER_WINDOW) -> float:
    """Price of one clean, never below the minimum charge."""
    price = windows * rate
    if conservatory:
        price += CONSERVATORY_SURCHARGE
    return round(max(price, MINIMUM_CHARGE), 2)


def load_round(directory: Path, filename: str = ROUND_FILE) -> List[Customer]:
    customers: List[Customer] = []
    with (directory / filename).open(newline="") as handle:
        for row in csv.DictReader(handle):
            last = row.get("last_cleaned") or None
            customers.append(Customer(
                address=row["address"],
                street=row["street"],
                windows=int(row["windows"]),
                frequency_weeks=int(row.get("frequency_weeks") or DEFAULT_FREQUENCY_WEEKS),
                conservatory=row.get("conservatory", "").lower() in ("y", "yes", "true"),
                last_cleaned=date.fromisoformat(last) if last else None,
                owed=float(row.get("owed") or 0),
            ))
    return customers


def days_work(customers: Iterable[Customer], on: date, target: float = DAILY_TARGET) -> List[Customer]:
    """Due customers grouped by street, most overdue street first, up to the day's target."""
    by_street: Dict[str, List[Customer]] = defaultdict(list)
    for customer in customers:
        if customer.is_due(on):
            by_street[customer.street].append(customer)

    def street_urgency(street: str) -> int:
        dues = [c.next_due() or on for c in by_street[street]]
        return min((d - on).days for d in dues)

    plan: List[Customer] = []
    earned = 0.0
    for street in sorted(by_street, key=street_urgency):
        for customer in sorted(by_street[street], key=lambda c: c.address):
            plan.append(customer)
            earned += customer.price
        if earned >= target:
            break
    return plan


def rained_off(customers: List[Customer], on: date, limit: int = RAIN_SKIP_LIMIT) -> int:
    """Push due customers back a week, unless already skipped ``limit`` times."""
    moved = 0
    for customer in customers:
        if customer.rain_skips >= limit:
            continue
        if customer.is_due(on) and customer.last_cleaned is not None:
            customer.last_cleaned += timedelta(weeks=1)
            customer.rain_skips += 1
            moved += 1
    return moved


def debtors(customers: Iterable[Customer], over: float = 0.0) -> List[Customer]:
    return sorted((c for c in customers if c.owed > over), key=lambda c: c.owed, reverse=True)


def missed_visits(customer: Customer, today: date) -> int:
    """How many cleans have been missed since the customer was last due."""
    due = customer.next_due()
    if due is None or due >= today:
        return 0
    return (today - due).days // (customer.frequency_weeks * 7) + 1
