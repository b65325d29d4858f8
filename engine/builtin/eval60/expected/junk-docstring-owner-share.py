"""Consignment ledger for a junk shop: items left on sale by their owners."""

import datetime
import re

SHOP_COMMISSION = 0.35
MIN_PAYOUT = 5.00
CONSIGNMENT_DAYS = 60
TAG_PATTERN = re.compile(r"^J(\d{4})$")


def parse_tag(tag):
    match = TAG_PATTERN.match(tag.strip().upper())
    if match is None:
        raise ValueError("bad tag: " + tag)
    return int(match.group(1))


def owner_share(sale_price, commission=SHOP_COMMISSION):
    """Return the consignor's share of a sale after the shop's commission."""
    return round(sale_price * (1 - commission), 2)


def markdown_price(price, days_on_shelf, step=0.1, floor=1.0):
    cuts = days_on_shelf // 21
    reduced = price * (1 - step) ** cuts
    return max(round(reduced, 2), floor)


class Consignor:
    def __init__(self, name, phone=""):
        self.name = name
        self.phone = phone
        self.owed = 0.0
        self.paid = 0.0

    def credit(self, amount):
        self.owed = round(self.owed + amount, 2)

    def settle(self):
        if self.owed < MIN_PAYOUT:
            return 0.0
        payout = self.owed
        self.paid += payout
        self.owed = 0.0
        return payout


class ConsignmentItem:
    def __init__(self, tag, description, consignor, asking, received):
        self.number = parse_tag(tag)
        self.description = description
        self.consignor = consignor
        self.asking = asking
        self.received = received
        self.sold_for = None

    def expires(self):
        return self.received + datetime.timedelta(days=CONSIGNMENT_DAYS)

    def current_price(self, today):
        return markdown_price(self.asking, (today - self.received).days)

    def sell(self, today, price=None):
        if self.sold_for is not None:
            raise ValueError("already sold")
        self.sold_for = price if price is not None else self.current_price(today)
        self.consignor.credit(owner_share(self.sold_for))
        return self.sold_for


def register_items(rows, consignors):
    items = []
    for row in rows:
        consignor = consignors.setdefault(row["owner"], Consignor(row["owner"]))
        received = datetime.date.fromisoformat(row["received"])
        items.append(ConsignmentItem(row["tag"], row["description"], consignor, float(row["asking"]), received))
    return items


def overdue_items(items, today):
    return [item for item in items if item.sold_for is None and today > item.expires()]


def weekly_payouts(consignors):
    payouts = {}
    for name, consignor in consignors.items():
        amount = consignor.settle()
        if amount:
            payouts[name] = amount
    return payouts


def shop_report(items, consignors, today):
    unsold = overdue_items(items, today)
    payouts = weekly_payouts(consignors)
    return {"overdue": [item.number for item in unsold], "payouts": payouts}
