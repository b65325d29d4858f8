"""What's on the cake stand, what's going stale, and what to bake tomorrow."""

from dataclasses import dataclass
from datetime import date
from statistics import mean
from typing import Dict, List, Optional

SLICES_PER_CAKE: Dict[str, int] = {"victoria sponge": 12, "lemon drizzle": 10, "carrot": 12,
                                   "coffee and walnut": 12, "scones": 1, "brownies": 16}
SHELF_LIFE_DAYS = 3
REDUCED_PRICE_FACTOR = 0.5
SAFETY_SLICES = 4


@dataclass
class CakeBatch:
    cake: str
    baked_on: date
    slices_left: int
    price_per_slice: float = 3.20

    def age(self, today: date) -> int:
        return (today - self.baked_on).days

    def expired(self, today: date) -> bool:
        return self.age(today) >= SHELF_LIFE_DAYS

    def current_price(self, today: date) -> float:
        """Slices are half price on their last day."""
        if self.age(today) == SHELF_LIFE_DAYS - 1:
            return round(self.price_per_slice * REDUCED_PRICE_FACTOR, 2)
        return self.price_per_slice


def sell_slice(stand: List[CakeBatch], cake: str, today: date) -> Optional[float]:
    """Sell the oldest unexpired slice of a cake, returning the price charged."""
    batches = sorted((b for b in stand if b.cake == cake and b.slices_left and not b.expired(today)),
                     key=lambda b: b.baked_on)
    if not batches:
        return None
    batches[0].slices_left -= 1
    return batches[0].current_price(today)


def clear_expired(stand: List[CakeBatch], today: date) -> int:
    wasted = sum(b.slices_left for b in stand if b.expired(today))
    stand[:] = [b for b in stand if not b.expired(today)]
    return wasted


def bake_plan(stand: List[CakeBatch], recent_sales: Dict[str, List[int]], tomorrow: date) -> Dict[str, int]:
    """Whole cakes to bake for tomorrow from recent slice sales."""
    plan = {}
    for cake, slices in SLICES_PER_CAKE.items():
        expected = mean(recent_sales.get(cake, [0])) + SAFETY_SLICES
        on_hand = sum(b.slices_left for b in stand if b.cake == cake and not b.expired(tomorrow))
        shortfall = expected - on_hand
        if shortfall > 0:
            plan[cake] = -(-int(shortfall) // slices)
    return plan
