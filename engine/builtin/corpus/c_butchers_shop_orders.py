"""Customer orders and cutting list for the butcher's counter."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal, ROUND_HALF_UP
from enum import Enum

PRICE_PER_KG: dict[str, Decimal] = {
    "sirloin": Decimal("32.00"),
    "rump": Decimal("24.00"),
    "brisket": Decimal("13.50"),
    "pork shoulder": Decimal("9.80"),
    "pork belly": Decimal("12.50"),
    "lamb leg": Decimal("18.00"),
    "lamb chops": Decimal("21.00"),
    "chicken thighs": Decimal("8.40"),
    "sausages": Decimal("11.00"),
}
CHRISTMAS_CUTOFF = (12, 18)
ORDER_DEPOSIT_RATE = Decimal("0.2")
WEIGHT_TOLERANCE = 0.1
HANGING_DAYS = {"sirloin": 28, "rump": 21}


class Collection(Enum):
    SHOP = "shop"
    DELIVERY = "delivery"


@dataclass
class OrderLine:
    cut: str
    weight_kg: float
    prep: str = ""

    def price(self, actual_kg: float | None = None) -> Decimal:
        kilos = Decimal(str(actual_kg if actual_kg is not None else self.weight_kg))
        return (PRICE_PER_KG[self.cut] * kilos).quantize(Decimal("0.01"), ROUND_HALF_UP)


@dataclass
class CustomerOrder:
    number: int
    customer: str
    phone: str
    collect_on: date
    lines: list[OrderLine] = field(default_factory=list)
    collection: Collection = Collection.SHOP
    deposit: Decimal = Decimal("0.00")
    weighed: dict[int, float] = field(default_factory=dict)

    def add_line(self, cut: str, weight_kg: float, prep: str = "") -> OrderLine:
        if cut not in PRICE_PER_KG:
            raise KeyError(f"we don't sell {cut}")
        line = OrderLine(cut, weight_kg, prep)
        self.lines.append(line)
        return line

    def estimate(self) -> Decimal:
        return sum((line.price() for line in self.lines), Decimal("0.00"))

    def deposit_due(self) -> Decimal:
        return (self.estimate() * ORDER_DEPOSIT_RATE).quantize(Decimal("0.01"))

    def record_weight(self, line_index: int, actual_kg: float) -> bool:
        """Store the weighed cut; True if it's within tolerance of the order."""
        self.weighed[line_index] = actual_kg
        ordered = self.lines[line_index].weight_kg
        return abs(actual_kg - ordered) <= ordered * WEIGHT_TOLERANCE

    def final_bill(self) -> Decimal:
        total = Decimal("0.00")
        for index, line in enumerate(self.lines):
            total += line.price(self.weighed.get(index))
        return total - self.deposit


def order_by_date(collect_on: date, *, christmas: bool = False) -> date:
    if christmas:
        return date(collect_on.year, *CHRISTMAS_CUTOFF)
    latest = collect_on - timedelta(days=2)
    return latest


def hanging_start(order: CustomerOrder) -> dict[str, date]:
    starts = {}
    for line in order.lines:
        days = HANGING_DAYS.get(line.cut)
        if days:
            starts[line.cut] = order.collect_on - timedelta(days=days)
    return starts


def cutting_list(orders: list[CustomerOrder], day: date) -> dict[str, float]:
    totals: dict[str, float] = defaultdict(float)
    for order in orders:
        if order.collect_on != day:
            continue
        for line in order.lines:
            totals[line.cut] += line.weight_kg
    return {cut: round(kilos, 2) for cut, kilos in sorted(totals.items())}
