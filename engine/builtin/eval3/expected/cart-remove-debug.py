"""A shopping cart: line items, discount codes, shipping and tax at checkout."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

logger = logging.getLogger(__name__)

TAX_RATE = Decimal("0.08")
FREE_SHIPPING_OVER = Decimal("50.00")
FLAT_SHIPPING = Decimal("5.99")
MAX_QUANTITY = 20
PENNY = Decimal("0.01")


class CartError(Exception):
    """Raised when the cart cannot take a line or a code."""


@dataclass
class LineItem:
    sku: str
    name: str
    unit_price: Decimal
    quantity: int = 1

    def subtotal(self) -> Decimal:
        return self.unit_price * self.quantity


@dataclass
class Discount:
    code: str
    percent: int = 0
    amount_off: Decimal = Decimal("0")
    minimum_spend: Decimal = Decimal("0")

    def applies_to(self, total):
        return total >= self.minimum_spend

    def amount_for(self, total):
        if not self.applies_to(total):
            return Decimal("0")
        cut = round_price(total * self.percent / 100) + self.amount_off
        return min(cut, total)


def round_price(value) -> Decimal:
    return Decimal(value).quantize(PENNY, rounding=ROUND_HALF_UP)


class Cart:
    def __init__(self, customer, currency="USD"):
        self.customer = customer
        self.currency = currency
        self.items: dict[str, LineItem] = {}
        self.discount: Discount | None = None

    def add(self, sku, name, unit_price, quantity=1):
        line = self.items.get(sku)
        if line is None:
            line = LineItem(sku, name, round_price(unit_price), 0)
            self.items[sku] = line
        if line.quantity + quantity > MAX_QUANTITY:
            raise CartError(f"at most {MAX_QUANTITY} of {name} per order")
        line.quantity += quantity
        return line

    def remove(self, sku):
        del self.items[sku]

    def apply_code(self, discount: Discount):
        if not discount.applies_to(self.items_total()):
            raise CartError(f"{discount.code} needs a spend of {discount.minimum_spend}")
        self.discount = discount

    def items_total(self):
        return sum((line.subtotal() for line in self.items.values()), Decimal("0"))

    def shipping(self, total):
        if not self.items or total >= FREE_SHIPPING_OVER:
            return Decimal("0")
        return FLAT_SHIPPING

    def checkout_total(self, include_tax=True):
        total = self.items_total()
        if self.discount is not None:
            total -= self.discount.amount_for(total)
        total += self.shipping(total)
        if include_tax:
            total += total * TAX_RATE
        return round_price(total)


def parse_discount(text):
    code, _, rest = text.partition(":")
    code = code.strip().upper()
    if rest.endswith("%"):
        return Discount(code, percent=int(rest[:-1]))
    return Discount(code, amount_off=round_price(rest or "0"))


def receipt_lines(cart, width=40):
    lines = [f" {cart.customer} ".center(width, "-")]
    for line in cart.items.values():
        label = f"{line.quantity} x {line.name}"
        lines.append(f"{label:<{width - 10}}{line.subtotal():>10}")
    if cart.discount is not None:
        saved = cart.discount.amount_for(cart.items_total())
        lines.append(f"{'Code ' + cart.discount.code:<{width - 10}}{-saved:>10}")
    lines.append(f"{'Total':<{width - 10}}{cart.checkout_total():>10}")
    return lines
