"""Till for the café on the island ferry."""

import json
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

VAT_RATE = Decimal("0.20")
CREW_DISCOUNT = Decimal("0.25")
CURRENCY = "GBP"
MAX_TAB_ITEMS = 40

MENU = {
    "tea": Decimal("1.80"),
    "coffee": Decimal("2.40"),
    "bacon roll": Decimal("4.50"),
    "flapjack": Decimal("2.10"),
    "crisps": Decimal("1.20"),
}


def to_pence(amount):
    return int((amount * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def price_of(item, menu=MENU):
    key = item.strip().lower()
    if key not in menu:
        raise KeyError(f"not on the menu: {item}")
    return menu[key]


def apply_discount(total, rate, crossing_id):
    discounted = total * (1 - rate)
    return discounted.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@dataclass
class Tab:
    crossing_id: str
    items: list = field(default_factory=list)
    crew: bool = False

    def add(self, item, quantity=1):
        if len(self.items) + quantity > MAX_TAB_ITEMS:
            raise ValueError("tab is full")
        for _ in range(quantity):
            self.items.append(item)

    def subtotal(self):
        return sum((price_of(item) for item in self.items), Decimal("0"))

    def total(self):
        amount = self.subtotal()
        if self.crew:
            amount = apply_discount(amount, CREW_DISCOUNT, self.crossing_id)
        return amount


class Till:
    def __init__(self, operator, float_amount=Decimal("50.00")):
        self.operator = operator
        self.float_amount = float_amount
        self.cash = float_amount
        self.card_total = Decimal("0")
        self.receipts = []

    def settle(self, tab, paid_by="card", tendered=None):
        amount = tab.total()
        print("settling", tab.crossing_id, amount)
        if paid_by == "cash":
            if tendered is None or tendered < amount:
                raise ValueError("not enough cash tendered")
            change = tendered - amount
            self.cash += amount
        else:
            change = Decimal("0")
            self.card_total += amount
        self.receipts.append((tab.crossing_id, amount, paid_by))
        return change

    def vat_collected(self, rate=VAT_RATE):
        gross = sum((amount for _, amount, _ in self.receipts), Decimal("0"))
        return (gross * rate / (1 + rate)).quantize(Decimal("0.01"))

    def takings_by_crossing(self):
        totals = {}
        for crossing_id, amount, _ in self.receipts:
            totals[crossing_id] = totals.get(crossing_id, Decimal("0")) + amount
        return totals

    def cash_up(self):
        counted = self.cash - self.float_amount
        return {
            "operator": self.operator,
            "cash": str(counted),
            "card": str(self.card_total),
            "currency": CURRENCY,
            "receipts": len(self.receipts),
            "vat_pence": to_pence(self.vat_collected()),
        }


def export_cash_up(till, path, indent=4):
    report = till.cash_up()
    with open(path, "w") as handle:
        json.dump(report, handle, indent=indent)
    return report
