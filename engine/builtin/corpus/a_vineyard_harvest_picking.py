"""Picking tallies for the vineyard harvest."""

import statistics
from collections import Counter, defaultdict
from datetime import datetime

CRATE_KG = 12.5
PAY_PER_CRATE = 2.80
MIN_BRIX = 21.0
BONUS_THRESHOLD_CRATES = 60
BONUS_RATE = 0.15


class Picker:
    def __init__(self, name, row_assigned=None):
        self.name = name
        self.row_assigned = row_assigned
        self.crates = []

    def log_crate(self, block, brix, when=None):
        self.crates.append((block, brix, when or datetime.now()))

    @property
    def accepted(self):
        return [c for c in self.crates if c[1] >= MIN_BRIX]

    def kilos(self):
        return len(self.accepted) * CRATE_KG

    def day_pay(self, rate=PAY_PER_CRATE):
        return wage(len(self.accepted), rate=rate)


def wage(crates, rate=PAY_PER_CRATE, bonus=True):
    """Pay for a day's accepted crates, with a bonus above the threshold."""
    base = crates * rate
    if bonus and crates >= BONUS_THRESHOLD_CRATES:
        base += base * BONUS_RATE
    return round(base, 2)


def block_ripeness(pickers):
    """Average sugar reading per block from the crates picked."""
    readings = defaultdict(list)
    for picker in pickers:
        for block, brix, _ in picker.crates:
            readings[block].append(brix)
    return {block: round(statistics.mean(values), 1) for block, values in readings.items()}


def rejected_by_block(pickers):
    counts = Counter()
    for picker in pickers:
        for block, brix, _ in picker.crates:
            if brix < MIN_BRIX:
                counts[block] += 1
    return counts


def payroll(pickers, *, rate=PAY_PER_CRATE):
    """Return (name, crates, pay) rows sorted by pay, highest first."""
    rows = [(p.name, len(p.accepted), p.day_pay(rate)) for p in pickers]
    return sorted(rows, key=lambda row: row[2], reverse=True)


def total_tonnes(pickers):
    return round(sum(p.kilos() for p in pickers) / 1000, 2)
