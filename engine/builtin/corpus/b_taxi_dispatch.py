"""Dispatch logic for a small town taxi firm: nearest free car, fares, queues."""

import math
from collections import namedtuple
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Dict, List, Optional, Tuple

EARTH_RADIUS_KM = 6371.0
FLAG_FALL = 3.20
RATE_PER_KM = 1.85
NIGHT_TARIFF_START = 23
NIGHT_TARIFF_END = 6
NIGHT_MULTIPLIER = 1.5
MAX_PICKUP_KM = 12.0


class CarState(Enum):
    FREE = "free"
    EN_ROUTE = "en route"
    ON_JOB = "on job"
    OFF_DUTY = "off duty"


@dataclass
class Car:
    callsign: str
    driver: str
    position: Tuple[float, float]
    seats: int = 4
    wheelchair: bool = False
    state: CarState = CarState.FREE
    jobs_today: int = 0


Booking = namedtuple(
    "Booking", "passenger pickup dropoff passengers wheelchair booked_at",
    defaults=(1, False, None),
)


def haversine_km(a: Tuple[float, float], b: Tuple[float, float]) -> float:
    """Straight-line distance between two (lat, lon) points."""
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    dlat, dlon = lat2 - lat1, lon2 - lon1
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def _is_night(when: datetime) -> bool:
    return when.hour >= NIGHT_TARIFF_START or when.hour < NIGHT_TARIFF_END


def fare(distance_km: float, when: Optional[datetime] = None, *, extra_passengers: int = 0) -> float:
    """Metered fare for a journey; night tariff applies late evening to early morning."""
    when = when or datetime.now()
    amount = FLAG_FALL + distance_km * RATE_PER_KM
    if _is_night(when):
        amount *= NIGHT_MULTIPLIER
    amount += 0.50 * max(0, extra_passengers)
    return round(amount, 2)


class Dispatcher:
    """Holds the fleet and a queue of bookings waiting for a car."""

    def __init__(self, cars: List[Car]) -> None:
        self.cars: Dict[str, Car] = {car.callsign: car for car in cars}
        self.waiting: List[Booking] = []

    def suitable(self, car: Car, booking: Booking) -> bool:
        if car.state is not CarState.FREE:
            return False
        if booking.wheelchair and not car.wheelchair:
            return False
        return car.seats >= booking.passengers

    def nearest_car(self, booking: Booking, max_km: float = MAX_PICKUP_KM) -> Optional[Car]:
        """Closest suitable free car, favouring drivers with fewer jobs."""
        candidates = [
            (haversine_km(car.position, booking.pickup), car.jobs_today, car)
            for car in self.cars.values()
            if self.suitable(car, booking)
        ]
        candidates = [c for c in candidates if c[0] <= max_km]
        if not candidates:
            return None
        candidates.sort(key=lambda c: (round(c[0], 1), c[1]))
        return candidates[0][2]

    def dispatch(self, booking: Booking) -> Optional[str]:
        car = self.nearest_car(booking)
        if car is None:
            self.waiting.append(booking)
            return None
        car.state = CarState.EN_ROUTE
        car.jobs_today += 1
        return car.callsign

    def complete(self, callsign: str, position: Tuple[float, float]) -> List[str]:
        """Free a car after a job and try to place waiting bookings."""
        car = self.cars[callsign]
        car.state = CarState.FREE
        car.position = position
        assigned = []
        for booking in list(self.waiting):
            if self.nearest_car(booking) is None:
                continue
            self.waiting.remove(booking)
            assigned.append(f"{booking.passenger} -> {self.dispatch(booking)}")
        return assigned

    def quote(self, booking: Booking) -> float:
        distance = haversine_km(booking.pickup, booking.dropoff) * 1.3  # road factor
        return fare(distance, booking.booked_at, extra_passengers=booking.passengers - 1)
