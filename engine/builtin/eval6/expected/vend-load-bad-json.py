"""A snack vending machine: slots, coins in, change out, restocking and a sales report."""

import json
import logging
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

COINS = (200, 100, 50, 20, 10, 5)
MAX_CREDIT = 1000
RESTOCK_THRESHOLD = 3
SLOT_CAPACITY = 12


class VendError(Exception):
    """Anything the machine refuses to do."""


@dataclass
class Slot:
    code: str
    product: str
    price: int
    count: int = 0

    def is_empty(self):
        return self.count == 0

    def take_one(self):
        if self.is_empty():
            raise VendError(f"slot {self.code} is empty")
        self.count -= 1
        return self.product


@dataclass
class Sale:
    code: str
    product: str
    paid: int
    change: int


def format_cents(cents, symbol="EUR"):
    return f"{cents // 100}.{cents % 100:02d} {symbol}"


def make_change(amount, coins=COINS):
    """The coins for ``amount`` cents, largest first."""
    given = []
    for coin in sorted(coins, reverse=True):
        while amount >= coin:
            given.append(coin)
            amount -= coin
    if amount:
        raise VendError(f"cannot give {amount} cents back")
    return given


class VendingMachine:
    def __init__(self, slots=None, currency="EUR"):
        self.slots = {slot.code: slot for slot in slots or []}
        self.currency = currency
        self.credit = 0
        self.sales = []

    def insert(self, coin):
        if coin not in COINS:
            raise VendError(f"coin {coin} not accepted")
        if self.credit + coin > MAX_CREDIT:
            raise VendError("credit limit reached")
        self.credit += coin
        logger.debug("credit now %s", format_cents(self.credit, self.currency))
        return self.credit

    def select(self, code):
        slot = self.slots.get(code)
        if slot is None:
            raise VendError(f"no slot {code}")
        if self.credit < slot.price:
            missing = format_cents(slot.price - self.credit, self.currency)
            raise VendError(f"insert {missing} more")
        product = slot.take_one()
        change = make_change(self.credit - slot.price)
        self.sales.append(Sale(code, product, slot.price, sum(change)))
        self.credit = 0
        return product, change

    def refund(self):
        coins = make_change(self.credit)
        self.credit = 0
        return coins

    def low_slots(self, threshold=RESTOCK_THRESHOLD):
        return [slot.code for slot in self.slots.values() if slot.count <= threshold]

    def restock(self, code, amount):
        slot = self.slots[code]
        slot.count = min(slot.count + amount, SLOT_CAPACITY)
        return slot.count


def total_takings(sales):
    return sum(sale.paid for sale in sales)


def sales_report(machine, top=3):
    counts = {}
    for sale in machine.sales:
        counts[sale.product] = counts.get(sale.product, 0) + 1
    best = sorted(counts.items(), key=lambda item: item[1], reverse=True)[:top]
    lines = [f"{product}: {sold}" for product, sold in best]
    total = format_cents(total_takings(machine.sales), machine.currency)
    lines.append(f"takings: {total}")
    return "\n".join(lines)


def load_machine(path):
    try:
        data = json.loads(Path(path).read_text())
    except json.JSONDecodeError as err:
        raise VendError(f"{path} is not a machine file") from err
    slots = [Slot(**entry) for entry in data["slots"]]
    return VendingMachine(slots, currency=data.get("currency", "EUR"))


def save_sales(machine, path):
    rows = [vars(sale) for sale in machine.sales]
    Path(path).write_text(json.dumps(rows, indent=2))
    logger.info("saved %d sales to %s", len(rows), path)
