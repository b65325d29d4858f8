"""Machine bookings and coin takings for a neighbourhood laundrette."""

import itertools
from collections import Counter
from datetime import datetime, timedelta

WASH_PRICE_PENCE = 450
DRY_PRICE_PER_10_MIN = 60
WASH_MINUTES = 40
SERVICE_WASH_SURCHARGE = 300
OPENING_HOUR = 8
CLOSING_HOUR = 21


class Appliance:
    def __init__(self, number, kind, capacity_kg):
        self.number = number
        self.kind = kind
        self.capacity_kg = capacity_kg
        self.busy_until = None
        self.out_of_order = False

    def is_free(self, at):
        if self.out_of_order:
            return False
        return self.busy_until is None or self.busy_until <= at

    def start(self, at, minutes):
        self.busy_until = at + timedelta(minutes=minutes)
        return self.busy_until


class Laundrette:
    def __init__(self, name, machines):
        self.name = name
        self.machines = list(machines)
        self.takings = Counter()
        self.ticket_numbers = itertools.count(1)

    def free_machines(self, kind, at, min_capacity=0):
        return [
            machine
            for machine in self.machines
            if machine.kind == kind and machine.capacity_kg >= min_capacity and machine.is_free(at)
        ]

    def book_wash(self, at, load_kg, service=False):
        choices = self.free_machines("washer", at, min_capacity=load_kg)
        if not choices:
            return None
        machine = min(choices, key=lambda item: item.capacity_kg)
        machine.start(at, WASH_MINUTES)
        price = wash_price(load_kg, service=service)
        self.takings["wash"] += price
        return next(self.ticket_numbers), machine.number, price

    def book_dry(self, at, minutes):
        choices = self.free_machines("dryer", at)
        if not choices:
            return None
        machine = choices[0]
        machine.start(at, minutes)
        price = dry_price(minutes)
        self.takings["dry"] += price
        return next(self.ticket_numbers), machine.number, price

    def report_fault(self, number):
        for machine in self.machines:
            if machine.number == number:
                machine.out_of_order = True
                return True
        return False

    def is_open(self, at):
        return OPENING_HOUR <= at.hour < CLOSING_HOUR


def build_shop(name, washers=6, dryers=4, large_from=4):
    machines = []
    for number in range(1, washers + 1):
        machines.append(Appliance(number, "washer", 14 if number >= large_from else 8))
    for offset in range(dryers):
        machines.append(Appliance(washers + offset + 1, "dryer", 10))
    return Laundrette(name, machines)


def wash_price(load_kg, service=False, big_load_kg=12):
    price = WASH_PRICE_PENCE
    if load_kg > big_load_kg:
        price += 100
    if service:
        price += SERVICE_WASH_SURCHARGE
    return price


def dry_price(minutes, minimum_slots=2):
    slots = max(-(-minutes // 10), minimum_slots)
    return slots * DRY_PRICE_PER_10_MIN


def daily_summary(shop, day=None):
    day = day or datetime.now().date()
    takings_total = sum(shop.takings.values())
    broken = [machine.number for machine in shop.machines if machine.out_of_order]
    broken.sort()
    pounds = takings_total / 100
    return {
        "shop": shop.name,
        "day": day.isoformat(),
        "takings": f"GBP {pounds:.2f}",
        "broken": broken,
        "open_now": shop.is_open(datetime.now()),
    }
