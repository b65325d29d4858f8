"""Tariff calculation for a multi-storey car park.

Charges are banded by length of stay, with an evening flat rate, a
daily cap, discounts for permit holders and a lost-ticket charge. All
money is handled with Decimal to keep the pence exact.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from pathlib import Path
from typing import Optional

GRACE_PERIOD = timedelta(minutes=15)
EVENING_START = time(18, 0)
EVENING_FLAT_RATE = Decimal("3.50")
DAILY_CAP = Decimal("18.00")
LOST_TICKET_CHARGE = Decimal("25.00")
TARIFF_FILE = "tariffs.json"
DEFAULT_BANDS: tuple[tuple[int, str], ...] = (
    (1, "2.00"),
    (2, "3.80"),
    (3, "5.40"),
    (4, "7.00"),
    (6, "10.00"),
    (24, "18.00"),
)


class VehicleClass(Enum):
    CAR = "car"
    MOTORCYCLE = "motorcycle"
    BLUE_BADGE = "blue_badge"
    VAN = "van"


CLASS_MULTIPLIER: dict[VehicleClass, Decimal] = {
    VehicleClass.CAR: Decimal("1.0"),
    VehicleClass.MOTORCYCLE: Decimal("0.5"),
    VehicleClass.BLUE_BADGE: Decimal("0"),
    VehicleClass.VAN: Decimal("1.25"),
}


@dataclass
class Tariff:
    name: str
    bands: list[tuple[int, Decimal]] = field(default_factory=list)
    evening_rate: Decimal = EVENING_FLAT_RATE
    daily_cap: Decimal = DAILY_CAP

    @classmethod
    def default(cls) -> "Tariff":
        return cls("standard", [(hours, Decimal(price)) for hours, price in DEFAULT_BANDS])

    @classmethod
    def load(cls, directory: Path, filename: str = TARIFF_FILE) -> "Tariff":
        path = directory / filename
        try:
            raw = json.loads(path.read_text())
        except FileNotFoundError:
            return cls.default()
        bands = [(int(b["hours"]), Decimal(b["price"])) for b in raw.get("bands", [])]
        return cls(
            raw.get("name", "custom"),
            sorted(bands),
            evening_rate=Decimal(raw.get("evening_rate", str(EVENING_FLAT_RATE))),
            daily_cap=Decimal(raw.get("daily_cap", str(DAILY_CAP))),
        )

    def band_price(self, hours: float) -> Decimal:
        for up_to_hours, price in self.bands:
            if hours <= up_to_hours:
                return price
        return self.daily_cap

    def save(self, directory: Path, filename: str = TARIFF_FILE) -> Path:
        path = directory / filename
        payload = {
            "name": self.name,
            "bands": [{"hours": hours, "price": str(price)} for hours, price in self.bands],
            "evening_rate": str(self.evening_rate),
            "daily_cap": str(self.daily_cap),
        }
        path.write_text(json.dumps(payload, indent=2))
        return path

    def board_lines(self) -> list[str]:
        """Text for the tariff board at the pay machines."""
        lines = []
        previous = 0
        for up_to_hours, price in self.bands:
            lines.append(f"{previous}-{up_to_hours} hrs".ljust(12) + f"£{price}")
            previous = up_to_hours
        lines.append(f"Evening (after {EVENING_START:%H:%M})".ljust(12) + f" £{self.evening_rate}")
        return lines

    def charge_for_days(self, days: int, remainder_hours: float) -> Decimal:
        total = self.daily_cap * days
        if remainder_hours > 0:
            total += min(self.band_price(remainder_hours), self.daily_cap)
        return total


@dataclass
class Ticket:
    number: str
    entered: datetime
    vehicle: VehicleClass = VehicleClass.CAR
    permit_discount: Decimal = Decimal("0")
    paid: Optional[Decimal] = None

    def stay(self, exit_time: datetime) -> timedelta:
        if exit_time < self.entered:
            raise ValueError(f"ticket {self.number}: exit before entry")
        return exit_time - self.entered


def _money(amount: Decimal) -> Decimal:
    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _is_evening_stay(entered: datetime, exit_time: datetime) -> bool:
    if entered.time() < EVENING_START:
        return False
    next_morning = datetime.combine(entered.date() + timedelta(days=1), time(8, 0))
    return exit_time <= next_morning


def stay_charge(entered: datetime, exit_time: datetime, tariff: Optional[Tariff] = None) -> Decimal:
    """Base charge for a stay before vehicle class and discounts."""
    tariff = tariff or Tariff.default()
    duration = exit_time - entered
    if duration <= GRACE_PERIOD:
        return Decimal("0.00")
    if _is_evening_stay(entered, exit_time):
        return tariff.evening_rate
    hours = duration.total_seconds() / 3600
    whole_days = math.floor(hours / 24)
    remainder = hours - whole_days * 24
    # Part hours are charged as the next band up.
    remainder = math.ceil(remainder * 4) / 4
    return tariff.charge_for_days(whole_days, remainder)


def ticket_charge(ticket: Ticket, exit_time: datetime, tariff: Optional[Tariff] = None,
                  *, lost: bool = False) -> Decimal:
    """Amount due for a ticket at exit, after class multiplier and permit discount."""
    if lost:
        return LOST_TICKET_CHARGE
    base = stay_charge(ticket.entered, exit_time, tariff)
    charge = base * CLASS_MULTIPLIER[ticket.vehicle]
    if ticket.permit_discount:
        charge -= charge * ticket.permit_discount
    return _money(max(charge, Decimal("0")))


def pay(ticket: Ticket, tendered: Decimal, exit_time: datetime, tariff: Optional[Tariff] = None) -> Decimal:
    """Record payment and return the change due."""
    due = ticket_charge(ticket, exit_time, tariff)
    if tendered < due:
        raise ValueError(f"insufficient payment: {tendered} < {due}")
    ticket.paid = due
    return _money(tendered - due)


def takings_by_hour(tickets: list[Ticket], exits: dict[str, datetime],
                    tariff: Optional[Tariff] = None) -> dict[int, Decimal]:
    """Money taken in each hour of the day, by exit time."""
    takings: dict[int, Decimal] = {}
    for ticket in tickets:
        exit_time = exits.get(ticket.number)
        if exit_time is None:
            continue
        amount = ticket_charge(ticket, exit_time, tariff)
        takings[exit_time.hour] = takings.get(exit_time.hour, Decimal("0")) + amount
    return dict(sorted(takings.items()))


def occupancy(tickets: list[Ticket], exits: dict[str, datetime], at: datetime, capacity: int = 480) -> float:
    inside = sum(
        1 for t in tickets
        if t.entered <= at and (t.number not in exits or exits[t.number] > at)
    )
    return round(inside / capacity, 3)
