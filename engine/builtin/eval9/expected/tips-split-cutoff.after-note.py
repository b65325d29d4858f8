"""Tip pooling for a restaurant: shifts clocked, points per role, the night's pool split and a payroll CSV."""

import csv
import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

logger = logging.getLogger(__name__)

ROLE_POINTS = {"server": 10, "bartender": 10, "runner": 6, "busser": 5, "host": 4, "dishwasher": 3}
HOUSE_CUT = 0.03
CARD_FEE = 0.025
MIN_HOURS = 2
ROUND_TO = 0.05
PAYROLL_HEADER = ["date", "name", "roles", "hours", "share"]
TIME_FORMAT = "%H:%M"


@dataclass
class Shift:
    name: str
    role: str
    clock_in: datetime
    clock_out: datetime

    @property
    def hours(self):
        return (self.clock_out - self.clock_in).total_seconds() / 3600

    def points(self, role_points=ROLE_POINTS):
        return role_points.get(self.role, 0) * self.hours


@dataclass
class TipEntry:
    amount: float
    by_card: bool = True
    note: str = ""


def round_share(amount, step=ROUND_TO):
    return round(round(amount / step) * step, 2)


class TipPool:
    def __init__(self, day, house_cut=HOUSE_CUT):
        self.day = day
        self.house_cut = house_cut
        self.shifts: list[Shift] = []
        self.tips: list[TipEntry] = []

    def clock(self, name, role, clock_in, clock_out):
        if role not in ROLE_POINTS:
            raise ValueError(f"unknown role {role!r}")
        if clock_out <= clock_in:
            raise ValueError(f"{name} clocked out before clocking in")
        shift = Shift(name, role, clock_in, clock_out)
        self.shifts.append(shift)
        return shift

    def add_tip(self, amount, by_card=True, note=""):
        tip = TipEntry(amount, by_card, note)
        self.tips.append(tip)
        return tip

    def gross(self):
        return sum(tip.amount for tip in self.tips)

    def net(self):
        fees = sum(tip.amount * CARD_FEE for tip in self.tips if tip.by_card)
        return (self.gross() - fees) * (1 - self.house_cut)

    def eligible(self, min_hours=MIN_HOURS):
        return [shift for shift in self.shifts if shift.hours >= min_hours]

    def split(self, qualifying_hours=MIN_HOURS):
        shifts = self.eligible(qualifying_hours)
        total_points = sum(shift.points() for shift in shifts)
        if not total_points:
            logger.warning("nobody qualifies for the pool on %s", self.day)
            return {}
        pool = self.net()
        shares = defaultdict(float)
        for shift in shifts:
            shares[shift.name] += pool * shift.points() / total_points
        logger.info("split %.2f among %d people", pool, len(shares))
        return {name: round_share(amount) for name, amount in shares.items()}


def person_summary(pool, min_hours=MIN_HOURS):
    summary = {}
    for shift in pool.eligible(min_hours):
        entry = summary.setdefault(shift.name, {"roles": set(), "hours": 0.0})
        entry["roles"].add(shift.role)
        entry["hours"] += shift.hours
    return summary


def write_payroll(pool, path, min_hours=MIN_HOURS):
    shares = pool.split(min_hours)
    summary = person_summary(pool, min_hours)
    with Path(path).open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(PAYROLL_HEADER)
        for name in sorted(shares):
            entry = summary[name]
            roles = "/".join(sorted(entry["roles"]))
            writer.writerow([pool.day.isoformat(), name, roles, f"{entry['hours']:.2f}", f"{shares[name]:.2f}"])
    logger.info("wrote payroll for %s to %s", pool.day, path)
    return len(shares)


def read_shifts(path, day):
    pool = TipPool(day)
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            clock_in = datetime.combine(day, datetime.strptime(row["in"], TIME_FORMAT).time())
            clock_out = datetime.combine(day, datetime.strptime(row["out"], TIME_FORMAT).time())
            pool.clock(row["name"], row["role"], clock_in, clock_out)
    return pool


def night_report(pool):
    lines = [f"Tips for {pool.day:%A %d %B}", f"gross {pool.gross():.2f}, net {pool.net():.2f}"]
    for name, share in sorted(pool.split().items(), key=lambda item: -item[1]):
        lines.append(f"  {name:<12}{share:>8.2f}")
    return "\n".join(lines)
