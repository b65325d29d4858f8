"""Order book for a village blacksmith's forge."""

import json
from decimal import Decimal
from pathlib import Path

COAL_KG_PER_HOUR = 6
COAL_PRICE_PER_KG = Decimal("0.85")
LABOUR_RATE = Decimal("38.00")
ORDER_FILE = Path("forge_orders.json")
STATUSES = ("quoted", "forging", "finishing", "collected")

STEEL_PRICES = {
    "mild": Decimal("2.40"),
    "tool": Decimal("7.90"),
    "damascus": Decimal("31.00"),
}


def material_cost(steel, weight_kg, waste=0.15):
    price = STEEL_PRICES[steel]
    return (price * Decimal(str(weight_kg)) * Decimal(str(1 + waste))).quantize(Decimal("0.01"))


def forge_hours(weight_kg, pieces=1, complexity=1.0):
    hours = 0.75 + weight_kg * 0.8 * complexity
    return round(hours * pieces, 1)


def quote_order(steel, weight_kg, pieces=1, complexity=1.0, customer=None):
    hours = forge_hours(weight_kg, pieces=pieces, complexity=complexity)
    coal = Decimal(str(hours * COAL_KG_PER_HOUR)) * COAL_PRICE_PER_KG
    labour = LABOUR_RATE * Decimal(str(hours))
    total = material_cost(steel, weight_kg * pieces) + coal + labour
    return total.quantize(Decimal("0.01"))


class ForgeOrder:
    def __init__(self, number, customer, item, steel="mild", weight_kg=1.0, pieces=1):
        self.number = number
        self.customer = customer
        self.item = item
        self.steel = steel
        self.weight_kg = weight_kg
        self.pieces = pieces
        self.status = STATUSES[0]
        self.price = quote_order(steel, weight_kg, pieces=pieces, customer=customer)

    def advance(self):
        position = STATUSES.index(self.status)
        if position == len(STATUSES) - 1:
            raise ValueError(f"order {self.number} already collected")
        self.status = STATUSES[position + 1]
        return self.status

    def to_dict(self):
        return {
            "number": self.number,
            "customer": self.customer,
            "item": self.item,
            "steel": self.steel,
            "weight_kg": self.weight_kg,
            "pieces": self.pieces,
            "status": self.status,
            "price": str(self.price),
        }


class OrderBook:
    def __init__(self, path=ORDER_FILE):
        self.path = path
        self.orders = {}
        self.next_number = 1

    def take_order(self, customer, item, steel="mild", weight_kg=1.0, pieces=1):
        order = ForgeOrder(self.next_number, customer, item, steel, weight_kg, pieces)
        self.orders[order.number] = order
        self.next_number += 1
        return order

    def in_progress(self):
        return [o for o in self.orders.values() if o.status in ("forging", "finishing")]

    def coal_needed(self):
        total = 0.0
        for order in self.in_progress():
            total += forge_hours(order.weight_kg, pieces=order.pieces) * COAL_KG_PER_HOUR
        return round(total, 1)

    def save(self):
        data = [order.to_dict() for order in self.orders.values()]
        self.path.write_text(json.dumps(data, indent=2))
        return len(data)

    def load(self):
        raw = json.loads(self.path.read_text())
        for entry in raw:
            order = ForgeOrder(entry["number"], entry["customer"], entry["item"],
                               entry["steel"], entry["weight_kg"], entry["pieces"])
            order.status = entry["status"]
            self.orders[order.number] = order
        self.next_number = max(self.orders, default=0) + 1
        return len(raw)
