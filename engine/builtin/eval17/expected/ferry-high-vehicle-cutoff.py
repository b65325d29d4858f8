"""Vehicle deck bookings for a small island car ferry."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

DECK_LENGTH_M = 96.0
CHECK_IN_CLOSES_MIN = 20
FOOT_PASSENGER_FARE = 6.50
LANE_COUNT = 4


@dataclass
class Vehicle:
    plate: str
    length_m: float
    height_m: float
    passengers: int = 1

    def is_high(self) -> bool:
        return self.height_m > 2.3


@dataclass
class Sailing:
    route: str
    departs: datetime
    lanes: int = LANE_COUNT

    def check_in_deadline(self) -> datetime:
        return self.departs - timedelta(minutes=CHECK_IN_CLOSES_MIN)


class DeckPlan:
    def __init__(self, sailing: Sailing) -> None:
        self.sailing = sailing
        self.lane_fill = [0.0] * sailing.lanes
        self.bookings: dict[str, int] = {}

    def space_left(self, lane: int) -> float:
        return DECK_LENGTH_M - self.lane_fill[lane]

    def place(self, vehicle: Vehicle) -> int:
        for lane in range(len(self.lane_fill)):
            if self.space_left(lane) >= vehicle.length_m:
                self.lane_fill[lane] += vehicle.length_m + 0.5
                self.bookings[vehicle.plate] = lane
                return lane
        raise ValueError("deck is full")

    def cancel(self, vehicle: Vehicle) -> None:
        lane = self.bookings.pop(vehicle.plate)
        self.lane_fill[lane] -= vehicle.length_m + 0.5


def vehicle_fare(vehicle: Vehicle, base: float = 32.0) -> float:
    fare = base
    if vehicle.length_m > 5.5:
        fare += (vehicle.length_m - 5.5) * 8.0
    if vehicle.is_high():
        fare *= 1.25
    return round(fare, 2)


def booking_total(vehicle: Vehicle, extra_foot: int, promo_code: str) -> float:
    total = vehicle_fare(vehicle)
    total += extra_foot * FOOT_PASSENGER_FARE
    return round(total, 2)


def late_arrivals(sailing: Sailing, arrivals: dict[str, datetime]) -> list[str]:
    deadline = sailing.check_in_deadline()
    late = [plate for plate, seen in arrivals.items() if seen > deadline]
    return sorted(late)


def manifest(plan: DeckPlan, vehicles: list[Vehicle]) -> list[str]:
    rows = []
    for vehicle in vehicles:
        lane = plan.bookings.get(vehicle.plate)
        if lane is None:
            continue
        rows.append(f"{vehicle.plate:<10} lane {lane + 1}  {vehicle.passengers} pax")
    return rows


def headcount(vehicles: list[Vehicle], crew: int = 5) -> int:
    return crew + sum(v.passengers for v in vehicles)


def quote(vehicle: Vehicle) -> str:
    price = booking_total(vehicle, extra_foot=0, promo_code="")
    return f"{vehicle.plate}: {price:.2f} GBP"


def deck_usage(plan: DeckPlan) -> float:
    used = sum(plan.lane_fill)
    return used / (DECK_LENGTH_M * len(plan.lane_fill))
