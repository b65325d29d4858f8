"""Ticketing for guided tours up the cathedral's central tower."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import List, Optional

TOUR_CAPACITY = 12
TOUR_TIMES = (time(11, 0), time(12, 30), time(14, 0), time(15, 30))
STEPS = 332
ADULT_PRICE = 12.0
CHILD_PRICE = 6.0
MIN_AGE = 8
SERVICE_DAYS_CLOSED = (6,)


@dataclass
class Tour:
    starts: datetime
    guide: str = ""
    adults: int = 0
    children: int = 0
    names: List[str] = field(default_factory=list)

    @property
    def places_left(self) -> int:
        return TOUR_CAPACITY - self.adults - self.children

    def takings(self) -> float:
        return self.adults * ADULT_PRICE + self.children * CHILD_PRICE


def tours_for(day: date, guide: str = "") -> List[Tour]:
    if day.weekday() in SERVICE_DAYS_CLOSED:
        return []
    return [Tour(datetime.combine(day, slot), guide=guide) for slot in TOUR_TIMES]


def book(tour: Tour, lead_name: str, adults: int, children: int = 0, *,
         child_ages: Optional[List[int]] = None) -> bool:
    """Add a party to a tour; children under the minimum age cannot climb."""
    if child_ages and min(child_ages) < MIN_AGE:
        raise ValueError(f"children must be at least {MIN_AGE} to climb the {STEPS} steps")
    if adults + children > tour.places_left:
        return False
    if children and not adults:
        raise ValueError("children must be with an adult")
    tour.adults += adults
    tour.children += children
    tour.names.append(lead_name)
    return True


def next_with_space(tours: List[Tour], party: int, after: datetime) -> Optional[Tour]:
    for tour in sorted(tours, key=lambda t: t.starts):
        if tour.starts - after >= timedelta(minutes=10) and tour.places_left >= party:
            return tour
    return None


def day_summary(tours: List[Tour]) -> str:
    climbers = sum(t.adults + t.children for t in tours)
    takings = sum(t.takings() for t in tours)
    full = sum(1 for t in tours if t.places_left == 0)
    return (f"{len(tours)} tours, {full} full, {climbers} climbers, "
            f"{climbers * STEPS} steps climbed, £{takings:.2f}")
