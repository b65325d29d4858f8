"""Fare tables and ticket sales for a ferry ticket office."""

import json
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

ADULT_FARE = Decimal("7.80")
CHILD_RATIO = Decimal("0.5")
VEHICLE_SURCHARGE = {"car": Decimal("18.00"), "van": Decimal("26.50"), "bike": Decimal("2.00")}
PEAK_HOURS = range(7, 10)
PENCE = Decimal("0.01")


class FareTable:
    def __init__(self, route, adult=ADULT_FARE, peak_markup=Decimal("1.2")):
        self.route = route
        self.adult = adult
        self.peak_markup = peak_markup
        self.overrides = {}

    def set_override(self, passenger_type, fare):
        self.overrides[passenger_type] = Decimal(fare)

    def base_fare(self, passenger_type):
        if passenger_type in self.overrides:
            return self.overrides[passenger_type]
        if passenger_type == "child":
            return self.adult * CHILD_RATIO
        if passenger_type == "infant":
            return Decimal("0")
        return self.adult

    def fare_at(self, passenger_type, when):
        fare = self.base_fare(passenger_type)
        if when.hour in PEAK_HOURS:
            fare = fare * self.peak_markup
        return fare.quantize(PENCE, rounding=ROUND_HALF_UP)


class TicketOffice:
    def __init__(self, table, till_float=Decimal("50.00")):
        self.table = table
        self.till = till_float
        self.sold = []

    def sell(self, passengers, when=None, vehicle=None):
        when = when or datetime.now()
        total = ticket_total(self.table, passengers, when, vehicle)
        self.till += total
        self.sold.append((when, passengers, vehicle, total))
        return total

    def takings(self):
        return sum((entry[3] for entry in self.sold), Decimal("0"))


def vehicle_charge(vehicle, length_m=None, oversize_rate=Decimal("3.00")):
    if vehicle is None:
        return Decimal("0")
    charge = VEHICLE_SURCHARGE.get(vehicle, Decimal("0"))
    if length_m and length_m > 5:
        charge += (Decimal(str(length_m)) - 5) * oversize_rate
    return charge


def ticket_total(table, passengers, when, vehicle=None, return_trip=False):
    total = sum((table.fare_at(p, when) for p in passengers), Decimal("0"))
    total += vehicle_charge(vehicle)
    if return_trip:
        total = total * 2 * Decimal("0.9")
    return total.quantize(PENCE, rounding=ROUND_HALF_UP)


def load_overrides(table, path, strict=True):
    with open(path) as handle:
        data = json.load(handle)
    for passenger_type, fare in data.items():
        table.set_override(passenger_type, fare)
    return len(data)


def prepare_table(route, overrides_path=None):
    table = FareTable(route)
    if overrides_path:
        load_overrides(table, overrides_path, strict=False)
    return table


def daily_summary(office, day, currency="GBP"):
    rows = [entry for entry in office.sold if entry[0].date() == day]
    count = sum(len(entry[1]) for entry in rows)
    total = sum((entry[3] for entry in rows), Decimal("0"))
    return {"day": day.isoformat(), "passengers": count, "takings": f"{currency} {total}"}
