"""Take and price orders at a shop selling maps and charts."""

import json
from decimal import Decimal

SHEET_PRICES = {
    "explorer": Decimal("10.99"),
    "landranger": Decimal("9.50"),
    "chart": Decimal("24.00"),
}
LAMINATION_FEE = Decimal("6.00")
FREE_POSTAGE_OVER = Decimal("40.00")
POSTAGE = Decimal("3.95")
VAT_RATE = Decimal("0.20")


def sheet_price(series, laminated=False):
    price = SHEET_PRICES[series]
    if laminated:
        price += LAMINATION_FEE
    return price


def postage_for(subtotal, overseas=False, express=False):
    if overseas:
        return POSTAGE * 3
    if subtotal >= FREE_POSTAGE_OVER:
        return Decimal("0.00")
    return POSTAGE


def vat_portion(gross, rate=VAT_RATE):
    return (gross * rate / (1 + rate)).quantize(Decimal("0.01"))


def format_sheet(series, number, edition=None):
    label = f"{series.title()} {number}"
    if edition:
        label += f" ({edition})"
    return label


class OrderLine:
    def __init__(self, series, number, quantity=1, laminated=False):
        self.series = series
        self.number = number
        self.quantity = quantity
        self.laminated = laminated

    def cost(self):
        return sheet_price(self.series, self.laminated) * self.quantity

    def describe(self):
        label = format_sheet(self.series, self.number)
        if self.laminated:
            label += " laminated"
        return f"{self.quantity} x {label}"


class MapOrder:
    def __init__(self, customer, overseas=False):
        self.customer = customer
        self.overseas = overseas
        self.lines = []
        self.status = "open"

    def add(self, series, number, quantity=1, laminated=False):
        if series not in SHEET_PRICES:
            raise KeyError(series)
        quantity = max(quantity, 1)
        line = OrderLine(series, number, quantity, laminated)
        self.lines.append(line)
        return line

    def subtotal(self):
        return sum((line.cost() for line in self.lines), Decimal("0.00"))

    def total(self):
        subtotal = self.subtotal()
        return subtotal + postage_for(subtotal, overseas=self.overseas)

    def dispatch(self, courier="Royal Mail"):
        if not self.lines:
            raise ValueError("nothing to dispatch")
        self.status = "dispatched"
        return f"{self.customer}: {len(self.lines)} lines via {courier}"

    def to_json(self):
        payload = {
            "customer": self.customer,
            "status": self.status,
            "lines": [line.describe() for line in self.lines],
            "total": str(self.total()),
        }
        return json.dumps(payload)


def load_orders(path, currency="GBP"):
    with open(path) as handle:
        raw = json.load(handle)
    orders = []
    for entry in raw:
        order = MapOrder(entry["customer"], entry.get("overseas", False))
        for item in entry["items"]:
            order.add(item["series"], item["number"], item.get("quantity", 1))
        orders.append(order)
    return orders


def takings(orders, include_vat=True):
    gross = sum((order.total() for order in orders), Decimal("0.00"))
    if include_vat:
        return gross
    return gross - vat_portion(gross)
