"""Made-to-measure window blinds: order entry and workshop cutting list."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from typing import Iterable

MIN_WIDTH_MM = 300
MAX_WIDTH_MM = 3000
RECESS_DEDUCTION_MM = 10
LEAD_TIME = timedelta(days=10)
PRICE_BANDS: dict[str, tuple[float, float]] = {
    "A": (35.0, 28.0),
    "B": (45.0, 36.0),
    "C": (62.0, 49.0),
}
MOTOR_PRICE = 145.0


class BlindType(Enum):
    ROLLER = "roller"
    VENETIAN = "venetian"
    VERTICAL = "vertical"
    ROMAN = "roman"


@dataclass
class Blind:
    room: str
    blind_type: BlindType
    width_mm: int
    drop_mm: int
    fabric: str
    band: str = "A"
    fit: str = "recess"
    motorised: bool = False
    control_side: str = "right"

    def made_width(self) -> int:
        if self.fit == "recess":
            return self.width_mm - RECESS_DEDUCTION_MM
        if self.fit == "face":
            return self.width_mm + 100
        return self.width_mm

    def area_m2(self) -> float:
        return self.made_width() / 1000 * self.drop_mm / 1000

    def validate(self) -> list[str]:
        problems = []
        if not MIN_WIDTH_MM <= self.width_mm <= MAX_WIDTH_MM:
            problems.append(f"{self.room}: width {self.width_mm} mm out of range")
        if self.band not in PRICE_BANDS:
            problems.append(f"{self.room}: unknown fabric band {self.band}")
        if self.fit not in ("recess", "exact", "face"):
            problems.append(f"{self.room}: fit must be recess, exact or face")
        if self.control_side not in ("left", "right"):
            problems.append(f"{self.room}: control side must be left or right")
        return problems


def blind_price(blind: Blind, *, trade: bool = False) -> float:
    retail, trade_rate = PRICE_BANDS[blind.band]
    rate = trade_rate if trade else retail
    price = max(blind.area_m2(), 1.0) * rate
    if blind.blind_type in (BlindType.ROMAN, BlindType.VENETIAN):
        price *= 1.25
    if blind.motorised:
        price += MOTOR_PRICE
    return round(price, 2)


@dataclass
class Order:
    reference: str
    customer: str
    placed: date
    blinds: list[Blind] = field(default_factory=list)
    trade: bool = False
    deposit_paid: float = 0.0

    def add(self, blind: Blind) -> None:
        problems = blind.validate()
        if problems:
            raise ValueError("; ".join(problems))
        self.blinds.append(blind)

    @property
    def total(self) -> float:
        return round(sum(blind_price(b, trade=self.trade) for b in self.blinds), 2)

    @property
    def balance(self) -> float:
        return round(self.total - self.deposit_paid, 2)

    def due_date(self) -> date:
        due = self.placed + LEAD_TIME
        while due.weekday() >= 5:
            due += timedelta(days=1)
        return due


def cutting_list(orders: Iterable[Order]) -> dict[str, list[tuple[str, int, int]]]:
    """Group every blind by fabric so the workshop cuts one roll at a time."""
    by_fabric: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
    for order in orders:
        for blind in order.blinds:
            by_fabric[blind.fabric].append((order.reference, blind.made_width(), blind.drop_mm))
    for fabric in by_fabric:
        by_fabric[fabric].sort(key=lambda cut: -cut[1])
    return dict(by_fabric)


def fabric_metres(cuts: list[tuple[str, int, int]], allowance_mm: int = 200) -> float:
    return round(sum(drop + allowance_mm for _, _, drop in cuts) / 1000, 2)
