"""Quayside fish market: lots landed each morning and sold by descending-price auction."""

import math
from collections import defaultdict

MARKET_FEE_RATE = 0.045
MIN_LOT_WEIGHT_KG = 5.0
OPENING_MULTIPLIER = 1.6
CLOCK_STEP = 0.05
GRADES = ("A", "B", "C")


class Lot:
    def __init__(self, lot_id, species, weight_kg, grade="B", boat=""):
        self.lot_id = lot_id
        self.species = species
        self.weight_kg = weight_kg
        self.grade = grade
        self.boat = boat
        self.sold_price = 0.0
        self.buyer = ""

    def boxes(self, box_kg=10):
        return math.ceil(self.weight_kg / box_kg)

    def is_sold(self):
        return bool(self.buyer)


class AuctionBook:
    def __init__(self, market_day):
        self.market_day = market_day
        self.lots = []
        self.unsold = []
        self.takings_by_boat = defaultdict(float)

    def register(self, lot):
        if lot.weight_kg < MIN_LOT_WEIGHT_KG:
            raise ValueError(f"lot {lot.lot_id} is under the minimum weight")
        if lot.grade not in GRADES:
            raise ValueError(f"unknown grade {lot.grade!r}")
        self.lots.append(lot)

    def settle(self, lot, buyer, price_per_kg):
        lot.buyer = buyer
        lot.sold_price = round(price_per_kg * lot.weight_kg, 2)
        net = lot.sold_price - market_fee(lot.sold_price)
        self.takings_by_boat[lot.boat] += net
        return net

    def pass_lot(self, lot):
        self.unsold.append(lot)

    def boat_totals(self):
        rows = []
        for boat, takings in sorted(self.takings_by_boat.items()):
            rows.append((boat or "unknown", round(takings, 2)))
        return rows

    def summary(self):
        sold = [lot for lot in self.lots if lot.is_sold()]
        total = sum(lot.sold_price for lot in sold)
        return {
            "day": self.market_day,
            "sold": len(sold),
            "unsold": len(self.unsold),
            "gross": round(total, 2),
        }


def market_fee(gross, rate=MARKET_FEE_RATE, minimum=2.5):
    fee = gross * rate
    return round(max(fee, minimum), 2)


def opening_price(guide_per_kg, grade, multiplier=OPENING_MULTIPLIER):
    bonus = {"A": 0.2, "B": 0.0, "C": -0.15}[grade]
    return round(guide_per_kg * multiplier * (1 + bonus), 2)


def run_auction(book, lot, guide_per_kg, bids, reserve_ratio=0.7, step=CLOCK_STEP):
    price = opening_price(guide_per_kg, lot.grade)
    reserve = round(guide_per_kg * reserve_ratio, 2)
    while True:
        for buyer, limit in bids:
            if limit >= price:
                return book.settle(lot, buyer, price)
        if price <= reserve:
            book.pass_lot(lot)
            return 0.0
        price = max(reserve, round(price - price * step, 2))


def morning_run(market_day, landings, guide_prices, bidders):
    book = AuctionBook(market_day)
    for lot in landings:
        book.register(lot)
    for lot in book.lots:
        guide = guide_prices.get(lot.species, 4.0)
        run_auction(book, lot, guide, bidders.get(lot.species, []))
    return book.summary()
