"""Stall fees and pitch bookings for the Saturday farmers' market."""

from __future__ import annotations

import csv
import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

BASE_PITCH_FEE = Decimal("18.00")
GAZEBO_SUPPLEMENT = Decimal("5.00")
ELECTRIC_HOOKUP_FEE = Decimal("7.50")
LOCAL_PRODUCER_DISCOUNT = Decimal("0.15")
LATE_PAYMENT_DAYS = 14
PENNY = Decimal("0.01")


def pitch_fee(width_m, gazebo=False, electric=False):
    fee = BASE_PITCH_FEE * Decimal(str(width_m)) / 3
    if gazebo:
        fee += GAZEBO_SUPPLEMENT
    if electric:
        fee += ELECTRIC_HOOKUP_FEE
    return fee.quantize(PENNY, rounding=ROUND_HALF_UP)


def apply_discount(fee, local=True, season_ticket=False):
    if local:
        fee -= fee * LOCAL_PRODUCER_DISCOUNT
    return fee.quantize(PENNY, rounding=ROUND_HALF_UP)


def parse_width(raw, fallback=2.5):
    text = raw.strip().lower().removesuffix("m")
    width = float(text)
    return width if width > 0 else fallback


def is_overdue(invoiced_on, today, grace_days=LATE_PAYMENT_DAYS):
    return (today - invoiced_on).days > grace_days


class Stallholder:
    def __init__(self, name, produce, local=True):
        self.name = name
        self.produce = produce
        self.local = local
        self.balance = Decimal("0.00")
        self.bookings = []

    def book(self, market_day, width_m, gazebo=False, electric=False):
        fee = pitch_fee(width_m, gazebo, electric)
        fee = apply_discount(fee, self.local, season_ticket=False)
        self.bookings.append((market_day, fee))
        self.balance += fee
        return fee

    def pay(self, amount):
        self.balance -= Decimal(str(amount))
        return self.balance

    def in_credit(self):
        return self.balance <= 0


class FeeLedger:
    def __init__(self, market_name):
        self.market_name = market_name
        self.stallholders = {}
        self.invoice_dates = {}

    def register(self, name, produce, local=True):
        holder = Stallholder(name, produce, local)
        self.stallholders[name] = holder
        return holder

    def invoice(self, name, on_date=None):
        self.invoice_dates[name] = on_date or dt.date.today()
        return self.stallholders[name].balance

    def overdue(self, today):
        late = []
        for name, invoiced_on in self.invoice_dates.items():
            holder = self.stallholders[name]
            if not holder.in_credit() and is_overdue(invoiced_on, today):
                late.append(holder)
        return late

    def load_bookings(self, path, market_day):
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                holder = self.stallholders.get(row["name"])
                if holder is None:
                    holder = self.register(row["name"], row["produce"])
                width = parse_width(row["width"])
                holder.book(market_day, width, row.get("gazebo") == "yes")
        return len(self.stallholders)

    def takings(self):
        total = Decimal("0.00")
        for holder in self.stallholders.values():
            for _, fee in holder.bookings:
                total += fee
        return total


def outstanding_report(ledger, today):
    lines = [f"{ledger.market_name}: overdue stall fees at {today:%d/%m/%Y}"]
    for holder in ledger.overdue(today):
        lines.append(f"  {holder.name:<24} {holder.produce:<16} £{holder.balance}")
    return "\n".join(lines)
