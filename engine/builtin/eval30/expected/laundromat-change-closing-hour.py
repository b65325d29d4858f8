"""Book washers and dryers at a coin laundromat and price each load."""

import heapq
import itertools
import math
from datetime import timedelta

WASH_MINUTES = {"quick": 30, "normal": 45, "heavy": 60}
DRY_MINUTES_PER_KG = 6
COIN_VALUE = 0.25
OPENING_HOUR = 7
CLOSING_HOUR = 23
DETERGENT_PRICE = 1.50


def cycle_price(program, kg, extra_rinse=False):
    base = {"quick": 2.75, "normal": 3.50, "heavy": 4.25}[program]
    if kg > 8:
        base += 1.00
    if extra_rinse:
        base += 0.60
    return base


def coins_needed(amount, coin=COIN_VALUE):
    return math.ceil(amount / coin)


def dryer_minutes(kg, delicate=False, sensor=True):
    minutes = kg * DRY_MINUTES_PER_KG
    if delicate:
        minutes = minutes * 1.25
    return int(round(minutes / 10.0)) * 10 + 10


def within_hours(start, minutes, closing=CLOSING_HOUR):
    end = start + timedelta(minutes=minutes)
    if start.hour < OPENING_HOUR:
        return False
    return end.hour < closing or (end.hour == closing and end.minute == 0)


class Machine:
    def __init__(self, number, kind="washer", capacity_kg=8):
        self.number = number
        self.kind = kind
        self.capacity_kg = capacity_kg
        self.busy_until = None
        self.out_of_order = False

    def free_at(self, when):
        if self.out_of_order:
            return False
        return self.busy_until is None or self.busy_until <= when

    def occupy(self, start, minutes):
        self.busy_until = start + timedelta(minutes=minutes)
        return self.busy_until


class Laundromat:
    def __init__(self, washers=6, dryers=4):
        numbers = itertools.count(1)
        self.machines = [Machine(next(numbers)) for _ in range(washers)]
        self.machines += [Machine(next(numbers), kind="dryer", capacity_kg=12) for _ in range(dryers)]
        self.takings = 0.0
        self.queue = []

    def find_machine(self, kind, when, kg):
        for machine in self.machines:
            if machine.kind == kind and machine.capacity_kg >= kg and machine.free_at(when):
                return machine
        return None

    def book_wash(self, when, kg, program="normal", extra_rinse=False, detergent=False):
        minutes = WASH_MINUTES[program]
        if not within_hours(when, minutes):
            raise ValueError("the laundromat is closed then")
        machine = self.find_machine("washer", when, kg)
        if machine is None:
            heapq.heappush(self.queue, (when, kg, program))
            return None
        machine.occupy(when, minutes)
        price = cycle_price(program, kg, extra_rinse=extra_rinse)
        if detergent:
            price += DETERGENT_PRICE
        self.takings += price
        return machine.number, coins_needed(price)

    def book_dry(self, when, kg, delicate=False):
        minutes = dryer_minutes(kg, delicate=delicate, sensor=True)
        if not within_hours(when, minutes):
            raise ValueError("the dryers would run past closing time")
        machine = self.find_machine("dryer", when, kg)
        if machine is None:
            return None
        machine.occupy(when, minutes)
        price = COIN_VALUE * (minutes // 10)
        self.takings += price
        return machine.number, minutes

    def next_waiting(self):
        if not self.queue:
            return None
        return heapq.heappop(self.queue)

    def broken(self):
        return [machine.number for machine in self.machines if machine.out_of_order]

    def report_fault(self, number):
        for machine in self.machines:
            if machine.number == number:
                machine.out_of_order = True
                return True
        return False
