"""Garment tags and ticket tracking for a dry-cleaning shop."""

import itertools
import string
from datetime import datetime, timedelta

TAG_PREFIX = "DC"
TAG_DIGITS = 5
STANDARD_TURNAROUND_HOURS = 48
EXPRESS_TURNAROUND_HOURS = 8
DELICATE_FABRICS = {"silk", "wool", "cashmere", "velvet"}
BASE_PRICES = {"shirt": 3.5, "suit": 14.0, "dress": 11.0, "coat": 16.5}

_counter = itertools.count(1)


def make_tag_code(number, prefix=TAG_PREFIX):
    digits = str(number).zfill(TAG_DIGITS)
    check = string.ascii_uppercase[sum(int(d) for d in digits) % 26]
    return f"{prefix}{digits}{check}"


def tag_is_valid(code, prefix=TAG_PREFIX):
    if not code.startswith(prefix):
        return False
    digits = code[len(prefix):-1]
    if len(digits) != TAG_DIGITS or not digits.isdigit():
        return False
    return make_tag_code(int(digits), prefix) == code


def garment_price(kind, fabric, stains=0):
    price = BASE_PRICES.get(kind, 8.0)
    if fabric in DELICATE_FABRICS:
        price *= 1.3
    price += 1.5 * stains
    return round(price, 2)


class GarmentTag:
    def __init__(self, kind, fabric, owner, stains=0):
        self.code = make_tag_code(next(_counter))
        self.kind = kind
        self.fabric = fabric
        self.owner = owner
        self.stains = stains
        self.received_at = datetime.now()
        self.collected = False

    def price(self):
        return garment_price(self.kind, self.fabric, self.stains)

    def needs_hand_finish(self):
        return self.fabric in DELICATE_FABRICS or self.kind == "suit"

    def label_text(self):
        care = "HAND" if self.needs_hand_finish() else "PRESS"
        return f"{self.code} {self.owner.upper()} {self.kind}/{self.fabric} {care}"


class CounterTicket:
    def __init__(self, customer, express=False):
        self.customer = customer
        self.express = express
        self.tags = []
        self.deposit = 0.0

    def add_garment(self, kind, fabric, stains=0):
        tag = GarmentTag(kind, fabric, self.customer, stains)
        self.tags.append(tag)
        return tag.code

    def ready_at(self):
        if not self.tags:
            return None
        hours = EXPRESS_TURNAROUND_HOURS if self.express else STANDARD_TURNAROUND_HOURS
        if any(t.needs_hand_finish() for t in self.tags):
            hours += 12
        latest = max(t.received_at for t in self.tags)
        return latest + timedelta(hours=hours)

    def amount_due(self):
        subtotal = sum(t.price() for t in self.tags)
        if self.express:
            subtotal *= 1.5
        return round(subtotal - self.deposit, 2)

    def collect(self, code):
        for tag in self.tags:
            if tag.code == code:
                tag.collected = True
                return tag
        raise KeyError(code)

    def outstanding(self):
        return [t.code for t in self.tags if not t.collected]


def print_labels(ticket, width=40):
    rows = []
    for tag in ticket.tags:
        text = tag.label_text()
        rows.append(text[:width].ljust(width))
    return "\n".join(rows)
