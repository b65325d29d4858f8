"""Quotes, stock checks and bookings for a marquee hire company."""

import json
import logging
from pathlib import Path

log = logging.getLogger(__name__)

VAT_RATE = 0.20
DELIVERY_FREE_MILES = 15
DELIVERY_PER_MILE = 1.80
SQ_M_PER_GUEST = 0.9
STOCK_FILE = Path("stock/marquees.json")


class Marquee:
    def __init__(self, code, width_m, length_m, day_rate):
        self.code = code
        self.width_m = width_m
        self.length_m = length_m
        self.day_rate = day_rate
        self.bookings = []

    def floor_area(self):
        return self.width_m * self.length_m

    def capacity(self, seated=True):
        per_guest = SQ_M_PER_GUEST if seated else SQ_M_PER_GUEST / 2
        return int(self.floor_area() / per_guest)

    def is_free(self, start_day, end_day):
        for booked_start, booked_end in self.bookings:
            if start_day <= booked_end and booked_start <= end_day:
                return False
        return True

    def reserve(self, start_day, end_day):
        if not self.is_free(start_day, end_day):
            raise ValueError(f"{self.code} is already out on those dates")
        self.bookings.append((start_day, end_day))


class Quote:
    def __init__(self, customer, marquee, days, miles):
        self.customer = customer
        self.marquee = marquee
        self.days = days
        self.miles = miles
        self.extras = {}

    def add_extra(self, item, price, quantity=1):
        self.extras[item] = self.extras.get(item, 0) + price * quantity

    def subtotal(self):
        hire = self.marquee.day_rate * self.days
        return hire + delivery_charge(self.miles) + sum(self.extras.values())

    def total(self):
        return round(self.subtotal() * (1 + VAT_RATE), 2)


def delivery_charge(miles: float, return_trip: bool = True) -> float:
    chargeable = max(0, miles - DELIVERY_FREE_MILES)
    if return_trip:
        chargeable *= 2
    return round(chargeable * DELIVERY_PER_MILE, 2)


def load_stock(path=STOCK_FILE):
    raw = path.read_text(encoding="utf-8")
    records = json.loads(raw)
    return [Marquee(r["code"], r["width"], r["length"], r["day_rate"]) for r in records]


def pick_marquee(stock, guests, start_day, end_day, seated=True, prefer_small=True):
    fitting = [m for m in stock if m.capacity(seated) >= guests and m.is_free(start_day, end_day)]
    if not fitting:
        log.warning("no marquee free for %d guests", guests)
        return None
    fitting.sort(key=lambda m: m.floor_area())
    return fitting[0]


def quote_event(customer, guests, start_day, end_day, miles, stock=None):
    stock = stock if stock is not None else load_stock()
    marquee = pick_marquee(stock, guests, start_day, end_day, prefer_small=True)
    if marquee is None:
        return None
    marquee.reserve(start_day, end_day)
    days = (end_day - start_day).days + 1
    quote = Quote(customer, marquee, days, miles)
    quote.add_extra("flooring", 2.5, quantity=int(marquee.floor_area()))
    if guests > 100:
        quote.add_extra("generator", 180.0)
    return quote
