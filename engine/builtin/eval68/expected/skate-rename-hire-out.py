"""Skate hire counter for the town ice rink's public sessions."""

from __future__ import annotations

import json
from collections import defaultdict

UK_SIZES = tuple(range(1, 13))
HIRE_FEE = 3.50
SESSION_LENGTH_MINUTES = 90
SHARPEN_AFTER_HIRES = 40


class SkatePair:
    def __init__(self, size, tag):
        self.size = size
        self.tag = tag
        self.hires_since_sharpen = 0
        self.out = False

    def needs_sharpening(self):
        return self.hires_since_sharpen >= SHARPEN_AFTER_HIRES

    def sharpen(self):
        self.hires_since_sharpen = 0


class HireCounter:
    def __init__(self, stock):
        self.stock = defaultdict(list)
        for pair in stock:
            self.stock[pair.size].append(pair)
        self.loans = {}
        self.takings = 0.0

    def available(self, size):
        return [pair for pair in self.stock[size] if not pair.out and not pair.needs_sharpening()]

    def lend_pair(self, wristband, size):
        options = self.available(size)
        if not options:
            return None
        pair = options[0]
        pair.out = True
        pair.hires_since_sharpen += 1
        self.loans[wristband] = pair
        self.takings += HIRE_FEE
        return pair

    def return_pair(self, wristband):
        pair = self.loans.pop(wristband)
        pair.out = False
        return pair

    def blunt_pairs(self):
        return [pair for pairs in self.stock.values() for pair in pairs if pair.needs_sharpening()]


def nearest_size(requested, counter):
    for step in range(0, 3):
        for size in (requested + step, requested - step):
            if size in UK_SIZES and counter.available(size):
                return size
    return None


def load_stock(path):
    with open(path, encoding="utf-8") as handle:
        rows = json.load(handle)
    return [SkatePair(row["size"], row["tag"]) for row in rows]


def run_session(counter, requests):
    turned_away = []
    for wristband, size in requests:
        chosen = nearest_size(size, counter)
        if chosen is None:
            turned_away.append(wristband)
            continue
        counter.lend_pair(wristband, chosen)
    return turned_away


def sharpening_list(counter):
    tags = [pair.tag for pair in counter.blunt_pairs()]
    return sorted(tags)


def end_of_session(counter, session_name="Evening disco"):
    still_out = sorted(counter.loans)
    report = {
        "session": session_name,
        "minutes": SESSION_LENGTH_MINUTES,
        "takings": round(counter.takings, 2),
        "still_out": still_out,
        "sharpen": sharpening_list(counter),
    }
    return json.dumps(report, indent=2)


def close_counter(counter):
    for wristband in list(counter.loans):
        counter.return_pair(wristband)
    for pair in counter.blunt_pairs():
        pair.sharpen()
    total = counter.takings
    counter.takings = 0.0
    return total
