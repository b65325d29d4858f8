"""Order pricing and bake scheduling for wedding cakes."""

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import List, Optional

PORTIONS_PER_TIER = {6: 12, 8: 24, 10: 38, 12: 56}
PRICE_PER_PORTION = 4.25
SUGAR_FLOWER_PRICE = 6.50
DEPOSIT_RATE = 0.3
MIN_LEAD_TIME = timedelta(weeks=6)
BAKE_DAYS_BEFORE = 3


@dataclass
class Tier:
    diameter_in: int
    flavour: str = "vanilla"
    sugar_flowers: int = 0

    @property
    def portions(self) -> int:
        return PORTIONS_PER_TIER.get(self.diameter_in, 0)


@dataclass
class CakeOrder:
    couple: str
    wedding_date: date
    tiers: List[Tier] = field(default_factory=list)
    delivery_miles: float = 0.0
    deposit_paid: bool = False

    def total_portions(self) -> int:
        return sum(t.portions for t in self.tiers)


def quote(order: CakeOrder, per_portion: float = PRICE_PER_PORTION, *, delivery_rate: float = 0.9) -> float:
    """Price for the cake, sugar flowers and delivery."""
    cake = order.total_portions() * per_portion
    flowers = sum(t.sugar_flowers for t in order.tiers) * SUGAR_FLOWER_PRICE
    delivery = order.delivery_miles * delivery_rate
    return round(cake + flowers + delivery, 2)


def deposit_due(order: CakeOrder) -> float:
    return round(quote(order) * DEPOSIT_RATE, 2)


def tiers_for_guests(guests: int, max_tiers: int = 4) -> List[int]:
    """Smallest stack of standard tiers (largest at the bottom) that feeds everyone."""
    sizes = sorted(PORTIONS_PER_TIER, reverse=True)
    chosen: List[int] = []
    for size in sizes:
        if sum(PORTIONS_PER_TIER[s] for s in chosen) >= guests or len(chosen) == max_tiers:
            break
        chosen.append(size)
    return chosen


def accept(order: CakeOrder, today: Optional[date] = None) -> date:
    """Validate lead time and return the day baking must start."""
    today = today or date.today()
    if order.wedding_date - today < MIN_LEAD_TIME:
        raise ValueError(f"{order.couple}: wedding is too soon for a new order")
    if not order.tiers:
        raise ValueError("an order needs at least one tier")
    return order.wedding_date - timedelta(days=BAKE_DAYS_BEFORE)
