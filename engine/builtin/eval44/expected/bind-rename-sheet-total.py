"""Commission tracking for a hand bookbinding workshop."""

from __future__ import annotations

import math
from collections import namedtuple
from datetime import date, timedelta

BASE_HOURLY_RATE = 38.0
GOLD_TOOLING_RATE = 4.5
SHEETS_PER_SIGNATURE = 4
MAX_SIGNATURES = 60
DEFAULT_LEAD_DAYS = 21
LEATHER_PRICES = {
    "goatskin": 0.032,
    "calf": 0.027,
    "buckram": 0.009,
}

Signature = namedtuple("Signature", ["sheets", "paper"])


def leather_surcharge(material, cover_cm2, waste=0.15):
    price = LEATHER_PRICES.get(material)
    if price is None:
        raise ValueError("unknown cover material: " + material)
    return round(price * cover_cm2 * (1 + waste), 2)


def binding_hours(signatures, sewing="kettle", rounded_spine=True):
    hours = 1.5 + signatures * 0.25
    if sewing == "tapes":
        hours += signatures * 0.1
    if rounded_spine:
        hours += 1.0
    return hours


def quote_binding(signatures, material, area, tooled_letters=0):
    if signatures > MAX_SIGNATURES:
        raise ValueError("too many signatures for one volume")
    labour = binding_hours(signatures) * BASE_HOURLY_RATE
    cover = leather_surcharge(material, cover_cm2=area)
    tooling = tooled_letters * GOLD_TOOLING_RATE
    return round(labour + cover + tooling, 2)


class Commission:
    """One binding job for a client."""

    def __init__(self, client, title, material="buckram", deadline=None):
        self.client = client
        self.title = title
        self.material = material
        self.deadline = deadline or date.today() + timedelta(days=DEFAULT_LEAD_DAYS)
        self.signatures = []
        self.status = "received"
        self.tooled_letters = 0

    def add_signature(self, sheets=SHEETS_PER_SIGNATURE, paper="laid"):
        if len(self.signatures) >= MAX_SIGNATURES:
            raise ValueError("volume is full")
        signature = Signature(sheets, paper)
        self.signatures.append(signature)
        return signature

    def page_total(self):
        total_sheets = 0
        for signature in self.signatures:
            total_sheets += signature.sheets
        return total_sheets * 4

    def spine_width(self, sheet_thickness_mm=0.11):
        return math.ceil(self.page_total() / 2 * sheet_thickness_mm)

    def quote(self, width_cm=15, height_cm=23):
        spine_cm = self.spine_width() / 10
        area = (2 * width_cm + spine_cm + 3) * (height_cm + 3)
        return quote_binding(
            len(self.signatures), self.material, area, tooled_letters=self.tooled_letters
        )

    def days_left(self, today=None):
        today = today or date.today()
        return (self.deadline - today).days

    def mark_rush(self):
        if self.days_left() < 7:
            self.status = "rush"
        return self.status


def open_commission(client, title, signatures=8, material="buckram"):
    commission = Commission(client, title, material=material)
    for _ in range(signatures):
        commission.add_signature()
    return commission


class CommissionBook:
    """All open commissions in the workshop."""

    def __init__(self, workshop):
        self.workshop = workshop
        self.commissions = []

    def add(self, commission):
        self.commissions.append(commission)
        return len(self.commissions)

    def overdue(self, today=None):
        return [c for c in self.commissions if c.days_left(today) < 0]

    def rush_queue(self):
        queue = [c for c in self.commissions if c.mark_rush() == "rush"]
        queue.sort(key=lambda c: c.deadline)
        return queue

    def summary(self):
        pages = sum(c.page_total() for c in self.commissions)
        value = sum(c.quote() for c in self.commissions)
        return {"jobs": len(self.commissions), "pages": pages, "value": round(value, 2)}
