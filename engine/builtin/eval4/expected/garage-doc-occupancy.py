"""A parking garage: levels of numbered spots, a ticket at the gate, a fee at the exit."""

import logging
import math
from dataclasses import dataclass
from datetime import datetime

log = logging.getLogger(__name__)

HOURLY_RATE = 3.50
DAILY_MAX = 24.00
GRACE_MINUTES = 15
LOST_TICKET_FEE = 40.00
SMALL_VEHICLES = ("motorcycle", "compact")


class GarageFull(Exception):
    """No spot is left for the vehicle at the gate."""


@dataclass
class Spot:
    level: int
    number: int
    size: str = "standard"
    plate: str | None = None

    @property
    def free(self):
        return self.plate is None

    def label(self):
        return f"L{self.level}-{self.number:03d}"


@dataclass
class Ticket:
    plate: str
    spot: Spot
    entered: datetime
    validated: bool = False


def fits(spot, vehicle_size):
    """Whether a vehicle of this size may use the spot."""
    if vehicle_size in SMALL_VEHICLES:
        return True
    return spot.size != "compact"


def billable_hours(entered, left):
    minutes = (left - entered).total_seconds() / 60
    if minutes <= GRACE_MINUTES:
        return 0
    return math.ceil(minutes / 60)


def parking_fee(entered, left, rate=HOURLY_RATE):
    """The fee for a stay: the hourly rate, but never more than DAILY_MAX a day."""
    hours = billable_hours(entered, left)
    days, rest = divmod(hours, 24)
    return round(days * DAILY_MAX + min(rest * rate, DAILY_MAX), 2)


class Garage:
    def __init__(self, name, levels, spots_per_level, compact_per_level=10):
        self.name = name
        self.spots = []
        for level in range(1, levels + 1):
            for number in range(1, spots_per_level + 1):
                size = "compact" if number <= compact_per_level else "standard"
                self.spots.append(Spot(level, number, size))
        self.tickets = {}

    def free_spots(self, vehicle_size="standard"):
        return [spot for spot in self.spots if spot.free and fits(spot, vehicle_size)]

    def occupancy(self):
        """Share of spots taken, from 0.0 to 1.0."""
        taken = sum(1 for spot in self.spots if not spot.free)
        return taken / len(self.spots)

    def enter(self, plate, vehicle_size="standard", when=None):
        spots = self.free_spots(vehicle_size)
        if not spots:
            raise GarageFull(f"{self.name} has no free spot for a {vehicle_size}")
        spot = spots[0]
        spot.plate = plate
        ticket = Ticket(plate, spot, when or datetime.now())
        self.tickets[plate] = ticket
        log.info("%s parked at %s", plate, spot.label())
        return ticket

    def leave(self, plate, when=None, lost=False):
        ticket = self.tickets.pop(plate)
        ticket.spot.plate = None
        if lost:
            return LOST_TICKET_FEE
        if ticket.validated:
            return 0.0
        return parking_fee(ticket.entered, when or datetime.now())

    def validate(self, plate):
        self.tickets[plate].validated = True


def quote(garage, plate, when=None):
    """What the car with this plate would pay if it left now."""
    ticket = garage.tickets[plate]
    return parking_fee(ticket.entered, when or datetime.now())


def rate_card():
    return f"first {GRACE_MINUTES} minutes free, then {HOURLY_RATE:.2f} an hour, at most {DAILY_MAX:.2f} a day"


def status_board(garage):
    free = len(garage.free_spots())
    return f"{garage.name}: {garage.occupancy():.0%} full, {free} spots free"
