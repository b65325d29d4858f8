"""City bike sharing: docking stations, rentals by the minute, e-bike surcharge, rebalancing."""

import json
import logging
import math
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

UNLOCK_FEE = 1.00
PER_MINUTE = 0.15
EBIKE_SURCHARGE = 0.10
FREE_MINUTES = 30
LOW_BATTERY = 20


class RentalError(Exception):
    pass


@dataclass
class Bike:
    bike_id: str
    electric: bool = False
    battery: int = 100

    def rentable(self):
        return not self.electric or self.battery > LOW_BATTERY


@dataclass
class Rental:
    bike: Bike
    member: str
    start: int  # minutes since midnight
    end: int | None = None

    def minutes(self):
        if self.end is None:
            raise RentalError(f"{self.bike.bike_id} is still out")
        return self.end - self.start


class Station:
    def __init__(self, name, capacity, bikes=None):
        self.name = name
        self.capacity = capacity
        self.docked = list(bikes or [])

    def free_docks(self):
        return self.capacity - len(self.docked)

    def take(self, electric=False, member=None):
        for bike in self.docked:
            if bike.electric == electric and bike.rentable():
                self.docked.remove(bike)
                return bike
        kind = "e-bike" if electric else "bike"
        raise RentalError(f"no {kind} available at {self.name}")

    def dock(self, bike):
        if self.free_docks() == 0:
            raise RentalError(f"{self.name} is full")
        self.docked.append(bike)


def rental_price(minutes, electric=False, subscriber=False):
    billable = max(0, minutes - FREE_MINUTES) if subscriber else minutes
    rate = PER_MINUTE + (EBIKE_SURCHARGE if electric else 0)
    return round(UNLOCK_FEE + math.ceil(billable) * rate, 2)


class Network:
    def __init__(self, stations, subscribers=()):
        self.stations = {station.name: station for station in stations}
        self.subscribers = set(subscribers)
        self.open_rentals = {}
        self.receipts = []

    def rent(self, station_name, member, now, electric=False):
        bike = self.stations[station_name].take(electric, member=member)
        rental = Rental(bike, member, now)
        self.open_rentals[bike.bike_id] = rental
        logger.info("%s took %s from %s", member, bike.bike_id, station_name)
        return rental

    def give_back(self, bike_id, station_name, now):
        rental = self.open_rentals.pop(bike_id)
        rental.end = now
        self.stations[station_name].dock(rental.bike)
        price = rental_price(
            rental.minutes(),
            electric=rental.bike.electric,
            subscriber=rental.member in self.subscribers,
        )
        self.receipts.append({"member": rental.member, "bike": bike_id, "price": price})
        return price

    def rebalance_plan(self, target=0.5):
        surplus, shortage = [], []
        for station in self.stations.values():
            wanted = round(station.capacity * target)
            have = len(station.docked)
            if have > wanted:
                surplus.append((station.name, have - wanted))
            elif have < wanted:
                shortage.append((station.name, wanted - have))
        return surplus, shortage


def revenue(receipts, member=None):
    return round(sum(r["price"] for r in receipts if member in (None, r["member"])), 2)


def load_network(path):
    data = json.loads(Path(path).read_text())
    stations = []
    for entry in data["stations"]:
        bikes = [Bike(**bike) for bike in entry.get("bikes", [])]
        stations.append(Station(entry["name"], entry["capacity"], bikes))
    return Network(stations, data.get("subscribers", ()))
