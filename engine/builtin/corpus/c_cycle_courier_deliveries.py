"""Job pricing and rider assignment for a city cycle courier service."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from typing import Iterable, Optional

BASE_FARE = 4.50
RATE_PER_KM = 1.35
MAX_PARCEL_KG = 12.0
RUSH_SURCHARGE = 0.4
AVERAGE_SPEED_KMH = 18.0
COLLECTION_WINDOW = timedelta(minutes=45)


class Urgency(Enum):
    STANDARD = "standard"
    EXPRESS = "express"
    DIRECT = "direct"


@dataclass
class Drop:
    reference: str
    pickup_postcode: str
    dropoff_postcode: str
    distance_km: float
    weight_kg: float = 1.0
    urgency: Urgency = Urgency.STANDARD
    booked_at: datetime = field(default_factory=datetime.now)
    signed_by: Optional[str] = None

    @property
    def delivered(self) -> bool:
        return self.signed_by is not None


@dataclass
class Rider:
    name: str
    cargo_bike: bool = False
    jobs: list[Drop] = field(default_factory=list)

    def carrying_kg(self) -> float:
        return sum(drop.weight_kg for drop in self.jobs if not drop.delivered)

    def can_take(self, drop: Drop) -> bool:
        limit = MAX_PARCEL_KG * 2 if self.cargo_bike else MAX_PARCEL_KG
        return self.carrying_kg() + drop.weight_kg <= limit


def _urgency_multiplier(urgency: Urgency) -> float:
    if urgency is Urgency.DIRECT:
        return 1.8
    if urgency is Urgency.EXPRESS:
        return 1.35
    return 1.0


def quote(distance_km: float, weight_kg: float = 1.0, *, urgency: Urgency = Urgency.STANDARD,
          rush_hour: bool = False) -> float:
    """Price a single drop, rounded to the nearest 5p."""
    if weight_kg > MAX_PARCEL_KG * 2:
        raise ValueError(f"parcel of {weight_kg} kg is too heavy for a bike")
    fare = BASE_FARE + distance_km * RATE_PER_KM
    if weight_kg > MAX_PARCEL_KG:
        fare += 6.0
    fare *= _urgency_multiplier(urgency)
    if rush_hour:
        fare *= 1 + RUSH_SURCHARGE
    return round(math.ceil(fare * 20) / 20, 2)


def is_rush_hour(moment: datetime) -> bool:
    return moment.weekday() < 5 and (7 <= moment.hour < 10 or 16 <= moment.hour < 19)


def estimated_arrival(drop: Drop, *, speed_kmh: float = AVERAGE_SPEED_KMH) -> datetime:
    riding = timedelta(hours=drop.distance_km / speed_kmh)
    if drop.urgency is Urgency.STANDARD:
        return drop.booked_at + COLLECTION_WINDOW + riding
    return drop.booked_at + COLLECTION_WINDOW / 3 + riding


def price_drop(drop: Drop) -> float:
    return quote(drop.distance_km, drop.weight_kg, urgency=drop.urgency,
                 rush_hour=is_rush_hour(drop.booked_at))


def assign(drop: Drop, riders: Iterable[Rider]) -> Optional[Rider]:
    """Give the drop to the least loaded rider who can carry it."""
    candidates = [rider for rider in riders if rider.can_take(drop)]
    if not candidates:
        return None
    chosen = min(candidates, key=lambda rider: (len(rider.jobs), rider.carrying_kg()))
    chosen.jobs.append(drop)
    return chosen


def daily_takings(drops: Iterable[Drop], day: datetime) -> dict[str, float]:
    totals: dict[str, float] = {urgency.value: 0.0 for urgency in Urgency}
    for drop in drops:
        if drop.booked_at.date() != day.date() or not drop.delivered:
            continue
        totals[drop.urgency.value] += price_drop(drop)
    totals["total"] = round(sum(totals.values()), 2)
    return totals
