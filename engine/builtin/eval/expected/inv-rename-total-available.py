"""Stock levels across warehouses, with reservations and reorder alerts."""

from dataclasses import dataclass, field
from datetime import datetime

LOW_STOCK_THRESHOLD = 5
DEFAULT_WAREHOUSE = "main"


class OutOfStock(Exception):
    def __init__(self, sku, wanted, available):
        super().__init__(f"{sku}: wanted {wanted}, only {available} available")
        self.sku = sku
        self.wanted = wanted
        self.available = available


@dataclass
class Product:
    sku: str
    name: str
    unit_price: float
    reorder_level: int = LOW_STOCK_THRESHOLD

    def label(self):
        return f"{self.sku} {self.name} @ {self.unit_price:.2f}"


@dataclass
class Movement:
    sku: str
    quantity: int
    reason: str
    at: datetime = field(default_factory=datetime.now)


class Warehouse:
    def __init__(self, name=DEFAULT_WAREHOUSE):
        self.name = name
        self.on_hand = {}
        self.reserved = {}
        self.movements = []

    def available(self, sku):
        return self.on_hand.get(sku, 0) - self.reserved.get(sku, 0)

    def receive(self, sku, quantity):
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        self.on_hand[sku] = self.on_hand.get(sku, 0) + quantity
        self.movements.append(Movement(sku, quantity, "received"))

    def reserve(self, sku, quantity):
        free = self.available(sku)
        if quantity > free:
            raise OutOfStock(sku, quantity, free)
        self.reserved[sku] = self.reserved.get(sku, 0) + quantity

    def release(self, sku, quantity):
        held = self.reserved.get(sku, 0)
        self.reserved[sku] = max(0, held - quantity)

    def ship(self, sku, quantity):
        if self.reserved.get(sku, 0) < quantity:
            raise OutOfStock(sku, quantity, self.reserved.get(sku, 0))
        self.reserved[sku] -= quantity
        self.on_hand[sku] -= quantity
        self.movements.append(Movement(sku, -quantity, "shipped"))


class Inventory:
    def __init__(self, products):
        self.products = {product.sku: product for product in products}
        self.warehouses = {DEFAULT_WAREHOUSE: Warehouse()}

    def warehouse(self, name):
        if name not in self.warehouses:
            self.warehouses[name] = Warehouse(name)
        return self.warehouses[name]

    def available_everywhere(self, sku):
        return sum(house.available(sku) for house in self.warehouses.values())

    def low_stock(self):
        alerts = []
        for sku, product in sorted(self.products.items()):
            if self.available_everywhere(sku) <= product.reorder_level:
                alerts.append(product)
        return alerts

    def stock_value(self):
        value = 0.0
        for house in self.warehouses.values():
            for sku, count in house.on_hand.items():
                value += count * self.products[sku].unit_price
        return round(value, 2)

    def allocate(self, sku, quantity):
        for house in sorted(self.warehouses.values(), key=lambda h: -h.available(sku)):
            if house.available(sku) >= quantity:
                house.reserve(sku, quantity)
                return house.name
        raise OutOfStock(sku, quantity, self.available_everywhere(sku))
