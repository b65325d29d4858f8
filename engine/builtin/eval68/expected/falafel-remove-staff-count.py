"""Order queue and till for the falafel van at the Saturday market."""

from __future__ import annotations

import itertools
from collections import Counter
from decimal import Decimal

VAT_RATE = Decimal("0.20")
WRAP_PRICE = Decimal("6.50")
BOX_PRICE = Decimal("8.00")
EXTRA_PRICES = {"halloumi": Decimal("1.50"), "hummus": Decimal("0.80"), "chilli": Decimal("0.30")}
QUEUE_WARNING = 12

_ticket_numbers = itertools.count(1)


class Order:
    def __init__(self, customer, item="wrap", extras=None):
        self.ticket = next(_ticket_numbers)
        self.customer = customer
        self.item = item
        self.extras = list(extras or [])
        self.status = "waiting"

    def base_price(self):
        return BOX_PRICE if self.item == "box" else WRAP_PRICE

    def total(self):
        extras_cost = sum((EXTRA_PRICES.get(extra, Decimal("0")) for extra in self.extras), Decimal("0"))
        return self.base_price() + extras_cost

    def label(self):
        extras = ", ".join(self.extras) if self.extras else "plain"
        return f"#{self.ticket} {self.customer}: {self.item} ({extras})"


class OrderQueue:
    def __init__(self, van_name="Falafel Express"):
        self.van_name = van_name
        self.pending = []
        self.served = []

    def place(self, customer, item="wrap", extras=None):
        order = Order(customer, item, extras)
        self.pending.append(order)
        if len(self.pending) > QUEUE_WARNING:
            print(f"{self.van_name}: queue is long ({len(self.pending)} orders)")
        return order

    def serve_next(self):
        if not self.pending:
            return None
        order = self.pending.pop(0)
        order.status = "served"
        self.served.append(order)
        return order

    def takings(self):
        return sum((order.total() for order in self.served), Decimal("0"))


def vat_portion(gross, rate=VAT_RATE):
    net = gross / (1 + rate)
    return (gross - net).quantize(Decimal("0.01"))


def popular_extras(orders, top=3):
    counts = Counter(extra for order in orders for extra in order.extras)
    return [name for name, _ in counts.most_common(top)]


def format_receipt(order, currency="£", show_vat=True):
    lines = [order.label(), f"Total: {currency}{order.total():.2f}"]
    if show_vat:
        lines.append(f"incl. VAT {currency}{vat_portion(order.total()):.2f}")
    return "\n".join(lines)


def close_of_day(queue, currency="£"):
    while queue.pending:
        queue.serve_next()
    gross = queue.takings()
    report = [
        f"{queue.van_name} close of day",
        f"Orders served: {len(queue.served)}",
        f"Gross: {currency}{gross:.2f}",
        f"VAT: {currency}{vat_portion(gross):.2f}",
        f"Favourite extras: {', '.join(popular_extras(queue.served)) or 'none'}",
    ]
    return "\n".join(report)


def demo_market_day():
    queue = OrderQueue()
    queue.place("Amira", "box", ["halloumi", "hummus"])
    queue.place("Ben")
    queue.place("Chloe", "wrap", ["chilli"])
    first = queue.serve_next()
    print(format_receipt(first))
    print(close_of_day(queue))
