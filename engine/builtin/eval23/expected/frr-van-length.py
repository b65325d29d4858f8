"""Island ferry ticketing: fares, vehicle deck space and sailing manifests."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

ADULT_FARE = 7.5
CHILD_FARE = 3.75
CAR_FARE = 28.0
DECK_LENGTH_M = 90.0
CAR_LENGTH_M = 5.0
RESIDENT_DISCOUNT = 0.4


class Vehicle(Enum):
    NONE = "none"
    CAR = "car"
    VAN = "van"
    BICYCLE = "bicycle"


@dataclass
class Ticket:
    reference: str
    adults: int
    children: int
    vehicle: Vehicle = Vehicle.NONE
    islander: bool = False

    def passengers(self) -> int:
        return self.adults + self.children


@dataclass
class Sailing:
    route: str
    departs: datetime
    passenger_limit: int
    tickets: list[Ticket] = field(default_factory=list)

    def souls_on_board(self) -> int:
        return sum(t.passengers() for t in self.tickets)

    def deck_used_m(self) -> float:
        return sum(vehicle_length(t.vehicle) for t in self.tickets)


def vehicle_length(vehicle: Vehicle) -> float:
    if vehicle is Vehicle.CAR:
        return CAR_LENGTH_M
    if vehicle is Vehicle.VAN:
        return CAR_LENGTH_M * 1.6
    return 0.0


def fare_for(ticket: Ticket) -> float:
    fare = ticket.adults * ADULT_FARE + ticket.children * CHILD_FARE
    if ticket.vehicle in (Vehicle.CAR, Vehicle.VAN):
        fare += CAR_FARE
    if ticket.islander:
        fare *= 1 - RESIDENT_DISCOUNT
    return round(fare, 2)


def has_room(sailing: Sailing, ticket: Ticket) -> bool:
    seats_ok = sailing.souls_on_board() + ticket.passengers() <= sailing.passenger_limit
    deck_ok = sailing.deck_used_m() + vehicle_length(ticket.vehicle) <= DECK_LENGTH_M
    return seats_ok and deck_ok


def sell(sailing: Sailing, ticket: Ticket) -> float:
    if not has_room(sailing, ticket):
        raise ValueError("sailing is full")
    sailing.tickets.append(ticket)
    return fare_for(ticket)


def takings(sailing: Sailing) -> float:
    return round(sum(fare_for(t) for t in sailing.tickets), 2)


def manifest(sailing: Sailing) -> list[str]:
    rows = []
    for ticket in sorted(sailing.tickets, key=lambda t: t.reference):
        rows.append(f"{ticket.reference}: {ticket.adults}A {ticket.children}C {ticket.vehicle.value}")
    rows.append(f"total souls: {sailing.souls_on_board()}")
    return rows


def spare_car_slots(sailing: Sailing) -> int:
    free_metres = DECK_LENGTH_M - sailing.deck_used_m()
    return int(free_metres // CAR_LENGTH_M)


def busiest_sailing(sailings: list[Sailing]) -> Sailing | None:
    if not sailings:
        return None
    return max(sailings, key=lambda s: s.souls_on_board())


def group_fare(adults: int, children: int, with_car: bool = False, islander: bool = False) -> float:
    vehicle = Vehicle.CAR if with_car else Vehicle.NONE
    ticket = Ticket("quote", adults, children, vehicle, islander)
    return fare_for(ticket)


def day_summary(sailings: list[Sailing]) -> dict[str, float]:
    summary: dict[str, float] = {}
    for sailing in sailings:
        summary[sailing.route] = summary.get(sailing.route, 0.0) + takings(sailing)
    return summary


def family_quote(children: int) -> float:
    return group_fare(2, children, with_car=True)
