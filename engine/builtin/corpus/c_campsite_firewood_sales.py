"""Firewood and kindling sales from the campsite shop."""

from dataclasses import dataclass, field
from datetime import date
from typing import Dict, List, Optional

NET_PRICE = 7.50
KINDLING_PRICE = 3.00
BUNDLE_DEAL = (3, 20.00)
LOG_STORE_CAPACITY = 400
REORDER_LEVEL = 60


@dataclass
class Sale:
    pitch: str
    nets: int
    kindling: int = 0
    sold_on: date = field(default_factory=date.today)

    @property
    def total(self) -> float:
        return price(self.nets, self.kindling)


def price(nets: int, kindling: int = 0) -> float:
    deal_size, deal_price = BUNDLE_DEAL
    bundles, loose = divmod(nets, deal_size)
    return round(bundles * deal_price + loose * NET_PRICE + kindling * KINDLING_PRICE, 2)


class WoodStore:
    def __init__(self, nets_in_stock: int = LOG_STORE_CAPACITY):
        self.nets_in_stock = nets_in_stock
        self.sales: List[Sale] = []

    def sell(self, pitch: str, nets: int, kindling: int = 0) -> Sale:
        if nets > self.nets_in_stock:
            raise ValueError(f"only {self.nets_in_stock} nets left")
        self.nets_in_stock -= nets
        sale = Sale(pitch, nets, kindling)
        self.sales.append(sale)
        return sale

    def needs_reorder(self) -> bool:
        return self.nets_in_stock <= REORDER_LEVEL

    def reorder_quantity(self) -> int:
        return LOG_STORE_CAPACITY - self.nets_in_stock if self.needs_reorder() else 0

    def takings_by_pitch(self) -> Dict[str, float]:
        totals: Dict[str, float] = {}
        for sale in self.sales:
            totals[sale.pitch] = totals.get(sale.pitch, 0.0) + sale.total
        return totals


def busiest_day(sales: List[Sale]) -> Optional[date]:
    if not sales:
        return None
    per_day: Dict[date, int] = {}
    for sale in sales:
        per_day[sale.sold_on] = per_day.get(sale.sold_on, 0) + sale.nets
    return max(per_day, key=per_day.get)
