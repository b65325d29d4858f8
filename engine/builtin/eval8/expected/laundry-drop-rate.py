"""A coin laundromat: washers and dryers, a coin box, a queue of waiting customers, the day's takings."""

from __future__ import annotations

import json
import logging
from collections import deque
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

WASH_PRICE = 4.00
DRY_RATE = 0.50  # buys ten minutes of drying
ACCEPTED_COINS = (0.25, 1.00, 2.00)
CYCLES = {"quick": 20, "normal": 35, "heavy": 50}
MAX_LOAD_KG = 8
TAKINGS_FILE = "takings.json"


@dataclass
class Machine:
    number: int
    kind: str
    capacity_kg: int = MAX_LOAD_KG
    busy_until: int = 0
    out_of_order: bool = False

    def free_at(self, minute):
        return not self.out_of_order and self.busy_until <= minute

    def start(self, minute, duration):
        self.busy_until = minute + duration
        return self.busy_until


class CoinBox:
    def __init__(self):
        self.coins = []

    def insert(self, coin):
        if coin not in ACCEPTED_COINS:
            raise ValueError(f"coin {coin} not accepted")
        self.coins.append(coin)

    def total(self):
        return round(sum(self.coins), 2)

    def empty(self):
        amount = self.total()
        self.coins.clear()
        return amount


def wash_price(cycle, price=WASH_PRICE):
    extra = 0.75 if cycle == "heavy" else 0.0
    return price + extra


def dryer_minutes(paid):
    return int(paid / DRY_RATE) * 10


class Laundromat:
    def __init__(self, washers=6, dryers=4):
        self.machines = [Machine(n, "washer") for n in range(1, washers + 1)]
        self.machines += [Machine(washers + n, "dryer") for n in range(1, dryers + 1)]
        self.queue = deque()
        self.box = CoinBox()
        self.takings = 0.0

    def free_machine(self, kind, minute):
        for machine in self.machines:
            if machine.kind == kind and machine.free_at(minute):
                return machine
        return None

    def pay(self, coins):
        for coin in coins:
            self.box.insert(coin)
        return self.box.total()

    def wash(self, customer, cycle, minute, coins=()):
        price = wash_price(cycle)
        paid = self.pay(coins)
        if paid < price:
            raise ValueError(f"{customer} has paid {paid:.2f} of {price:.2f}")
        machine = self.free_machine("washer", minute)
        if machine is None:
            self.queue.append((customer, cycle))
            logger.info("%s waits for a washer", customer)
            return None
        machine.start(minute, CYCLES[cycle])
        self.takings += self.box.empty()
        return machine

    def dry(self, customer, minute, coins=()):
        machine = self.free_machine("dryer", minute)
        if machine is None:
            raise ValueError(f"no dryer free for {customer}")
        machine.start(minute, dryer_minutes(self.pay(coins)))
        self.takings += self.box.empty()
        return machine

    def serve_queue(self, minute):
        served = []
        while self.queue and self.free_machine("washer", minute) is not None:
            customer, cycle = self.queue.popleft()
            machine = self.free_machine("washer", minute)
            machine.start(minute, CYCLES[cycle])
            served.append((customer, machine.number))
        return served

    def close_day(self, day, folder="."):
        record = {"day": day, "takings": round(self.takings, 2), "left_waiting": len(self.queue)}
        path = Path(folder) / TAKINGS_FILE
        history = json.loads(path.read_text()) if path.exists() else []
        history.append(record)
        path.write_text(json.dumps(history, indent=2))
        self.takings = 0.0
        return record
