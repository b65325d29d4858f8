"""Show planning for a travelling puppet theatre: cast, strings and ticket sales."""

import csv
from collections import Counter
from dataclasses import dataclass, field

STRING_SPARE_METRES = 1.5
SEATS_PER_ROW = 14
CHILD_PRICE = 6.0
ADULT_PRICE = 11.0


@dataclass
class Puppet:
    name: str
    kind: str
    strings: int = 0
    repairs: list = field(default_factory=list)


@dataclass
class Performance:
    title: str
    venue: str
    rows: int
    cast: list = field(default_factory=list)
    sold: Counter = field(default_factory=Counter)


def string_length_needed(puppet, bridge_height_m, spare=STRING_SPARE_METRES):
    if puppet.kind != "marionette":
        return 0.0
    return puppet.strings * (bridge_height_m + spare)


def capacity(performance):
    return performance.rows * SEATS_PER_ROW


def sell(performance, ticket_type, count=1):
    if ticket_type not in ("child", "adult"):
        raise ValueError(f"unknown ticket type: {ticket_type}")
    remaining = capacity(performance) - sum(performance.sold.values())
    if count > remaining:
        raise RuntimeError(f"only {remaining} seats left for {performance.title}")
    performance.sold[ticket_type] += count
    return remaining - count


def takings(performance):
    child = performance.sold["child"] * CHILD_PRICE
    adult = performance.sold["adult"] * ADULT_PRICE
    return child + adult


def needs_repair(puppet: Puppet, shows_since_check: int, limit: int = 20) -> bool:
    if puppet.repairs and puppet.repairs[-1] == "open":
        return True
    return shows_since_check >= limit


class Company:
    def __init__(self, name, van_capacity=30):
        self.name = name
        self.van_capacity = van_capacity
        self.puppets = {}
        self.tour = []

    def add_puppet(self, puppet):
        if len(self.puppets) >= self.van_capacity:
            raise RuntimeError("the van is full")
        self.puppets[puppet.name] = puppet

    def cast_show(self, performance, names):
        missing = [n for n in names if n not in self.puppets]
        if missing:
            raise KeyError(", ".join(missing))
        performance.cast = [self.puppets[n] for n in names]
        self.tour.append(performance)
        return performance

    def total_string_metres(self, bridge_height_m):
        total = 0.0
        for puppet in self.puppets.values():
            total += string_length_needed(puppet, bridge_height_m)
        return round(total, 1)

    def tour_takings(self):
        return sum(takings(p) for p in self.tour)


def read_bookings(path, performance):
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            sell(performance, row["type"], int(row["count"]))
    return performance.sold


def programme_text(performance, company_name, debug=False):
    lines = [performance.title.upper(), f"at {performance.venue}"]
    lines.append(f"presented by {company_name}")
    for puppet in performance.cast:
        lines.append(f"  {puppet.name} ({puppet.kind})")
    print("programme lines:", len(lines))
    return "\n".join(lines)
