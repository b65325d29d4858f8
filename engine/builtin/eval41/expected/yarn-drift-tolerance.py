"""Dye lot tracking for a small yarn shop: lot codes, shade matching and shelf stock."""

import datetime
from collections import defaultdict

MAX_SKEINS_PER_LOT = 40
COLOR_DRIFT_TOLERANCE = 2.5
DEFAULT_WEIGHT = "worsted"
LOT_PREFIX = "DL"


def make_lot_code(colorway, dyed_on, batch_no=1):
    stamp = dyed_on.strftime("%y%m%d")
    slug = colorway.lower().replace(" ", "-")[:12]
    return f"{LOT_PREFIX}-{stamp}-{slug}-{batch_no:02d}"


def shade_distance(first, second):
    total = 0.0
    for a, b in zip(first, second):
        total += (a - b) ** 2
    return total ** 0.5


def lots_match(first_lot, second_lot, tolerance=COLOR_DRIFT_TOLERANCE):
    if first_lot.colorway != second_lot.colorway:
        return False
    gap = shade_distance(first_lot.reading, second_lot.reading)
    return gap <= tolerance


def load_lots(rows, shop_name="Main Street"):
    shelf = LotShelf(shop_name)
    for row in rows:
        dyed_on = datetime.date.fromisoformat(row["dyed_on"])
        lot = DyeLot(row["colorway"], dyed_on, row["reading"], batch_no=row.get("batch", 1))
        lot.add_skeins(row.get("skeins", 0))
        shelf.stock(lot)
    return shelf


class DyeLot:
    def __init__(self, colorway, dyed_on, reading, weight=DEFAULT_WEIGHT, batch_no=1):
        self.colorway = colorway
        self.dyed_on = dyed_on
        self.reading = tuple(reading)
        self.weight = weight
        self.code = make_lot_code(colorway, dyed_on, batch_no=batch_no)
        self.skeins_left = 0

    def add_skeins(self, count):
        if self.skeins_left + count > MAX_SKEINS_PER_LOT:
            raise ValueError(f"lot {self.code} would exceed {MAX_SKEINS_PER_LOT} skeins")
        self.skeins_left += count
        return self.skeins_left

    def sell(self, count):
        if count > self.skeins_left:
            raise ValueError(f"only {self.skeins_left} skeins left in {self.code}")
        self.skeins_left -= count
        return self.skeins_left

    def age_in_days(self, today=None):
        today = today or datetime.date.today()
        return (today - self.dyed_on).days

    def is_low(self, threshold=5):
        return self.skeins_left < threshold


class LotShelf:
    def __init__(self, shop_name):
        self.shop_name = shop_name
        self.lots = []
        self.by_colorway = defaultdict(list)

    def stock(self, lot):
        self.lots.append(lot)
        self.by_colorway[lot.colorway].append(lot)

    def find_matching(self, lot, tolerance=COLOR_DRIFT_TOLERANCE):
        matches = []
        for other in self.by_colorway.get(lot.colorway, []):
            if other is lot:
                continue
            if lots_match(lot, other, tolerance=tolerance):
                matches.append(other)
        return matches

    def skeins_for_project(self, colorway, needed):
        candidates = sorted(self.by_colorway.get(colorway, []), key=lambda l: -l.skeins_left)
        for lot in candidates:
            if lot.skeins_left >= needed:
                return [lot]
        picked = []
        for lot in candidates:
            pool = [lot] + self.find_matching(lot)
            available = sum(item.skeins_left for item in pool)
            if available >= needed:
                return pool
            picked.append(lot)
        return picked

    def low_stock_report(self, threshold=5):
        lines = [f"Low stock at {self.shop_name}:"]
        for lot in self.lots:
            if lot.is_low(threshold):
                lines.append(f"  {lot.code}: {lot.skeins_left} skeins ({lot.weight})")
        return "\n".join(lines)
