"""Queue and bay management for a hand car wash.

Cars arrive at the forecourt, choose a package, wait for a free bay and
are washed by a team of valeters. The module keeps the queue, estimates
waits for the sign at the entrance and totals the day's takings.
"""

from __future__ import annotations

import itertools
import logging
import statistics
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Deque, Dict, List, Optional, Tuple

logger = logging.getLogger(__name__)

BAY_COUNT = 3
MAX_QUEUE_LENGTH = 12
VALETERS_PER_BAY = 2
LARGE_VEHICLE_SURCHARGE = 3.00
LARGE_VEHICLE_TIME_FACTOR = 1.3
TIP_JAR_SHARE = 0.5
WAIT_SIGN_ROUNDING_MINUTES = 5
PACKAGES: Dict[str, Tuple[str, float, int]] = {
    "exterior": ("Exterior wash", 8.00, 12),
    "wash_vac": ("Wash and vac", 14.00, 22),
    "mini_valet": ("Mini valet", 25.00, 40),
    "full_valet": ("Full valet", 65.00, 120),
}

_ticket_numbers = itertools.count(1)


@dataclass
class Car:
    registration: str
    package: str
    large_vehicle: bool = False
    arrived: datetime = field(default_factory=datetime.now)
    ticket: int = field(default_factory=lambda: next(_ticket_numbers))
    started: Optional[datetime] = None
    finished: Optional[datetime] = None

    def __post_init__(self) -> None:
        if self.package not in PACKAGES:
            raise ValueError(f"unknown package {self.package!r}")

    @property
    def title(self) -> str:
        return PACKAGES[self.package][0]

    @property
    def wash_minutes(self) -> float:
        minutes = PACKAGES[self.package][2]
        return minutes * LARGE_VEHICLE_TIME_FACTOR if self.large_vehicle else float(minutes)

    @property
    def price(self) -> float:
        surcharge = LARGE_VEHICLE_SURCHARGE if self.large_vehicle else 0.0
        return round(PACKAGES[self.package][1] + surcharge, 2)

    def waited(self) -> Optional[timedelta]:
        if self.started is None:
            return None
        return self.started - self.arrived


class Bay:
    def __init__(self, number: int, valeters: int = VALETERS_PER_BAY) -> None:
        self.number = number
        self.valeters = valeters
        self.current: Optional[Car] = None
        self.free_at: Optional[datetime] = None

    def is_free(self, now: datetime) -> bool:
        return self.current is None or (self.free_at is not None and self.free_at <= now)

    def start(self, car: Car, now: datetime) -> datetime:
        # An extra pair of hands takes about a third off the time.
        speed_up = 1.0 if self.valeters <= 1 else 1.0 - 0.33 * (self.valeters - 1) / self.valeters
        car.started = now
        self.current = car
        self.free_at = now + timedelta(minutes=car.wash_minutes * speed_up)
        return self.free_at

    def release(self, now: datetime) -> Optional[Car]:
        if self.current is None or self.free_at is None or self.free_at > now:
            return None
        done = self.current
        done.finished = self.free_at
        self.current = None
        return done


class Forecourt:
    """Waiting cars and the wash bays they are pulled into."""

    def __init__(self, bays: int = BAY_COUNT, *, max_queue: int = MAX_QUEUE_LENGTH) -> None:
        self.bays = [Bay(n + 1) for n in range(bays)]
        self.queue: Deque[Car] = deque()
        self.max_queue = max_queue
        self.completed: List[Car] = []
        self.turned_away = 0

    def arrive(self, car: Car) -> bool:
        if len(self.queue) >= self.max_queue:
            self.turned_away += 1
            logger.info("queue full, turned away %s", car.registration)
            return False
        self.queue.append(car)
        return True

    def update(self, now: datetime) -> List[Car]:
        """Release finished cars and pull waiting cars into free bays."""
        finished: List[Car] = []
        for bay in self.bays:
            done = bay.release(now)
            if done is not None:
                finished.append(done)
                self.completed.append(done)
        for bay in self.bays:
            if self.queue and bay.is_free(now):
                bay.start(self.queue.popleft(), now)
        return finished

    def estimated_wait(self, now: datetime) -> timedelta:
        """How long a car joining the back of the queue now would wait."""
        bay_free_times = sorted(max(now, b.free_at or now) if b.current else now for b in self.bays)
        for car in self.queue:
            soonest = bay_free_times.pop(0)
            bay_free_times.append(soonest + timedelta(minutes=car.wash_minutes))
            bay_free_times.sort()
        return bay_free_times[0] - now

    def wait_sign(self, now: datetime) -> str:
        minutes = self.estimated_wait(now).total_seconds() / 60
        if minutes < 1:
            return "No wait - drive straight in"
        rounded = int(-(-minutes // WAIT_SIGN_ROUNDING_MINUTES) * WAIT_SIGN_ROUNDING_MINUTES)
        return f"Approx. wait {rounded} min"


def takings(cars: List[Car], tips: float = 0.0, *, tip_share: float = TIP_JAR_SHARE) -> Dict[str, float]:
    """Takings per package, the total and the staff's share of the tip jar."""
    by_package: Dict[str, float] = {}
    for car in cars:
        by_package[car.title] = by_package.get(car.title, 0.0) + car.price
    total = sum(by_package.values())
    return {
        **{title: round(amount, 2) for title, amount in by_package.items()},
        "total": round(total, 2),
        "staff_tips": round(tips * tip_share, 2),
    }


def average_wait_minutes(cars: List[Car]) -> float:
    waits = [w.total_seconds() / 60 for w in (c.waited() for c in cars) if w is not None]
    if not waits:
        return 0.0
    return round(statistics.mean(waits), 1)


def suggest_package(budget: float, minutes_available: float, *, large_vehicle: bool = False) -> Optional[str]:
    """The most thorough package that fits the customer's budget and time."""
    surcharge = LARGE_VEHICLE_SURCHARGE if large_vehicle else 0.0
    factor = LARGE_VEHICLE_TIME_FACTOR if large_vehicle else 1.0
    affordable = [
        key for key, (_, price, minutes) in PACKAGES.items()
        if price + surcharge <= budget and minutes * factor <= minutes_available
    ]
    if not affordable:
        return None
    return max(affordable, key=lambda key: PACKAGES[key][1])


def busiest_hours(cars: List[Car], top: int = 3) -> List[Tuple[int, int]]:
    """The hours of day with the most arrivals, busiest first."""
    counts: Dict[int, int] = {}
    for car in cars:
        counts[car.arrived.hour] = counts.get(car.arrived.hour, 0) + 1
    return sorted(counts.items(), key=lambda pair: pair[1], reverse=True)[:top]
