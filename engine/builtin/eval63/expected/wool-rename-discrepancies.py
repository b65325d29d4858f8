"""Yarn stock at the wool shop: skeins by dye lot, reorders and the weekly stocktake.

A yarn is a dict with the keys code, brand, weight, colour, cost_price and tags.
"""

import math
from collections import Counter

REORDER_POINT = 6
SKEINS_PER_PACK = 10
WEIGHTS = ("lace", "4ply", "dk", "aran", "chunky")
DEFAULT_MARKUP = 2.2
DISCONTINUED_TAG = "disc"


class StockShelf:
    def __init__(self, location):
        self.location = location
        self.skeins = Counter()
        self.yarns = {}
        self.last_delivery = None

    def receive(self, yarn, dye_lot, count):
        if yarn["weight"] not in WEIGHTS:
            raise ValueError(f"unknown yarn weight {yarn['weight']!r}")
        self.yarns[yarn["code"]] = yarn
        self.skeins[(yarn["code"], dye_lot)] += count
        self.last_delivery = dye_lot

    def sell(self, code, dye_lot, count=1):
        key = (code, dye_lot)
        if self.skeins[key] < count:
            raise ValueError(f"only {self.skeins[key]} skeins of {code} lot {dye_lot}")
        self.skeins[key] -= count
        return self.skeins[key]

    def on_hand(self, code):
        return sum(n for (c, _), n in self.skeins.items() if c == code)

    def dye_lots(self, code):
        return sorted(lot for (c, lot), n in self.skeins.items() if c == code and n > 0)

    def stocktake(self, counted):
        differences = {}
        for code in self.yarns:
            expected = self.on_hand(code)
            actual = counted.get(code, 0)
            if actual != expected:
                differences[code] = actual - expected
        return differences


class ReorderList:
    def __init__(self, supplier):
        self.supplier = supplier
        self.lines = []

    def add(self, yarn, packs):
        self.lines.append((yarn["code"], yarn["colour"], packs))

    def pack_total(self):
        return sum(packs for _, _, packs in self.lines)

    def as_text(self):
        rows = [f"Order for {self.supplier}"]
        for code, colour, packs in self.lines:
            rows.append(f"  {code:<8}{colour:<14}{packs:>3} packs")
        return "\n".join(rows)


def retail_price(yarn, markup=DEFAULT_MARKUP, round_to=0.5):
    raw = yarn["cost_price"] * markup
    return math.ceil(raw / round_to) * round_to


def packs_needed(on_hand, target_skeins, pack_size=SKEINS_PER_PACK):
    shortfall = max(0, target_skeins - on_hand)
    return math.ceil(shortfall / pack_size)


def build_reorder(shelf, supplier, target_skeins=20):
    order = ReorderList(supplier)
    for code, yarn in sorted(shelf.yarns.items()):
        if DISCONTINUED_TAG in yarn["tags"]:
            continue
        count = shelf.on_hand(code)
        if count <= REORDER_POINT:
            order.add(yarn, packs_needed(count, target_skeins))
    return order


def price_list(shelf, markup=DEFAULT_MARKUP):
    rows = []
    for yarn in sorted(shelf.yarns.values(), key=lambda y: (y["weight"], y["brand"])):
        price = retail_price(yarn, markup=markup)
        rows.append(f"{yarn['code']:<8}{yarn['brand']:<14}{yarn['weight']:<7}{price:>6.2f}")
    return rows
