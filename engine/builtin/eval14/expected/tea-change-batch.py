"""Recipes and batch costing for a small tea-blending business."""

import logging
from dataclasses import dataclass
from fractions import Fraction

log = logging.getLogger(__name__)

BATCH_GRAMS = 1000
STEEP_SECONDS = {"black": 240, "green": 120, "oolong": 180, "herbal": 300}
MARKUP = 2.5
MIN_COMPONENT_SHARE = Fraction(1, 20)


@dataclass
class Leaf:
    name: str
    kind: str
    price_per_kg: float
    stock_grams: int = 0


class Blend:
    def __init__(self, name, base_kind):
        self.name = name
        self.base_kind = base_kind
        self.components = []

    def add_component(self, leaf, share):
        share = Fraction(share)
        if share < MIN_COMPONENT_SHARE:
            raise ValueError(f"{leaf.name}: share below the minimum")
        self.components.append((leaf, share))

    def total_share(self):
        return sum((share for _, share in self.components), Fraction(0))

    def is_complete(self):
        return self.total_share() == 1

    def grams_needed(self, batch_grams=BATCH_GRAMS):
        return {leaf.name: int(batch_grams * share) for leaf, share in self.components}

    def cost_per_kg(self):
        return sum(leaf.price_per_kg * float(share) for leaf, share in self.components)


class Pantry:
    def __init__(self, leaves):
        self.leaves = {leaf.name: leaf for leaf in leaves}

    def can_make(self, blend, batch_grams=BATCH_GRAMS):
        for name, grams in blend.grams_needed(batch_grams).items():
            if self.leaves[name].stock_grams < grams:
                return False
        return True

    def take(self, blend, batch_grams=BATCH_GRAMS):
        if not self.can_make(blend, batch_grams):
            raise RuntimeError(f"not enough stock for {blend.name}")
        for name, grams in blend.grams_needed(batch_grams).items():
            self.leaves[name].stock_grams -= grams
        log.info("made %d g of %s", batch_grams, blend.name)


def retail_price(blend, pouch_grams):
    per_gram = blend.cost_per_kg() / 1000
    return round(per_gram * pouch_grams * MARKUP, 2)


def steep_time(blend, strong):
    seconds = STEEP_SECONDS.get(blend.base_kind, 180)
    if strong:
        seconds += 60
    return seconds


def label_text(blend, pouch_grams, origin_note):
    lines = [blend.name.upper(), f"{pouch_grams} g"]
    for leaf, share in blend.components:
        lines.append(f"{leaf.name} {float(share):.0%}")
    minutes = steep_time(blend, strong=False) // 60
    lines.append(f"steep {minutes} min")
    return "\n".join(lines)


def low_stock(pantry, threshold):
    short = [leaf.name for leaf in pantry.leaves.values() if leaf.stock_grams < threshold]
    print("checked stock")
    return sorted(short)


def reorder_list(pantry, threshold=250):
    return {name: threshold * 4 for name in low_stock(pantry, threshold)}


def stocked_pantry(leaves, grams):
    for leaf in leaves:
        leaf.stock_grams = grams
    return Pantry(leaves)
