"""Barrel orders for a small cooperage: pricing, workshop scheduling and the order book."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date, timedelta

OAK_PRICE_PER_LITRE = 1.85
TOASTING_SURCHARGE = 24.0
STAVES_PER_BARREL = 32
WORKSHOP_DAYS_PER_BARREL = 2
CHAR_LEVELS = ("light", "medium", "heavy", "alligator")


def stave_count(capacity_litres, wide_staves=False):
    """Return how many staves a barrel of this capacity needs."""
    base = STAVES_PER_BARREL
    if capacity_litres > 225:
        base += math.ceil((capacity_litres - 225) / 50)
    if wide_staves:
        base = math.ceil(base * 0.8)
    return base


def barrel_price(capacity_litres, char_level="medium", wide_staves=False):
    """Return the price of one barrel in pounds."""
    if char_level not in CHAR_LEVELS:
        raise ValueError("unknown char level: " + char_level)
    price = capacity_litres * OAK_PRICE_PER_LITRE
    price += stave_count(capacity_litres, wide_staves=wide_staves) * 0.75
    if char_level != "light":
        price += TOASTING_SURCHARGE
    return round(price, 2)


def delivery_date(order_date, barrels, coopers=2):
    """Return the earliest weekday on which the whole order can leave the workshop."""
    working_days = math.ceil(barrels * WORKSHOP_DAYS_PER_BARREL / coopers)
    current = order_date
    while working_days > 0:
        current += timedelta(days=1)
        if current.weekday() < 5:
            working_days -= 1
    return current


def parse_order(line):
    """Build an order from a line such as ``Glenmorran;225;12;heavy``."""
    parts = [part.strip() for part in line.split(";")]
    if len(parts) < 3:
        raise ValueError("an order line needs customer, capacity and quantity")
    char = parts[3] if len(parts) > 3 else "medium"
    return BarrelOrder(parts[0], int(parts[1]), int(parts[2]), char_level=char)


@dataclass
class BarrelOrder:
    customer: str
    capacity_litres: int
    quantity: int
    char_level: str = "medium"
    wide_staves: bool = False
    placed_on: date = field(default_factory=date.today)

    def unit_price(self):
        return barrel_price(self.capacity_litres, self.char_level, self.wide_staves)

    def total(self):
        return round(self.unit_price() * self.quantity, 2)

    def ready_by(self, coopers=2):
        return delivery_date(self.placed_on, self.quantity, coopers=coopers)


class OrderBook:
    """All open barrel orders for the workshop."""

    def __init__(self, workshop_name, coopers=2):
        self.workshop_name = workshop_name
        self.coopers = coopers
        self.open_orders = []
        self.completed = []

    def add_order(self, order):
        if order.quantity <= 0:
            raise ValueError("an order needs at least one barrel")
        self.open_orders.append(order)
        return len(self.open_orders)

    def add_lines(self, lines):
        added = 0
        for line in lines:
            if line.strip() and not line.startswith("#"):
                self.add_order(parse_order(line))
                added += 1
        return added

    def complete(self, customer):
        remaining = []
        for order in self.open_orders:
            if order.customer == customer:
                self.completed.append(order)
            else:
                remaining.append(order)
        self.open_orders = remaining
        return len(self.completed)

    def outstanding_value(self):
        return round(sum(order.total() for order in self.open_orders), 2)

    def schedule(self):
        lines = []
        for order in sorted(self.open_orders, key=lambda o: o.placed_on):
            ready = order.ready_by(self.coopers)
            lines.append(
                "%s: %d x %dL by %s"
                % (order.customer, order.quantity, order.capacity_litres, ready.strftime("%d %b"))
            )
        return "\n".join(lines)
