"""Stock levels and potting-on reminders for a plant nursery."""

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Dict, List, Optional

REORDER_LEVEL = 12
POT_SIZES_LITRES = (0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
POTTING_ON_INTERVAL = timedelta(weeks=10)
SEASONAL_MARKUP: Dict[str, float] = {"spring": 1.25, "summer": 1.1, "autumn": 1.0, "winter": 0.9}


@dataclass
class PlantLine:
    """A batch of one variety in one pot size."""
    genus: str
    variety: str
    pot_litres: float
    quantity: int
    cost_price: float
    last_potted: date = field(default_factory=date.today)
    hardy: bool = True

    @property
    def label(self) -> str:
        return f"{self.genus} '{self.variety}' ({self.pot_litres:g}L)"


def season_for(day: date) -> str:
    return {12: "winter", 1: "winter", 2: "winter", 3: "spring", 4: "spring", 5: "spring",
            6: "summer", 7: "summer", 8: "summer"}.get(day.month, "autumn")


def retail_price(line: PlantLine, day: Optional[date] = None, margin: float = 2.2) -> float:
    """Shelf price from cost, with seasonal markup and a .99 ending."""
    day = day or date.today()
    price = line.cost_price * margin * SEASONAL_MARKUP[season_for(day)]
    return round(round(price, 1) - 0.01, 2)


def next_pot_size(current: float) -> Optional[float]:
    """The next pot size up, or None if already in the largest."""
    larger = [size for size in POT_SIZES_LITRES if size > current]
    return larger[0] if larger else None


def due_for_potting_on(stock: List[PlantLine], today: Optional[date] = None) -> List[PlantLine]:
    today = today or date.today()
    return [
        line for line in stock
        if today - line.last_potted >= POTTING_ON_INTERVAL and next_pot_size(line.pot_litres)
    ]


def reorder_list(stock: List[PlantLine], *, level: int = REORDER_LEVEL) -> Dict[str, int]:
    """Genus totals under the reorder level, with the shortfall."""
    totals: Counter = Counter()
    for line in stock:
        totals[line.genus] += line.quantity
    return {genus: level - count for genus, count in totals.items() if count < level}


def frost_risk_lines(stock: List[PlantLine], forecast_min_c: float) -> List[str]:
    if forecast_min_c > 2:
        return []
    return [line.label for line in stock if not line.hardy and line.quantity > 0]
