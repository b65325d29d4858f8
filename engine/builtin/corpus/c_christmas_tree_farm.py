"""Plantation records, pricing and the December sales yard for a Christmas tree farm."""

import csv
import logging
import random
from collections import Counter, defaultdict, namedtuple
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Dict, List, Optional

logger = logging.getLogger(__name__)

PRICE_PER_FOOT = {"nordmann": 9.0, "fraser": 10.5, "norway spruce": 6.0, "blue spruce": 11.0}
NETTING_CHARGE = 2.0
POT_GROWN_SURCHARGE = 15.0
DELIVERY_RADIUS_MILES = 15
DELIVERY_CHARGE = 12.0
GROWTH_FEET_PER_YEAR = {"nordmann": 0.9, "fraser": 1.0, "norway spruce": 1.3, "blue spruce": 0.7}
SALEABLE_HEIGHTS = (4, 12)
STOCK_FILE = "plantation_blocks.csv"


class Grade(Enum):
    PREMIUM = "premium"
    STANDARD = "standard"
    CULL = "cull"


@dataclass
class Block:
    """A planted block of one species, all planted the same year."""

    code: str
    species: str
    planted: int
    trees: int
    average_height_ft: float = 1.0
    felled: int = 0
    losses: int = 0

    @property
    def standing(self) -> int:
        return self.trees - self.felled - self.losses

    def projected_height(self, season: int) -> float:
        years = max(season - self.planted, 0)
        return round(self.average_height_ft + years * GROWTH_FEET_PER_YEAR[self.species], 1)

    def ready(self, season):
        low, _ = SALEABLE_HEIGHTS
        return self.projected_height(season) >= low and self.standing > 0


Tree = namedtuple(
    "Tree", "tag species height_ft grade pot_grown block",
    defaults=(Grade.STANDARD, False, None),
)


def tree_price(tree, netted=True, *, delivery_miles=None):
    if tree.grade is Grade.CULL:
        return 0.0
    price = PRICE_PER_FOOT[tree.species] * tree.height_ft
    if tree.grade is Grade.PREMIUM:
        price *= 1.2
    if tree.pot_grown:
        price += POT_GROWN_SURCHARGE
    if netted:
        price += NETTING_CHARGE
    if delivery_miles is not None:
        if delivery_miles > DELIVERY_RADIUS_MILES:
            raise ValueError(f"{delivery_miles} miles is outside our delivery area")
        price += DELIVERY_CHARGE
    return round(price * 2) / 2


def grade_tree(height_ft, symmetry_score, needle_retention):
    """Grade from the yard team's 1-5 scores for shape and needles."""
    if symmetry_score <= 1 or needle_retention <= 1:
        return Grade.CULL
    if symmetry_score >= 4 and needle_retention >= 4 and height_ft >= 5:
        return Grade.PREMIUM
    return Grade.STANDARD


def felling_plan(blocks, season, target_trees, *, premium_share=0.25):
    """Spread the season's felling across ready blocks, oldest first."""
    ready = sorted((b for b in blocks if b.ready(season)), key=lambda b: b.planted)
    plan = {}
    remaining = target_trees
    for block in ready:
        if remaining <= 0:
            break
        take = min(block.standing, remaining)
        plan[block.code] = take
        remaining -= take
    if remaining > 0:
        logger.warning("short by %d trees for %d", remaining, season)
    expected_premium = round((target_trees - remaining) * premium_share)
    return plan, expected_premium


def replanting_plan(blocks, season, *, spacing_trees_per_acre=1800, acres=None):
    """Saplings needed to replace this season's felling and losses, by species."""
    needed = Counter()
    for block in blocks:
        gap = block.felled + block.losses
        if gap and block.ready(season):
            needed[block.species] += gap
    if acres is not None:
        capacity = int(acres * spacing_trees_per_acre)
        total = sum(needed.values())
        if total > capacity:
            logger.info("replanting capped at %d saplings (wanted %d)", capacity, total)
            scale = capacity / total
            needed = Counter({species: int(count * scale) for species, count in needed.items()})
    return dict(needed)


class SalesYard:
    def __init__(self, opening_day: date, stock: Optional[List[Tree]] = None):
        self.opening_day = opening_day
        self.stock: Dict[str, Tree] = {t.tag: t for t in stock or []}
        self.sold: List[tuple] = []

    def bring_in(self, block: Block, count: int, height_ft: float, rng=None):
        rng = rng or random.Random()
        trees = []
        for number in range(count):
            tag = f"{block.code}-{block.felled + number + 1:04d}"
            grade = grade_tree(height_ft, rng.randint(1, 5), rng.randint(2, 5))
            tree = Tree(tag, block.species, round(height_ft + rng.uniform(-0.5, 0.5), 1),
                        grade=grade, block=block.code)
            self.stock[tag] = tree
            trees.append(tree)
        block.felled += count
        return trees

    def sell(self, tag, sold_on, netted=True, delivery_miles=None):
        tree = self.stock.pop(tag)
        try:
            price = tree_price(tree, netted, delivery_miles=delivery_miles)
        except ValueError:
            self.stock[tag] = tree
            raise
        self.sold.append((sold_on, tree, price))
        return price

    def available(self, species=None, min_ft=0.0, max_ft=99.0):
        return [t for t in self.stock.values()
                if (species is None or t.species == species)
                and min_ft <= t.height_ft <= max_ft and t.grade is not Grade.CULL]

    def takings_by_day(self):
        totals = defaultdict(float)
        for sold_on, _, price in self.sold:
            totals[sold_on] += price
        return dict(sorted(totals.items()))

    def species_mix(self):
        return Counter(tree.species for _, tree, _ in self.sold)

    def chipping_pile(self):
        return [t.tag for t in self.stock.values() if t.grade is Grade.CULL]


def load_blocks(path=STOCK_FILE):
    blocks = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                blocks.append(Block(
                    code=row["code"],
                    species=row["species"].lower(),
                    planted=int(row["planted"]),
                    trees=int(row["trees"]),
                    average_height_ft=float(row.get("height_ft") or 1.0),
                    losses=int(row.get("losses") or 0),
                ))
            except (KeyError, ValueError) as exc:
                logger.error("bad row in %s: %s (%s)", path, row, exc)
    return blocks
