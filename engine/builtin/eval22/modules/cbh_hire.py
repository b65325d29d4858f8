"""Canal boat hire: bookings, lock counts and fuel deposits."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from enum import Enum

NIGHTLY_RATE_SMALL = 110.0
NIGHTLY_RATE_LARGE = 165.0
FUEL_DEPOSIT = 150.0
LOCKS_PER_DAY_LIMIT = 20
PET_FEE = 35.0


class BoatSize(Enum):
    SMALL = "small"
    LARGE = "large"


@dataclass
class Narrowboat:
    name: str
    size: BoatSize
    berths: int
    length_ft: int

    def nightly_rate(self) -> float:
        if self.size is BoatSize.LARGE:
            return NIGHTLY_RATE_LARGE
        return NIGHTLY_RATE_SMALL


@dataclass
class Hire:
    boat: Narrowboat
    skipper: str
    start: date
    nights: int
    party_size: int
    has_pet: bool = False

    def end(self) -> date:
        return self.start + timedelta(days=self.nights)

    def overlaps(self, other: Hire) -> bool:
        return self.start < other.end() and other.start < self.end()


class HireDesk:
    def __init__(self, boats: list[Narrowboat]) -> None:
        self.fleet = {boat.name: boat for boat in boats}
        self.hires: list[Hire] = []

    def is_free(self, boat_name: str, start: date, nights: int) -> bool:
        probe = Hire(self.fleet[boat_name], "", start, nights, 1)
        return not any(h.boat.name == boat_name and h.overlaps(probe) for h in self.hires)

    def take_booking(self, boat_name: str, skipper: str, start: date, nights: int, party_size: int) -> Hire:
        boat = self.fleet[boat_name]
        if party_size > boat.berths:
            raise ValueError("party too large for this boat")
        if not self.is_free(boat_name, start, nights):
            raise ValueError("boat already hired for those dates")
        hire = Hire(boat, skipper, start, nights, party_size)
        self.hires.append(hire)
        return hire

    def departures_on(self, day: date) -> list[Hire]:
        return [h for h in self.hires if h.start == day]


def hire_price(hire: Hire, discount: float = 0.0) -> float:
    price = hire.boat.nightly_rate() * hire.nights
    if hire.has_pet:
        price += PET_FEE
    if hire.nights >= 7:
        price *= 0.9
    return round(price * (1 - discount), 2)


def amount_due_at_pickup(hire: Hire) -> float:
    return round(hire_price(hire) + FUEL_DEPOSIT, 2)


def fuel_refund(litres_used: float, price_per_litre: float = 1.6) -> float:
    spent = litres_used * price_per_litre
    return round(max(FUEL_DEPOSIT - spent, 0.0), 2)


def route_days(lock_count: int, miles: float, cruising_mph: float = 3.0) -> int:
    hours = miles / cruising_mph + lock_count * 0.25
    days_by_locks = -(-lock_count // LOCKS_PER_DAY_LIMIT)
    days_by_hours = -(-int(hours) // 6)
    return max(days_by_locks, days_by_hours, 1)


def suits_route(hire: Hire, lock_count: int, miles: float) -> bool:
    return route_days(lock_count, miles) <= hire.nights


def handover_checklist(hire: Hire) -> list[str]:
    items = ["life jackets", "windlass", "mooring pins", "gas check"]
    if hire.has_pet:
        items.append("pet blanket")
    if hire.boat.length_ft > 60:
        items.append("long-boat lock briefing")
    return items


def weekly_departures(desk: HireDesk, monday: date) -> dict[date, int]:
    result = {}
    for offset in range(7):
        day = monday + timedelta(days=offset)
        result[day] = len(desk.departures_on(day))
    return result
