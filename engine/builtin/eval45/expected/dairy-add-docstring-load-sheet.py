"""Deliveries and billing for a dairy's early-morning milk round."""

import csv
from collections import defaultdict
from decimal import Decimal

PRODUCTS = {
    "whole": Decimal("0.95"),
    "semi": Decimal("0.92"),
    "skimmed": Decimal("0.90"),
    "eggs": Decimal("2.40"),
    "butter": Decimal("2.10"),
}
FLOAT_CAPACITY = 600
EMPTIES_DEPOSIT = Decimal("0.20")


class Customer:
    def __init__(self, name, address, standing_order=None):
        self.name = name
        self.address = address
        self.standing_order = dict(standing_order or {})
        self.balance = Decimal("0")
        self.paused = False

    def pause(self):
        self.paused = True

    def add_to_bill(self, amount):
        self.balance += amount
        return self.balance

    def settle(self, payment):
        self.balance -= payment
        return self.balance


class MilkRound:
    def __init__(self, driver, customers=None):
        self.driver = driver
        self.customers = list(customers or [])
        self.empties_collected = 0

    def active_customers(self):
        return [c for c in self.customers if not c.paused]

    def load_sheet(self):
        """Return the total quantity of each product needed for the round."""
        totals = defaultdict(int)
        for customer in self.active_customers():
            for product, qty in customer.standing_order.items():
                totals[product] += qty
        return dict(totals)

    def record_empties(self, count):
        self.empties_collected += count
        return self.empties_collected * EMPTIES_DEPOSIT


def delivery_cost(order, prices=PRODUCTS):
    total = Decimal("0")
    for product, qty in order.items():
        total += prices[product] * qty
    return total


def run_round(milk_round, prices=PRODUCTS):
    if not isinstance(milk_round, MilkRound):
        raise TypeError("run_round needs a milk round")
    sheet = milk_round.load_sheet()
    if sum(sheet.values()) > FLOAT_CAPACITY:
        raise ValueError("the float cannot carry today's load")
    billed = 0
    for customer in milk_round.active_customers():
        customer.add_to_bill(delivery_cost(customer.standing_order, prices))
        billed += 1
    return billed


def import_customers(csv_path):
    customers = []
    with open(csv_path, newline="") as handle:
        for row in csv.DictReader(handle):
            order = {"whole": int(row.get("whole", 0)), "semi": int(row.get("semi", 0))}
            customers.append(Customer(row["name"], row["address"], order))
    return customers


def weekly_statement(customer, deliveries=6):
    cost = delivery_cost(customer.standing_order) * deliveries
    lines = [f"{customer.name}, {customer.address}", f"Deliveries: {deliveries}"]
    lines.append(f"This week: GBP {cost:.2f}")
    lines.append(f"Balance owing: GBP {customer.balance:.2f}")
    return "\n".join(lines)
