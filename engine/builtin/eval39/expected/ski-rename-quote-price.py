"""Lift pass pricing and turnstile checks for a small ski resort."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

ADULT_DAY_PRICE = 54.0
CHILD_DISCOUNT = 0.4
SENIOR_AGE = 65
CHILD_AGE_LIMIT = 12
MAX_SCANS_PER_HOUR = 14
PEAK_SURCHARGE = 8.5
PASS_PREFIX = "SKI"


def age_band(age, senior_age=SENIOR_AGE):
    if age <= CHILD_AGE_LIMIT:
        return "child"
    if age >= senior_age:
        return "senior"
    return "adult"


def compute_pass_price(age, days=1, peak=False):
    band = age_band(age)
    total = ADULT_DAY_PRICE * days
    if band == "child":
        total *= 1 - CHILD_DISCOUNT
    elif band == "senior":
        total *= 0.8
    if peak:
        total += PEAK_SURCHARGE * days
    return round(total, 2)


def make_pass_code(serial, season_year, prefix=PASS_PREFIX):
    return f"{prefix}-{season_year}-{serial:05d}"


class LiftPass:
    def __init__(self, code, holder, age, valid_from, valid_days=1):
        self.code = code
        self.holder = holder
        self.age = age
        self.valid_from = valid_from
        self.valid_days = valid_days
        self.scans = []

    def expires_on(self):
        return self.valid_from + dt.timedelta(days=self.valid_days - 1)

    def is_valid_on(self, day):
        return self.valid_from <= day <= self.expires_on()

    def scans_in_last_hour(self, now):
        cutoff = now - dt.timedelta(hours=1)
        return [stamp for stamp in self.scans if stamp >= cutoff]

    def record_scan(self, now):
        self.scans.append(now)

    def price(self, peak=False):
        return compute_pass_price(self.age, days=self.valid_days, peak=peak)


class Turnstile:
    def __init__(self, lift_name, capacity_per_chair=4):
        self.lift_name = lift_name
        self.capacity_per_chair = capacity_per_chair
        self.rejections = defaultdict(int)
        self.passes_seen = 0

    def check(self, lift_pass, now):
        if not lift_pass.is_valid_on(now.date()):
            self.rejections["expired"] += 1
            return False
        if len(lift_pass.scans_in_last_hour(now)) >= MAX_SCANS_PER_HOUR:
            self.rejections["too_many_scans"] += 1
            return False
        lift_pass.record_scan(now)
        self.passes_seen += 1
        return True

    def chairs_needed(self):
        full, extra = divmod(self.passes_seen, self.capacity_per_chair)
        return full + (1 if extra else 0)

    def summary(self):
        rejected = sum(self.rejections.values())
        return f"{self.lift_name}: {self.passes_seen} through, {rejected} turned away"


def sell_passes(buyers, start, season_year=2025, peak=False):
    sold = []
    for serial, (holder, age, days) in enumerate(buyers, start=1):
        code = make_pass_code(serial, season_year)
        sold.append(LiftPass(code, holder, age, start, valid_days=days))
    revenue = sum(p.price(peak=peak) for p in sold)
    return sold, revenue
