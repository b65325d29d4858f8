"""Lots, bids and settlement for a postal stamp auction."""

import csv
import re
from decimal import Decimal

BUYER_PREMIUM = Decimal("0.18")
MIN_INCREMENT = Decimal("5")
CONDITIONS = ("mint", "hinged", "used", "damaged")
CATALOGUE_PATTERN = re.compile(r"^[A-Z]{2}\d{3,5}$")


class Lot:
    def __init__(self, number, catalogue_no, condition, reserve):
        self.number = number
        self.catalogue_no = catalogue_no
        self.condition = condition
        self.reserve = reserve
        self.bids = []
        self.closed = False

    def high_bid(self):
        if not self.bids:
            return None
        return max(self.bids, key=lambda b: b[1])

    def place_bid(self, bidder, amount):
        current = self.high_bid()
        floor = self.reserve if current is None else current[1] + MIN_INCREMENT
        if amount < floor:
            raise ValueError(f"bid must be at least {floor}")
        self.bids.append((bidder, amount))


def valid_catalogue_no(text):
    return bool(CATALOGUE_PATTERN.match(text))


def make_lot(number, catalogue_no, condition, reserve="10"):
    if condition not in CONDITIONS:
        raise ValueError(f"unknown condition {condition}")
    if not valid_catalogue_no(catalogue_no):
        raise ValueError(f"bad catalogue number {catalogue_no}")
    return Lot(number, catalogue_no, condition, Decimal(reserve))


def hammer_price(lot):
    top = lot.high_bid()
    return None if top is None else top[1]


def invoice_total(lot, premium=BUYER_PREMIUM):
    price = hammer_price(lot)
    if price is None:
        return None
    return (price * (1 + premium)).quantize(Decimal("0.01"))


def close_lot(lot):
    lot.closed = True
    winner = lot.high_bid()
    if winner is None:
        return None
    return winner[0]


def load_lots(path):
    lots = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            lot = make_lot(int(row["lot"]), row["catalogue"], row["condition"], row["reserve"])
            lots.append(lot)
    return lots


def bidder_totals(lots):
    totals = {}
    for lot in lots:
        if not lot.closed:
            continue
        top = lot.high_bid()
        if top is None:
            continue
        totals[top[0]] = totals.get(top[0], Decimal("0")) + invoice_total(lot)
    return totals


def unsold(lots):
    return [lot.number for lot in lots if lot.closed and lot.high_bid() is None]


def condition_rank(condition):
    return CONDITIONS.index(condition)


def best_condition_lots(lots, limit=3):
    ranked = sorted(lots, key=lambda lot: condition_rank(lot.condition))
    return ranked[:limit]


def commission(lots, rate, vendor):
    total = Decimal("0")
    for lot in lots:
        price = hammer_price(lot)
        if price is not None:
            total += price * rate
    return total.quantize(Decimal("0.01"))


def catalogue_lines(lots):
    lines = []
    for lot in lots:
        lines.append(f"Lot {lot.number}: {lot.catalogue_no} ({lot.condition}) reserve {lot.reserve}")
    return lines


def settle(lots):
    for lot in lots:
        close_lot(lot)
    return bidder_totals(lots)
