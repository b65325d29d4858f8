"""Order book for a ropemaker: laid ropes, cordage and splicing work."""

import json
from dataclasses import dataclass
from pathlib import Path

FIBRE_PRICES = {"manila": 2.4, "hemp": 3.1, "polyester": 1.6, "nylon": 1.9}
STRANDS_DEFAULT = 3
SPLICE_FEE = 12.5
WASTE_FACTOR = 1.08
ORDERS_FILE = Path("orders.json")


@dataclass
class RopeSpec:
    fibre: str
    diameter_mm: int
    length_m: float
    strands: int = STRANDS_DEFAULT

    def weight_kg(self):
        return round(0.00075 * self.diameter_mm**2 * self.length_m, 2)


class RopeOrder:
    def __init__(self, customer, spec, splices=0):
        self.customer = customer
        self.spec = spec
        self.splices = splices
        self.status = "open"
        self.price = None

    def fibre_cost(self):
        rate = FIBRE_PRICES[self.spec.fibre]
        return rate * self.spec.length_m * (self.spec.diameter_mm / 10) * WASTE_FACTOR

    def walk_length(self):
        return rope_walk_length(self.spec.length_m, strands=self.spec.strands)

    def finalise(self, markup=0.2):
        base = self.fibre_cost() + self.splices * SPLICE_FEE
        self.price = round(base * (1 + markup), 2)
        self.status = "priced"
        return self.price

    def dispatch(self):
        if self.status != "priced":
            raise ValueError(f"order for {self.customer} has not been priced")
        self.status = "dispatched"
        return self.customer

    def to_record(self):
        return {
            "customer": self.customer,
            "fibre": self.spec.fibre,
            "diameter_mm": self.spec.diameter_mm,
            "length_m": self.spec.length_m,
            "splices": self.splices,
            "status": self.status,
            "price": self.price,
        }


def rope_walk_length(length_m, strands=STRANDS_DEFAULT, take_up=0.3):
    return round(length_m * (1 + take_up) * (1 + 0.02 * strands), 1)


def price_orders(orders, markup=0.2, currency="GBP"):
    total = 0.0
    for order in orders:
        total += order.finalise(markup=markup)
    return round(total, 2)


def save_orders(orders, path=ORDERS_FILE):
    total = price_orders(orders, currency="GBP")
    records = [order.to_record() for order in orders]
    path.write_text(json.dumps({"total": total, "orders": records}, indent=2))
    return len(records)


def load_orders(path=ORDERS_FILE):
    data = json.loads(path.read_text())
    orders = []
    for record in data["orders"]:
        spec = RopeSpec(record["fibre"], record["diameter_mm"], record["length_m"])
        order = RopeOrder(record["customer"], spec, splices=record["splices"])
        order.status = record["status"]
        order.price = record["price"]
        orders.append(order)
    return orders
