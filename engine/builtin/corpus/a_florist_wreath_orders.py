"""Funeral wreath orders for a florist.

Works out stems needed for each design, checks them against the
cold-room stock and produces the day's delivery list for the funeral
directors.
"""

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from enum import Enum
from typing import Dict, List, Optional

CUT_OFF = time(14, 0)
DELIVERY_FEE = 8.50
LABOUR_PER_HOUR = 18.0
STEM_MARKUP = 2.2
STEM_COSTS: Dict[str, float] = {
    "white_rose": 1.10,
    "lily": 2.40,
    "chrysanthemum": 0.65,
    "carnation": 0.45,
    "eucalyptus": 0.30,
    "moss_kg": 3.20,
}


class WreathDesign(Enum):
    ROUND_TRADITIONAL = "round"
    HEART = "heart"
    CROSS = "cross"
    LETTERS = "letters"
    SPRAY = "spray"


DESIGN_RECIPES: Dict[WreathDesign, Dict[str, float]] = {
    WreathDesign.ROUND_TRADITIONAL: {"chrysanthemum": 40, "carnation": 20, "eucalyptus": 15, "moss_kg": 1.0},
    WreathDesign.HEART: {"white_rose": 36, "carnation": 24, "moss_kg": 1.2},
    WreathDesign.CROSS: {"lily": 6, "white_rose": 18, "chrysanthemum": 30, "moss_kg": 1.5},
    WreathDesign.LETTERS: {"chrysanthemum": 45, "carnation": 10, "moss_kg": 0.8},
    WreathDesign.SPRAY: {"lily": 8, "white_rose": 12, "eucalyptus": 20},
}
LABOUR_HOURS: Dict[WreathDesign, float] = {
    WreathDesign.ROUND_TRADITIONAL: 1.0,
    WreathDesign.HEART: 1.5,
    WreathDesign.CROSS: 2.0,
    WreathDesign.LETTERS: 1.25,
    WreathDesign.SPRAY: 0.75,
}


@dataclass
class WreathOrder:
    order_ref: str
    design: WreathDesign
    funeral_director: str
    service_time: datetime
    card_message: str = ""
    letters: str = ""
    size_factor: float = 1.0
    placed_at: datetime = field(default_factory=datetime.now)

    def stems(self) -> Counter:
        recipe = DESIGN_RECIPES[self.design]
        multiplier = self.size_factor * (max(1, len(self.letters.replace(" ", ""))) if self.design is WreathDesign.LETTERS else 1)
        return Counter({stem: round(qty * multiplier, 1) for stem, qty in recipe.items()})


def order_price(order: WreathOrder, *, include_delivery: bool = True) -> float:
    """Retail price: marked-up stem cost plus labour plus delivery."""
    stem_cost = sum(STEM_COSTS[stem] * qty for stem, qty in order.stems().items())
    hours = LABOUR_HOURS[order.design] * order.size_factor
    if order.design is WreathDesign.LETTERS:
        hours *= max(1, len(order.letters.replace(" ", ""))) * 0.6
    price = stem_cost * STEM_MARKUP + hours * LABOUR_PER_HOUR
    if include_delivery:
        price += DELIVERY_FEE
    return round(price, 2)


def make_up_day(order: WreathOrder) -> date:
    """Wreaths are made the afternoon before; late orders lose a day."""
    day = order.service_time.date() - timedelta(days=1)
    if order.placed_at.date() >= day and order.placed_at.time() > CUT_OFF:
        raise ValueError(f"{order.order_ref}: placed after the cut-off for a {order.service_time:%A} service")
    return day


def stems_needed(orders: List[WreathOrder], on: Optional[date] = None) -> Counter:
    """Total stems for all orders, or only those made up on ``on``."""
    total: Counter = Counter()
    for order in orders:
        if on is not None and make_up_day(order) != on:
            continue
        total.update(order.stems())
    return total


def shortages(orders: List[WreathOrder], cold_room: Dict[str, float], on: date) -> Dict[str, float]:
    needed = stems_needed(orders, on)
    return {stem: round(qty - cold_room.get(stem, 0), 1)
            for stem, qty in needed.items() if qty > cold_room.get(stem, 0)}


def delivery_list(orders: List[WreathOrder], on: date) -> List[str]:
    """One line per wreath going out on ``on``, grouped by funeral director."""
    rows = []
    for order in sorted(orders, key=lambda o: (o.funeral_director, o.service_time)):
        if order.service_time.date() != on:
            continue
        card = f' "{order.card_message}"' if order.card_message else ""
        rows.append(f"{order.service_time:%H:%M} {order.funeral_director}: {order.design.value} ({order.order_ref}){card}")
    return rows
