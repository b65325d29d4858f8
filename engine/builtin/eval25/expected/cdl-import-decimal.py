"""Candle workshop: wax blends, wick sizing, fragrance load and batch costing."""

import math
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

WAX_DENSITY_G_PER_ML = 0.9
MAX_FRAGRANCE_LOAD = 0.10
POUR_TEMP_C = 74
CURE_DAYS = 14


@dataclass
class Wax:
    name: str
    melt_point_c: int
    price_per_kg: float


@dataclass
class Vessel:
    name: str
    diameter_cm: float
    fill_ml: int


WICK_TABLE = [
    (5.0, "CD-6"),
    (6.5, "CD-8"),
    (7.5, "CD-10"),
    (9.0, "CD-14"),
]


def wax_grams(vessel):
    return round(vessel.fill_ml * WAX_DENSITY_G_PER_ML)


def fragrance_grams(wax_g, load=0.08):
    if load > MAX_FRAGRANCE_LOAD:
        raise ValueError(f"fragrance load {load:.0%} is above the safe maximum")
    return round(wax_g * load, 1)


def pick_wick(diameter_cm):
    for max_diameter, wick in WICK_TABLE:
        if diameter_cm <= max_diameter:
            return wick
    return None


class Batch:
    def __init__(self, code, wax, vessel, count, poured_on):
        self.code = code
        self.wax = wax
        self.vessel = vessel
        self.count = count
        self.poured_on = poured_on
        self.fragrance = None
        self.rejects = 0

    def total_wax_kg(self):
        return wax_grams(self.vessel) * self.count / 1000

    def add_fragrance(self, name, load):
        self.fragrance = (name, load)

    def ready_on(self):
        return date.fromordinal(self.poured_on.toordinal() + CURE_DAYS)

    def good_candles(self):
        return self.count - self.rejects


def batch_cost(batch, fragrance_price_per_kg=45.0, wick_price=0.12):
    wax_cost = batch.total_wax_kg() * batch.wax.price_per_kg
    oil_cost = 0.0
    if batch.fragrance:
        _, load = batch.fragrance
        oil_cost = batch.total_wax_kg() * load * fragrance_price_per_kg
    return round(wax_cost + oil_cost + wick_price * batch.count, 2)


def unit_cost(batch):
    good = batch.good_candles()
    if good == 0:
        return math.inf
    return round(batch_cost(batch) / good, 2)


def pour_window(wax, ambient_c):
    ambient_c = float(ambient_c)
    low = max(wax.melt_point_c + 5, POUR_TEMP_C - 6)
    high = POUR_TEMP_C + 4 if ambient_c > 18 else POUR_TEMP_C + 8
    return low, high


def label_line(batch, shop_name):
    name = batch.fragrance[0] if batch.fragrance else "Unscented"
    return f"{name} - {batch.vessel.name} - batch {batch.code}"


def record_rejects(batch, tunnelled, sinkholes):
    batch.rejects += tunnelled + sinkholes
    return batch.good_candles()


def restock_needed(stock_kg, batches, reserve_kg=2.0):
    needed = sum(b.total_wax_kg() for b in batches)
    return stock_kg - needed < reserve_kg


def price_list(batches, markup=2.5):
    prices = {}
    for batch in batches:
        prices[batch.code] = math.ceil(unit_cost(batch) * markup * 2) / 2
    return prices
