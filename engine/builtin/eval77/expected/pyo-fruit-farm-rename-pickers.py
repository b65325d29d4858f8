"""Weigh and price baskets at a pick-your-own fruit farm."""

import math
from datetime import date

PRICE_PER_KG = {"strawberry": 6.5, "raspberry": 9.0, "blueberry": 11.0, "plum": 3.2}
CONTAINER_TARE_G = 180
ENTRY_FEE = 2.0
FIELD_CAPACITY = 120
SEASON_START = date(2024, 6, 1)


def basket_price(fruit, gross_g, tare_g=CONTAINER_TARE_G, discount=0.0):
    net_kg = max(gross_g - tare_g, 0) / 1000
    unit = PRICE_PER_KG.get(fruit, 0.0)
    price = net_kg * unit * (1 - discount)
    return round(price, 2)


def round_to_coins(amount, coin=0.05):
    steps = math.ceil(amount / coin - 1e-9)
    return round(steps * coin, 2)


def visit_total(baskets, entry_fee=ENTRY_FEE, discount=0.0):
    subtotal = 0.0
    for fruit, gross_g in baskets:
        subtotal += basket_price(fruit, gross_g, discount=discount)
    if subtotal < entry_fee * 5:
        subtotal += entry_fee
    return round_to_coins(subtotal)


class FruitField:
    def __init__(self, name, fruit, rows, capacity=FIELD_CAPACITY):
        self.name = name
        self.fruit = fruit
        self.rows = rows
        self.capacity = capacity
        self.picker_count = 0
        self.closed_rows = set()

    def open_rows(self):
        return [row for row in range(1, self.rows + 1) if row not in self.closed_rows]

    def close_row(self, row):
        if 1 <= row <= self.rows:
            self.closed_rows.add(row)

    def admit(self, party_size):
        if not self.open_rows():
            return False
        if self.picker_count + party_size > self.capacity:
            return False
        self.picker_count += party_size
        return True

    def leave(self, party_size):
        self.picker_count = max(self.picker_count - party_size, 0)


class FarmGate:
    def __init__(self, fields, loyalty_discount=0.1):
        self.fields = {field.name: field for field in fields}
        self.loyalty_discount = loyalty_discount
        self.takings = 0.0
        self.visits = []

    def days_into_season(self, today):
        return (today - SEASON_START).days

    def check_in(self, field_name, party_size):
        field = self.fields.get(field_name)
        if field is None:
            return False
        return field.admit(party_size)

    def check_out(self, field_name, party_size, baskets, loyal=False):
        discount = self.loyalty_discount if loyal else 0.0
        amount = visit_total(baskets, discount=discount)
        self.fields[field_name].leave(party_size)
        self.takings += amount
        self.visits.append((field_name, party_size, amount))
        return amount

    def busiest_field(self):
        if not self.fields:
            return None
        return max(self.fields.values(), key=lambda field: field.picker_count)


def build_gate(field_specs, loyalty_discount=0.1):
    fields = [FruitField(name, fruit, rows) for name, fruit, rows in field_specs]
    return FarmGate(fields, loyalty_discount=loyalty_discount)
