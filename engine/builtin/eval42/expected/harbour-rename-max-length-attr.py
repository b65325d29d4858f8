"""Mooring fees and berth allocation for the harbour master's office."""

from __future__ import annotations

import csv
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

VISITOR_RATE_PER_METRE = Decimal("3.20")
RESIDENT_DISCOUNT = Decimal("0.35")
MULTIHULL_FACTOR = Decimal("1.5")
HIGH_SEASON_MONTHS = (6, 7, 8)
MINIMUM_CHARGE = Decimal("18.00")


def nightly_fee(length_m, multihull=False, resident=False, month=7):
    """Return the fee for one night alongside, in pounds."""
    rate = VISITOR_RATE_PER_METRE
    if month in HIGH_SEASON_MONTHS:
        rate = rate * Decimal("1.25")
    fee = Decimal(str(length_m)) * rate
    if multihull:
        fee *= MULTIHULL_FACTOR
    if resident:
        fee -= fee * RESIDENT_DISCOUNT
    fee = max(fee, MINIMUM_CHARGE)
    return fee.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def stay_fee(length_m, arrival, departure, multihull=False, resident=False, pontoon="A"):
    """Return the fee for a whole stay, charging each night at the tariff for its month."""
    nights = (departure - arrival).days
    if nights <= 0:
        raise ValueError("departure must be after arrival")
    total = Decimal("0")
    for offset in range(nights):
        month = date.fromordinal(arrival.toordinal() + offset).month
        total += nightly_fee(length_m, multihull=multihull, resident=resident, month=month)
    return total


def load_berths(path, delimiter=","):
    """Read the berth register, one row per berth."""
    berths = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            code = row["berth"].strip().upper()
            berths[code] = Berth(code, row["pontoon"], float(row["max_length"]))
    return berths


class Berth:
    """One berth on a pontoon, with the longest vessel it can take."""

    def __init__(self, code, pontoon, max_length_m):
        self.code = code
        self.pontoon = pontoon
        self.max_loa_m = max_length_m
        self.occupant = None

    def fits(self, length_m):
        return length_m <= self.max_loa_m

    def assign(self, vessel_name, length_m):
        if self.occupant is not None:
            raise ValueError("berth " + self.code + " is already taken")
        if not self.fits(length_m):
            raise ValueError(vessel_name + " is too long for berth " + self.code)
        self.occupant = vessel_name

    def release(self):
        vessel_name, self.occupant = self.occupant, None
        return vessel_name


class MooringLedger:
    """Charges raised against visiting and resident vessels."""

    def __init__(self, berths):
        self.berths = berths
        self.entries = []

    def charge(self, berth_code, vessel_name, length_m, arrival, departure, multihull=False, resident=False):
        berth = self.berths[berth_code]
        berth.assign(vessel_name, length_m)
        amount = stay_fee(
            length_m,
            arrival,
            departure,
            multihull=multihull,
            resident=resident,
            pontoon=berth.pontoon,
        )
        self.entries.append((vessel_name, berth_code, amount))
        return amount

    def takings(self):
        return sum((amount for _, _, amount in self.entries), Decimal("0"))

    def free_berths(self):
        return sorted(code for code, berth in self.berths.items() if berth.occupant is None)

    def report(self, separator=" | "):
        lines = [separator.join(("vessel", "berth", "fee"))]
        for vessel_name, berth_code, amount in self.entries:
            lines.append(separator.join((vessel_name, berth_code, str(amount))))
        lines.append(separator.join(("total", "", str(self.takings()))))
        return "\n".join(lines)
