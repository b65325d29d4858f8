"""Custom order intake for a one-person surfboard shaping bay."""

import math
from dataclasses import dataclass

FOAM_BLANK_LENGTHS = (6.0, 6.5, 7.0, 7.5, 8.0, 9.0, 9.5)
BASE_PRICE = 650
GLASS_SCHEDULES = {"light": 0, "standard": 60, "heavy": 140}
FIN_SETUP_PRICES = {"thruster": 45, "quad": 60, "twin": 40, "single": 35}
DEPOSIT_RATE = 0.3
WEEKLY_CAPACITY = 5


def feet_to_decimal(length):
    feet, _, inches = length.partition("'")
    inches = inches.strip('"') or "0"
    return int(feet) + int(inches) / 12


def pick_blank(length_ft, margin=0.25):
    for blank in FOAM_BLANK_LENGTHS:
        if blank >= length_ft + margin:
            return blank
    raise ValueError(f"no blank long enough for {length_ft:.2f} ft")


def estimate_volume(length_ft, width_in, thickness_in, shape_factor=0.58):
    length_in = length_ft * 12
    cubic_inches = length_in * width_in * thickness_in * shape_factor
    return round(cubic_inches * 0.0163871, 1)


def price_order(order, rush=False, shop_notes=None):
    total = BASE_PRICE + GLASS_SCHEDULES[order.glass] + FIN_SETUP_PRICES[order.fins]
    if order.length_ft > 8:
        total += 120
    if rush:
        total = math.ceil(total * 1.25)
    return total


@dataclass
class BoardOrder:
    customer: str
    length: str
    width_in: float
    thickness_in: float
    glass: str = "standard"
    fins: str = "thruster"

    @property
    def length_ft(self):
        return feet_to_decimal(self.length)

    def volume(self):
        return estimate_volume(self.length_ft, self.width_in, self.thickness_in)


class ShapingQueue:
    def __init__(self, shaper, capacity=WEEKLY_CAPACITY):
        self.shaper = shaper
        self.capacity = capacity
        self.orders = []
        self.notes = {}
        self.deposits = {}

    def take_order(self, order, rush=False):
        if len(self.orders) >= self.capacity:
            raise RuntimeError(f"{self.shaper} is booked up this week")
        blank = pick_blank(order.length_ft)
        total = price_order(order, rush=rush, shop_notes=self.notes.get(order.customer))
        print(f"quote for {order.customer}: {total}")
        deposit = round(total * DEPOSIT_RATE, 2)
        self.orders.append(order)
        self.deposits[order.customer] = deposit
        return {"blank": blank, "total": total, "deposit": deposit}

    def add_note(self, customer, text):
        self.notes.setdefault(customer, []).append(text)

    def balance_due(self, customer, rush=False):
        order = next(o for o in self.orders if o.customer == customer)
        total = price_order(order, rush=rush)
        return round(total - self.deposits.get(customer, 0), 2)

    def cancel(self, customer):
        remaining = [o for o in self.orders if o.customer != customer]
        refunded = self.deposits.pop(customer, 0)
        self.orders = remaining
        return refunded

    def cut_sheet(self):
        lines = [f"Cut sheet for {self.shaper}"]
        for order in sorted(self.orders, key=lambda o: o.length_ft, reverse=True):
            lines.append(
                f"{order.customer}: {order.length} x {order.width_in} x {order.thickness_in}"
                f" ({order.volume()} L, {order.fins})"
            )
        return "\n".join(lines)
