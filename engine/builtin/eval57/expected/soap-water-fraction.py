"""Batches, lye sums and curing racks for a small cold-process soap maker."""

import json
from dataclasses import dataclass
from datetime import date, timedelta

SAP_VALUES = {"olive": 0.134, "coconut": 0.178, "shea": 0.128, "castor": 0.128, "cocoa": 0.137}
DEFAULT_SUPERFAT = 0.05
WATER_RATIO = 0.33
CURE_WEEKS = 4
BAR_WEIGHT_G = 110
RACK_SLOTS = 60


def lye_needed(oils, superfat=DEFAULT_SUPERFAT):
    total = 0.0
    for oil, grams in oils.items():
        if oil not in SAP_VALUES:
            raise KeyError(f"no SAP value for {oil}")
        total += grams * SAP_VALUES[oil]
    return round(total * (1 - superfat), 1)


def water_needed(oils, ratio=WATER_RATIO):
    return round(sum(oils.values()) * ratio, 1)


def bars_from(oils, additives_g=0, bar_weight=BAR_WEIGHT_G):
    batch_weight = sum(oils.values()) + lye_needed(oils) + water_needed(oils) * 0.25 + additives_g
    return int(batch_weight // bar_weight)


def load_recipe(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    return data["name"], data["oils"]


@dataclass
class Batch:
    code: str
    recipe: str
    oils: dict
    poured: date
    scent: str = "unscented"

    def ready_on(self, weeks=CURE_WEEKS):
        return self.poured + timedelta(weeks=weeks)

    def bar_count(self):
        return bars_from(self.oils)


class CuringRack:
    def __init__(self, location, slots=RACK_SLOTS):
        self.location = location
        self.slots = slots
        self.batches = []
        self.rejected = []

    def free_slots(self):
        used = sum(batch.bar_count() for batch in self.batches)
        return self.slots - used

    def shelve(self, batch):
        if batch.bar_count() > self.free_slots():
            self.rejected.append(batch.code)
            return False
        self.batches.append(batch)
        return True

    def ready(self, today):
        return [batch for batch in self.batches if batch.ready_on() <= today]

    def take_ready(self, today):
        done = self.ready(today)
        self.batches = [batch for batch in self.batches if batch not in done]
        return done

    def rejected_count(self):
        return len(self.rejected)


def batch_label(batch, shop="Suds & Co", show_date=True):
    text = f"{shop}: {batch.recipe} ({batch.scent})"
    if show_date:
        text += f" - ready {batch.ready_on():%d %b %Y}"
    return text


def stock_report(rack, today, sort_by_scent=False):
    lines = []
    for batch in rack.take_ready(today):
        lines.append(f"{batch_label(batch, show_date=False)} x{batch.bar_count()}")
    if rack.rejected:
        lines.append(f"turned away: {', '.join(rack.rejected)}")
    return lines


def print_stock(rack, today):
    for line in stock_report(rack, today, sort_by_scent=True):
        print(line)


def new_batch(code, recipe_path, poured=None, scent="unscented"):
    name, oils = load_recipe(recipe_path)
    return Batch(code, name, oils, poured or date.today(), scent=scent)
