"""Entries for the vintage bus rally: registration, classes and the running order."""

import csv
import datetime
from collections import Counter

ENTRY_FEE = 35
LATE_SURCHARGE = 10
MAX_ENTRIES = 120
CLASS_BANDS = {"pre-war": 1939, "post-war": 1969, "modern classic": 1990}
CLOSING_DATE = datetime.date(2026, 6, 1)


class BusEntry:
    """One bus entered in the rally."""

    def __init__(self, fleet_number, operator, built_year, seats=40):
        self.fleet_number = fleet_number
        self.operator = operator
        self.built_year = built_year
        self.seats = seats
        self.paid = False
        self.running_order = None

    def rally_class(self):
        for band, last_year in CLASS_BANDS.items():
            if self.built_year <= last_year:
                return band
        return "open"

    def fee_due(self, entered_on):
        fee = ENTRY_FEE
        if entered_on > CLOSING_DATE:
            fee += LATE_SURCHARGE
        return fee

    def label(self):
        return f"{self.operator} #{self.fleet_number} ({self.built_year})"


class RallyRegister:
    """All entries for one rally day, keyed by fleet number."""

    def __init__(self, rally_name, capacity=MAX_ENTRIES):
        self.rally_name = rally_name
        self.capacity = capacity
        self.entries = {}
        self.waiting = []

    def enter(self, bus, entered_on=None):
        if entered_on is None:
            entered_on = datetime.date.today()
        if len(self.entries) >= self.capacity:
            self.waiting.append(bus)
            return 0
        self.entries[bus.fleet_number] = bus
        return bus.fee_due(entered_on)

    def withdraw(self, fleet_number):
        bus = self.entries.pop(fleet_number, None)
        if bus is None:
            return None
        if self.waiting:
            promoted = self.waiting.pop(0)
            self.entries[promoted.fleet_number] = promoted
        return bus

    def mark_paid(self, fleet_number):
        self.entries[fleet_number].paid = True

    def unpaid(self):
        return [bus for bus in self.entries.values() if not bus.paid]


def class_counts(register):
    counts = Counter(bus.rally_class() for bus in register.entries.values())
    return dict(counts)


def assign_running_order(register, oldest_first=True, gap=2):
    buses = sorted(register.entries.values(), key=lambda b: b.built_year)
    if not oldest_first:
        buses.reverse()
    position = 1
    for bus in buses:
        bus.running_order = position
        position += gap
    return buses


def programme_lines(register, oldest_first=True):
    lines = [f"{register.rally_name} - running order"]
    for bus in assign_running_order(register, oldest_first=oldest_first):
        order = str(bus.running_order).rjust(3)
        lines.append(f"{order}  {bus.label()}  [{bus.rally_class()}]")
    return lines


def export_entries(register, path, delimiter=","):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(["fleet", "operator", "year", "seats", "class", "paid"])
        for bus in register.entries.values():
            writer.writerow([
                bus.fleet_number,
                bus.operator,
                bus.built_year,
                bus.seats,
                bus.rally_class(),
                "yes" if bus.paid else "no",
            ])
    return len(register.entries)
