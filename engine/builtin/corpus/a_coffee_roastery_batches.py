import math
from dataclasses import dataclass
from datetime import date, timedelta
from enum import Enum
from typing import Dict, List

ROASTER_CAPACITY_KG = 15.0
MOISTURE_LOSS = {"light": 0.12, "medium": 0.15, "dark": 0.18}
REST_DAYS = 4
BEST_BEFORE_WEEKS = 8
BAG_SIZE_KG = 0.25


class RoastLevel(Enum):
    LIGHT = "light"
    MEDIUM = "medium"
    DARK = "dark"


@dataclass
class RoastBatch:
    origin: str
    level: RoastLevel
    green_kg: float
    roasted_on: date
    charge_temp_c: int = 200
    drop_temp_c: int = 215

    @property
    def roasted_kg(self) -> float:
        return round(self.green_kg * (1 - MOISTURE_LOSS[self.level.value]), 2)

    @property
    def ready_on(self) -> date:
        return self.roasted_on + timedelta(days=REST_DAYS)

    @property
    def best_before(self) -> date:
        return self.roasted_on + timedelta(weeks=BEST_BEFORE_WEEKS)

    def bags(self, bag_kg: float = BAG_SIZE_KG) -> int:
        return int(self.roasted_kg // bag_kg)


def green_needed(roasted_kg: float, level: RoastLevel) -> float:
    """Green bean weight that roasts down to ``roasted_kg`` at this level."""
    return round(roasted_kg / (1 - MOISTURE_LOSS[level.value]), 2)


def plan_batches(orders_kg: Dict[str, float], level: RoastLevel, roast_day: date,
                 *, capacity: float = ROASTER_CAPACITY_KG) -> List[RoastBatch]:
    """Split each origin's roasted-weight order into full-as-possible batches."""
    batches: List[RoastBatch] = []
    for origin, roasted_kg in sorted(orders_kg.items()):
        green = green_needed(roasted_kg, level)
        count = math.ceil(green / capacity)
        for _ in range(count):
            batches.append(RoastBatch(origin, level, round(green / count, 2), roast_day))
    return batches


def sellable(batches: List[RoastBatch], on: date) -> List[RoastBatch]:
    return [b for b in batches if b.ready_on <= on < b.best_before]
