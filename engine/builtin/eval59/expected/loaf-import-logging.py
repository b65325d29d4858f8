"""Bread orders for the Millbrook village bakery."""

import csv
import logging
from datetime import date, timedelta

OVEN_CAPACITY = 48
LOAF_PRICES = {
    "white": 2.10,
    "wholemeal": 2.40,
    "sourdough": 3.80,
    "rye": 3.20,
    "seeded": 2.90,
}
DISCOUNT_THRESHOLD = 12
BULK_DISCOUNT = 0.1
SLICING_CHARGE = 0.15


def loaf_price(kind, sliced=False):
    base = LOAF_PRICES[kind]
    if sliced:
        base += SLICING_CHARGE
    return round(base, 2)


def order_total(lines, discount=BULK_DISCOUNT, threshold=DISCOUNT_THRESHOLD):
    total = 0.0
    count = 0
    for kind, quantity, sliced in lines:
        total += loaf_price(kind, sliced) * quantity
        count += quantity
    if count >= threshold:
        total *= 1 - discount
    return round(total, 2)


def bake_batches(quantity, capacity=OVEN_CAPACITY, oven="main"):
    full, rest = divmod(quantity, capacity)
    return full + (1 if rest else 0)


def next_bake_day(today, closed_days=(6,)):
    day = today + timedelta(days=1)
    while day.weekday() in closed_days:
        day += timedelta(days=1)
    return day


class BreadOrder:
    def __init__(self, customer, collect_on, standing=False):
        self.customer = customer
        self.collect_on = collect_on
        self.standing = standing
        self.lines = []

    def add_loaf(self, kind, quantity=1, sliced=False):
        if kind not in LOAF_PRICES:
            raise KeyError("we do not bake " + kind)
        self.lines.append((kind, quantity, sliced))

    def loaf_count(self):
        return sum(quantity for _, quantity, _ in self.lines)

    def total(self):
        return order_total(self.lines)


class OrderBook:
    def __init__(self, shop_name="Millbrook Bakery"):
        self.shop_name = shop_name
        self.orders = []

    def take(self, order):
        self.orders.append(order)
        return len(self.orders)

    def due_on(self, day):
        return [order for order in self.orders if order.collect_on == day]

    def due_today(self):
        return self.due_on(date.today())

    def bake_sheet(self, day):
        needed = {}
        for order in self.due_on(day):
            for kind, quantity, _ in order.lines:
                needed[kind] = needed.get(kind, 0) + quantity
        return {kind: (count, bake_batches(count, oven="main")) for kind, count in needed.items()}

    def roll_standing_orders(self, today):
        rolled = 0
        for order in list(self.orders):
            if order.standing and order.collect_on == today:
                repeat = BreadOrder(order.customer, next_bake_day(today), standing=True)
                repeat.lines = list(order.lines)
                self.orders.append(repeat)
                rolled += 1
        return rolled

    def export_csv(self, path, day):
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["customer", "loaves", "total"])
            for order in self.due_on(day):
                writer.writerow([order.customer, order.loaf_count(), order.total()])
        return path
