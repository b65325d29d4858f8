"""Block tracking and pricing for a cathedral stonemason's yard."""

import csv
import json
from datetime import date

STONE_DENSITY = {"limestone": 2.4, "sandstone": 2.3, "marble": 2.7}
BANKER_HOURS_PER_FACE = {"plain": 3, "moulded": 9, "carved": 30}
HOURLY_RATE = 42.0
CRANE_LIMIT_TONNES = 2.5
WASTE_FACTOR = 1.15


class Block:
    def __init__(self, mark, stone, length_m, height_m, bed_m):
        self.mark = mark
        self.stone = stone
        self.length_m = length_m
        self.height_m = height_m
        self.bed_m = bed_m
        self.faces_dressed = 0
        self.history = []

    def volume(self):
        return self.length_m * self.height_m * self.bed_m

    def weight_tonnes(self):
        return round(self.volume() * STONE_DENSITY[self.stone], 3)

    def dress(self, face, finish="plain"):
        if finish not in BANKER_HOURS_PER_FACE:
            raise ValueError(f"unknown finish {finish!r}")
        self.faces_dressed += 1
        return BANKER_HOURS_PER_FACE[finish]


def rough_block_size(length_m, height_m, bed_m, waste=WASTE_FACTOR):
    return tuple(round(side * waste, 3) for side in (length_m, height_m, bed_m))


def labour_cost(finishes, rate=HOURLY_RATE, overtime=False):
    hours = sum(BANKER_HOURS_PER_FACE[finish] for finish in finishes)
    if overtime:
        hours *= 1.5
    return round(hours * rate, 2)


def quote_price(block, finishes, stone_price_per_m3=900.0, rate=HOURLY_RATE, discount=0.0):
    rough = rough_block_size(block.length_m, block.height_m, block.bed_m)
    stone_cost = rough[0] * rough[1] * rough[2] * stone_price_per_m3
    print("quote", block.mark, stone_cost)
    total = stone_cost + labour_cost(finishes, rate=rate)
    return round(total * (1 - discount), 2)


def needs_crane(block, limit=CRANE_LIMIT_TONNES):
    return block.weight_tonnes() > limit


class Yard:
    def __init__(self, name, masons=4):
        self.name = name
        self.masons = masons
        self.blocks = {}
        self.fixed = []

    def receive(self, block):
        if block.mark in self.blocks:
            raise KeyError(f"mark {block.mark} already in the yard")
        self.blocks[block.mark] = block

    def load_schedule(self, path):
        with open(path, newline="") as handle:
            rows = list(csv.DictReader(handle))
        for row in rows:
            block = Block(row["mark"], row["stone"], float(row["length"]),
                          float(row["height"]), float(row["bed"]))
            self.receive(block)
        return len(rows)

    def fix_in_place(self, mark, on=None):
        block = self.blocks.pop(mark)
        self.fixed.append((mark, on or date.today()))
        return needs_crane(block)

    def export_state(self, path):
        state = {
            "yard": self.name,
            "waiting": sorted(self.blocks),
            "fixed": [(mark, day.isoformat()) for mark, day in self.fixed],
        }
        with open(path, "w") as handle:
            json.dump(state, handle, indent=2)

    def crane_lifts(self):
        heavy = [mark for mark, block in self.blocks.items() if needs_crane(block)]
        return sorted(heavy)
