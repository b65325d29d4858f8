"""Lift pass pricing and gate scans for a small ski area."""

import json
from datetime import date, datetime

ADULT_DAY_PRICE = 62.0
CHILD_AGE_LIMIT = 12
SENIOR_AGE = 70
PEAK_MONTHS = (12, 2)


class LiftPass:
    def __init__(self, pass_id, holder, age, days, issued=None):
        self.pass_id = pass_id
        self.holder = holder
        self.age = age
        self.days = days
        self.issued = issued or date.today()
        self.scans = []
        self.notes = []

    def category(self):
        if self.age <= CHILD_AGE_LIMIT:
            return "child"
        if self.age >= SENIOR_AGE:
            return "senior"
        return "adult"

    def days_used(self):
        return len({scan.date() for scan, _lift in self.scans})

    def is_valid_on(self, day):
        used = {scan.date() for scan, _lift in self.scans}
        if day in used:
            return True
        return len(used) < self.days


def day_price(category, month, discount=0.0):
    price = ADULT_DAY_PRICE
    if category == "child":
        price *= 0.5
    elif category == "senior":
        price *= 0.7
    if month in PEAK_MONTHS:
        price *= 1.15
    return round(price * (1 - discount), 2)


def pass_price(lift_pass, month, multi_day_discount=0.1):
    per_day = day_price(lift_pass.category(), month)
    total = per_day * lift_pass.days
    if lift_pass.days >= 3:
        total *= 1 - multi_day_discount
    return round(total, 2)


class Gate:
    def __init__(self, lift_name, capacity_per_hour=1800):
        self.lift_name = lift_name
        self.capacity_per_hour = capacity_per_hour
        self.rejected = 0
        self.accepted = 0

    def scan(self, lift_pass, when=None):
        when = when or datetime.now()
        if not lift_pass.is_valid_on(when.date()):
            self.rejected += 1
            return False
        lift_pass.scans.append((when, self.lift_name))
        self.accepted += 1
        return True

    def load_factor(self, hours_open):
        if hours_open <= 0:
            return 0.0
        return self.accepted / (self.capacity_per_hour * hours_open)


def load_passes(path):
    with open(path) as handle:
        raw = json.load(handle)
    passes = []
    for item in raw:
        passes.append(
            LiftPass(item["id"], item["holder"], item["age"], item["days"])
        )
    return passes


def busiest_lift(gates):
    best = None
    for gate in gates:
        if best is None or gate.accepted > best.accepted:
            best = gate
    return best.lift_name if best else None


def daily_summary(gates, day_label, include_rejected=True):
    lines = ["Day: " + day_label]
    for gate in gates:
        line = "%s: %d scans" % (gate.lift_name, gate.accepted)
        if include_rejected:
            line += ", %d rejected" % gate.rejected
        lines.append(line)
    lines.append("Busiest: %s" % busiest_lift(gates))
    return "\n".join(lines)


def refund_amount(lift_pass, month, reason):
    unused = lift_pass.days - lift_pass.days_used()
    if unused <= 0:
        return 0.0
    return round(day_price(lift_pass.category(), month) * unused * 0.8, 2)
