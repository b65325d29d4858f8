"""Fryer batch planning for the doughnut shop.

Works out how many batches each fryer needs for the morning order book,
how long the oil has left before a change, and what each batch costs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from typing import Iterable, List, Optional

FRYER_CAPACITY = 36
FRY_MINUTES = 4.5
OIL_LIFE_BATCHES = 220
DOUGH_COST_PER_DOZEN = 1.85
GLAZE_COST_PER_DOZEN = 0.6
OPENING_TIME = "05:30"


class Finish(Enum):
    PLAIN = "plain"
    GLAZED = "glazed"
    FILLED = "filled"
    SPRINKLED = "sprinkled"


@dataclass
class Batch:
    finish: Finish
    count: int
    fryer: int = 1
    started: Optional[datetime] = None
    notes: List[str] = field(default_factory=list)

    @property
    def dozens(self) -> float:
        return self.count / 12

    def ready_at(self, minutes: float = FRY_MINUTES) -> Optional[datetime]:
        if self.started is None:
            return None
        return self.started + timedelta(minutes=minutes)


def _opening(day: datetime) -> datetime:
    hour, minute = (int(part) for part in OPENING_TIME.split(":"))
    return day.replace(hour=hour, minute=minute, second=0, microsecond=0)


def batches_needed(order_count: int, capacity: int = FRYER_CAPACITY) -> int:
    """Number of full or part batches to cover an order."""
    if order_count <= 0:
        return 0
    return math.ceil(order_count / capacity)


def split_order(finish: Finish, order_count: int, *, fryers: int = 2,
                capacity: int = FRYER_CAPACITY) -> List[Batch]:
    """Spread one order across the fryers, filling each batch before the next."""
    total = batches_needed(order_count, capacity=capacity)
    remaining = order_count
    batches: List[Batch] = []
    for index in range(total):
        size = min(capacity, remaining)
        batches.append(Batch(finish=finish, count=size, fryer=index % fryers + 1))
        remaining -= size
    return batches


def schedule(batches: Iterable[Batch], day: datetime, *, gap_minutes: float = 1.0) -> List[Batch]:
    start = _opening(day)
    next_free = {}
    planned = []
    for batch in batches:
        slot = next_free.get(batch.fryer, start)
        batch.started = slot
        next_free[batch.fryer] = slot + timedelta(minutes=FRY_MINUTES + gap_minutes)
        planned.append(batch)
    return planned


def batch_cost(batch: Batch, dough_rate: float = DOUGH_COST_PER_DOZEN) -> float:
    cost = batch.dozens * dough_rate
    if batch.finish in (Finish.GLAZED, Finish.SPRINKLED):
        cost += batch.dozens * GLAZE_COST_PER_DOZEN
    elif batch.finish is Finish.FILLED:
        cost += batch.dozens * GLAZE_COST_PER_DOZEN * 1.5
    return round(cost, 2)


def oil_batches_left(batches_fried: int, life: int = OIL_LIFE_BATCHES) -> int:
    left = life - batches_fried
    if left < 0:
        return 0
    return left


def morning_summary(batches: List[Batch]) -> str:
    by_fryer = {}
    for batch in batches:
        by_fryer.setdefault(batch.fryer, []).append(batch)
    lines = []
    for fryer, items in sorted(by_fryer.items()):
        total = sum(b.count for b in items)
        cost = sum(batch_cost(b) for b in items)
        last = max((b.ready_at() for b in items if b.started), default=None)
        finish_time = last.strftime("%H:%M") if last else "not scheduled"
        lines.append(f"Fryer {fryer}: {len(items)} batches, {total} doughnuts, "
                     f"£{cost:.2f}, done {finish_time}")
    return "\n".join(lines)
