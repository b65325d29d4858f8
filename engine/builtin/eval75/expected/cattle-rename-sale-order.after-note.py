"""Pen allocation for a cattle market: lots, weights and sale order."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

PEN_COUNT = 40
PEN_CAPACITY_HEAD = 12
LOT_NUMBER_PATTERN = re.compile(r"^L(\d{4})$")
BREEDS = ("Angus", "Hereford", "Limousin", "Charolais", "Shorthorn")
DEFAULT_PEN_PREFIX = "P"


@dataclass
class Lot:
    number: str
    vendor: str
    breed: str
    head: int
    total_weight_kg: float

    def average_weight(self):
        return self.total_weight_kg / self.head if self.head else 0.0


def lot_sequence(lot_number, strict=True):
    match = LOT_NUMBER_PATTERN.match(lot_number)
    if match is None:
        raise ValueError("bad lot number: " + lot_number)
    return int(match.group(1))


def pens_needed(head, capacity=PEN_CAPACITY_HEAD):
    return -(-head // capacity)


def pen_label(index, prefix=DEFAULT_PEN_PREFIX, width=2):
    return f"{prefix}{index:0{width}d}"


class PenBoard:
    def __init__(self, market_day, pen_count=PEN_COUNT):
        self.market_day = market_day
        self.pen_count = pen_count
        self.assignments = {}
        self.free_pens = list(range(1, pen_count + 1))

    def assign(self, lot, capacity=PEN_CAPACITY_HEAD):
        needed = pens_needed(lot.head, capacity)
        if needed > len(self.free_pens):
            return []
        taken = self.free_pens[:needed]
        self.free_pens = self.free_pens[needed:]
        labels = [pen_label(index) for index in taken]
        self.assignments[lot.number] = labels
        return labels

    def release(self, lot_number):
        labels = self.assignments.pop(lot_number, [])
        for label in labels:
            self.free_pens.append(int(label[len(DEFAULT_PEN_PREFIX):]))
        self.free_pens.sort()
        return len(labels)

    def occupancy(self):
        used = self.pen_count - len(self.free_pens)
        return round(100 * used / self.pen_count, 1)


class SaleRing:
    def __init__(self, board, auctioneer="Ring One"):
        self.board = board
        self.auctioneer = auctioneer
        self.sold = []

    def running_order(self, lots, by_breed=False):
        ordered = sorted(lots, key=lambda lot: lot_sequence(lot.number, strict=True))
        if by_breed:
            ordered.sort(key=lambda lot: BREEDS.index(lot.breed) if lot.breed in BREEDS else 99)
        return ordered

    def sell(self, lot, price_per_kg, buyer):
        value = round(lot.total_weight_kg * price_per_kg, 2)
        self.sold.append((lot.number, buyer, value))
        self.board.release(lot.number)
        return value

    def takings(self):
        return sum(value for _, _, value in self.sold)

    def buyers(self):
        return sorted({buyer for _, buyer, _ in self.sold})

    def batches(self, lots, size=5):
        ordered = self.running_order(lots)
        iterator = iter(ordered)
        return [list(itertools.islice(iterator, size)) for _ in range(0, len(ordered), size)]
