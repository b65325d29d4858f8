"""Walk-in queue and chair assignment for a barber's shop."""

import heapq
import itertools
import time

OPENING_HOUR = 9
CLOSING_HOUR = 18
SERVICE_MINUTES = {"cut": 25, "beard": 15, "cut_and_beard": 40, "kids": 20}
NO_SHOW_GRACE = 5


class Customer:
    def __init__(self, name, service="cut", barber=None):
        if service not in SERVICE_MINUTES:
            raise ValueError(f"unknown service {service!r}")
        self.name = name
        self.service = service
        self.barber = barber
        self.arrived = time.time()

    def minutes_needed(self):
        return SERVICE_MINUTES[self.service]

    def waited(self, now=None):
        now = now or time.time()
        return int((now - self.arrived) // 60)


class WalkInQueue:
    def __init__(self, shop, chairs=3):
        self.shop = shop
        self.chairs = chairs
        self.heap = []
        self.counter = itertools.count()
        self.in_chair = {}

    def join(self, customer, priority=0):
        heapq.heappush(self.heap, (priority, next(self.counter), customer))
        return len(self.heap)

    def next_customer(self, barber):
        for index, (_, _, customer) in enumerate(self.heap):
            if customer.barber in (None, barber):
                self.heap.pop(index)
                heapq.heapify(self.heap)
                return customer
        return None

    def seat(self, barber):
        customer = self.next_customer(barber)
        if customer is not None:
            self.in_chair[barber] = customer
        return customer

    def free_chair(self, barber):
        return self.in_chair.pop(barber, None)

    def queued_names(self):
        return [entry[2].name for entry in sorted(self.heap, key=lambda e: e[:2])]


def estimated_wait(queue, barbers=2):
    pending = sum(entry[2].minutes_needed() for entry in queue.heap)
    busy = sum(customer.minutes_needed() for customer in queue.in_chair.values())
    return (pending + busy) // max(barbers, 1)


def is_open(hour, late_night=False):
    closing = CLOSING_HOUR + 2 if late_night else CLOSING_HOUR
    return OPENING_HOUR <= hour < closing


def parse_booking(line):
    name, service, priority = line.strip().split(",")
    return Customer(name, service), int(priority)


def load_queue(shop, lines, chairs=3):
    queue = WalkInQueue(shop, chairs)
    for line in lines:
        customer, priority = parse_booking(line)
        queue.join(customer, priority)
    return queue


def no_shows(queue, now=None):
    missing = []
    for entry in queue.heap:
        customer = entry[2]
        if customer.waited(now) > NO_SHOW_GRACE * 12:
            missing.append(customer.name)
    return missing


def end_of_day(queue, hour):
    turned_away = []
    if not is_open(hour):
        turned_away = queue.queued_names()
        queue.heap.clear()
    return turned_away
