"""Chair allocation for a hair salon: walk-ins and booked clients share
a fixed number of stylist chairs through the day."""

import logging
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime, timedelta

log = logging.getLogger(__name__)

CHAIR_COUNT = 6
SERVICE_MINUTES = {"cut": 30, "colour": 90, "blow_dry": 25, "highlights": 120, "beard": 15}
WALK_IN_MAX_WAIT = timedelta(minutes=45)
CLEAN_DOWN_MINUTES = 5
SENIOR_STYLIST_UPLIFT = 1.2
STUDENT_DISCOUNT = 0.15


@dataclass
class Client:
    name: str
    service: str
    arrived: datetime
    booked: bool = False
    preferred_stylist: str | None = None

    def duration(self):
        return timedelta(minutes=SERVICE_MINUTES.get(self.service, 30) + CLEAN_DOWN_MINUTES)


@dataclass
class Chair:
    number: int
    stylist: str
    busy_until: datetime | None = None
    served: list = field(default_factory=list)

    def is_free(self, at: datetime) -> bool:
        return self.busy_until is None or self.busy_until <= at

    def seat(self, client: Client, at: datetime):
        start = max(at, self.busy_until or at)
        self.busy_until = start + client.duration()
        self.served.append(client.name)
        return start


class Salon:
    """The salon floor: stylists' chairs and the waiting queue."""

    def __init__(self, stylists, chairs=CHAIR_COUNT):
        if len(stylists) > chairs:
            raise ValueError("more stylists than chairs")
        self.chairs = [Chair(i + 1, name) for i, name in enumerate(stylists)]
        self.queue = deque()
        self.turned_away = []

    def arrive(self, client: Client):
        self.queue.append(client)
        log.debug("%s joined the queue for %s", client.name, client.service)

    def _chair_for(self, client, at):
        free = [c for c in self.chairs if c.is_free(at)]
        if client.preferred_stylist:
            preferred = [c for c in free if c.stylist == client.preferred_stylist]
            if preferred:
                return preferred[0]
            if client.booked:
                return None
        return free[0] if free else None

    def tick(self, now: datetime) -> list:
        """Seat whoever can be seated at ``now``; return the names seated."""
        seated = []
        still_waiting = deque()
        # Booked clients go first regardless of arrival order.
        ordered = sorted(self.queue, key=lambda c: (not c.booked, c.arrived))
        for client in ordered:
            chair = self._chair_for(client, now)
            if chair is not None:
                chair.seat(client, now)
                seated.append(client.name)
            elif not client.booked and now - client.arrived > WALK_IN_MAX_WAIT:
                self.turned_away.append(client.name)
            else:
                still_waiting.append(client)
        self.queue = still_waiting
        return seated

    def next_free(self, now):
        times = [c.busy_until or now for c in self.chairs]
        return max(now, min(times))

    def estimated_wait(self, now, position=None):
        position = len(self.queue) if position is None else position
        if position < len([c for c in self.chairs if c.is_free(now)]):
            return timedelta(0)
        return self.next_free(now) - now

    @property
    def busiest_stylist(self):
        if not any(c.served for c in self.chairs):
            return None
        return max(self.chairs, key=lambda c: len(c.served)).stylist


def run_day(salon, arrivals, opening, closing, step_minutes=5):
    """Simulate a day's arrivals; return how many clients each stylist served."""
    now = opening
    pending = sorted(arrivals, key=lambda c: c.arrived)
    while now <= closing:
        while pending and pending[0].arrived <= now:
            salon.arrive(pending.pop(0))
        salon.tick(now)
        now += timedelta(minutes=step_minutes)
    return {c.stylist: len(c.served) for c in salon.chairs}


def price_for(service, minutes_rate=0.8, *, senior_stylist=False, student=False):
    """Price a service from its chair time; senior stylists charge more."""
    minutes = SERVICE_MINUTES.get(service)
    if minutes is None:
        raise KeyError(f"no such service: {service}")
    price = minutes * minutes_rate
    if senior_stylist:
        price *= SENIOR_STYLIST_UPLIFT
    if student:
        price -= price * STUDENT_DISCOUNT
    return round(price, 2)
