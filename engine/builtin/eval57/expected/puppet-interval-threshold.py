"""Show nights, seat sales and puppeteer calls for a small puppet theatre."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

HOUSE_SEATS = 84
MATINEE_DISCOUNT = 0.25
INTERVAL_MINUTES = 15
CALL_BEFORE_CURTAIN = 45
SHOW_KINDS = ("marionette", "shadow", "glove", "rod")


@dataclass
class Show:
    title: str
    kind: str
    running_minutes: int
    base_price: float = 9.5
    puppeteers: list[str] = field(default_factory=list)

    def needs_interval(self) -> bool:
        return self.running_minutes > 75


def ticket_price(show, matinee=False, child=False):
    price = show.base_price
    if matinee:
        price = price * (1 - MATINEE_DISCOUNT)
    if child:
        price = price - 2.0
    return round(max(price, 3.0), 2)


def curtain_down(start, show):
    minutes = show.running_minutes
    if show.needs_interval():
        minutes += INTERVAL_MINUTES
    return start + dt.timedelta(minutes=minutes)


def call_time(start, early_by=CALL_BEFORE_CURTAIN):
    return start - dt.timedelta(minutes=early_by)


class ShowNight:
    def __init__(self, show, start, matinee=False):
        if show.kind not in SHOW_KINDS:
            raise ValueError(f"unknown show kind: {show.kind}")
        self.show = show
        self.start = start
        self.matinee = matinee
        self.sold = {}
        self.cancelled = False

    def seats_left(self):
        return HOUSE_SEATS - sum(self.sold.values())

    def sell(self, buyer, count=1, child=False):
        if self.cancelled:
            raise RuntimeError("this night is cancelled")
        if count > self.seats_left():
            raise ValueError("not enough seats")
        self.sold[buyer] = self.sold.get(buyer, 0) + count
        return ticket_price(self.show, matinee=self.matinee, child=child) * count

    def takings(self, child_share=0.3):
        seats = sum(self.sold.values())
        adult = ticket_price(self.show, matinee=self.matinee)
        child = ticket_price(self.show, matinee=self.matinee, child=True)
        children = int(seats * child_share)
        return round((seats - children) * adult + children * child, 2)

    def cancel(self):
        self.cancelled = True
        refunds = dict(self.sold)
        self.sold.clear()
        return refunds


def nights_for(show, starts, matinee_before=14):
    nights = []
    for start in starts:
        nights.append(ShowNight(show, start, matinee=start.hour < matinee_before))
    return nights


class Season:
    def __init__(self, name):
        self.name = name
        self.nights = []

    def add_night(self, night):
        self.nights.append(night)
        self.nights.sort(key=lambda n: n.start)

    def call_sheet(self):
        sheet = []
        for night in self.nights:
            if night.cancelled:
                continue
            called = call_time(night.start)
            ends = curtain_down(night.start, night.show)
            for puppeteer in night.show.puppeteers:
                sheet.append((puppeteer, called, ends))
        return sheet

    def total_takings(self):
        total = 0.0
        for night in self.nights:
            if not night.cancelled:
                total += night.takings()
        return round(total, 2)

    def sold_out(self):
        return [night for night in self.nights if night.seats_left() == 0]
