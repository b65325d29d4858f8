from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, ROUND_HALF_UP
from typing import List

COMMISSION_RATE = Decimal("0.035")
YARDAGE_PER_HEAD = Decimal("2.50")
LEVY_PER_HEAD = Decimal("5.05")
MIN_LOT_WEIGHT_KG = 250
PENCE = Decimal("0.01")


@dataclass
class Lot:
    number: int
    vendor: str
    breed: str
    head: int
    total_weight_kg: int
    hammer_price_per_head: Decimal = Decimal("0")
    buyer: str = ""

    @property
    def average_weight(self) -> float:
        return self.total_weight_kg / self.head if self.head else 0.0

    @property
    def gross(self) -> Decimal:
        return self.hammer_price_per_head * self.head

    def price_per_kg(self) -> Decimal:
        if not self.total_weight_kg:
            return Decimal("0")
        return (self.gross / self.total_weight_kg).quantize(PENCE)


def vendor_deductions(lot: Lot, *, commission: Decimal = COMMISSION_RATE) -> Decimal:
    fees = lot.gross * commission + (YARDAGE_PER_HEAD + LEVY_PER_HEAD) * lot.head
    return fees.quantize(PENCE, rounding=ROUND_HALF_UP)


def vendor_cheque(lots: List[Lot], vendor: str) -> Decimal:
    """Net amount owed to one vendor across all their sold lots."""
    sold = [lot for lot in lots if lot.vendor == vendor and lot.buyer]
    return sum((lot.gross - vendor_deductions(lot) for lot in sold), Decimal("0"))


def underweight_lots(lots: List[Lot], minimum: int = MIN_LOT_WEIGHT_KG) -> List[int]:
    return [lot.number for lot in lots if lot.average_weight < minimum]


def breed_averages(lots: List[Lot]) -> dict:
    totals: dict = {}
    for lot in lots:
        if not lot.buyer:
            continue
        gross, head = totals.get(lot.breed, (Decimal("0"), 0))
        totals[lot.breed] = (gross + lot.gross, head + lot.head)
    return {breed: (gross / head).quantize(PENCE) for breed, (gross, head) in totals.items()}
