"""Order handling for a small kite-making workshop."""

import math
from dataclasses import dataclass, field
from datetime import date, timedelta

SAIL_CLOTH_PRICE = 14.5
SPAR_PRICE = 3.25
RUSH_SURCHARGE = 0.2
MAX_KITES_PER_ORDER = 12
LEAD_DAYS = 10
SHAPES = ("diamond", "delta", "box", "sled")


@dataclass
class KiteSpec:
    shape: str
    span_cm: int
    colours: list = field(default_factory=list)
    tail: bool = True

    def sail_area(self):
        if self.shape == "box":
            return 2 * (self.span_cm / 100) ** 2
        return 0.5 * (self.span_cm / 100) ** 2

    def spar_count(self):
        if self.shape in ("diamond", "sled"):
            return 2
        return 4


def price_kite(spec, express=False):
    cloth = spec.sail_area() * SAIL_CLOTH_PRICE
    spars = spec.spar_count() * SPAR_PRICE
    total = cloth + spars
    if spec.tail:
        total += 2.0
    if express:
        total *= 1 + RUSH_SURCHARGE
    return round(total, 2)


def due_date(placed_on, quantity, rush=False):
    days = LEAD_DAYS + math.ceil(quantity / 4)
    if rush:
        days = max(3, days // 2)
    return placed_on + timedelta(days=days)


def validate_spec(spec, min_span=40):
    if spec.shape not in SHAPES:
        raise ValueError(f"unknown shape: {spec.shape}")
    if spec.span_cm < min_span:
        raise ValueError("span too small")
    return True


class KiteOrder:
    def __init__(self, customer, placed_on=None, rush=False):
        self.customer = customer
        self.placed_on = placed_on or date.today()
        self.rush = rush
        self.kites = []
        self.paid = 0.0

    def add_kite(self, spec, quantity=1):
        validate_spec(spec)
        if len(self.kites) + quantity > MAX_KITES_PER_ORDER:
            raise ValueError("order too large")
        for _ in range(quantity):
            self.kites.append(spec)

    def total(self):
        return round(sum(price_kite(k, express=self.rush) for k in self.kites), 2)

    def balance(self):
        return round(self.total() - self.paid, 2)

    def record_payment(self, amount):
        if amount <= 0:
            raise ValueError("payment must be positive")
        self.paid += amount
        return self.balance()

    def ready_by(self):
        return due_date(self.placed_on, len(self.kites), rush=self.rush)

    def spare_spars(self):
        return sum(k.spar_count() for k in self.kites) // 5

    def summary(self):
        shapes = {}
        for kite in self.kites:
            shapes[kite.shape] = shapes.get(kite.shape, 0) + 1
        lines = [f"Order for {self.customer}"]
        for shape, count in sorted(shapes.items()):
            lines.append(f"  {count} x {shape}")
        lines.append(f"  total: {self.total():.2f}")
        lines.append(f"  ready by: {self.ready_by().isoformat()}")
        return "\n".join(lines)


def quote_batch(specs, rush=False):
    order = KiteOrder("quote", rush=rush)
    for spec in specs:
        order.add_kite(spec)
    return order.total()
