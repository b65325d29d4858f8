"""Record and summarise the finds from a mushroom foray."""

import statistics
from collections import defaultdict
from dataclasses import dataclass, field

EDIBILITY_GRADES = ("choice", "edible", "inedible", "poisonous", "deadly")
MAX_BASKET_GRAMS = 2500
MIN_CAP_MM = 15
SPORE_PRINT_COLOURS = {"white", "cream", "pink", "brown", "purple-black", "black"}
DEFAULT_HABITAT = "mixed woodland"


@dataclass
class Find:
    species: str
    weight_g: float
    cap_mm: int
    edibility: str = "inedible"
    habitat: str = DEFAULT_HABITAT
    spore_print: str = "white"
    notes: list = field(default_factory=list)


def is_collectable(find, min_cap=MIN_CAP_MM, allow_unknown=False):
    if find.edibility in ("poisonous", "deadly"):
        return False
    if find.cap_mm < min_cap:
        return False
    if find.spore_print not in SPORE_PRINT_COLOURS and not allow_unknown:
        return False
    return True


def edibility_rank(edibility):
    try:
        return EDIBILITY_GRADES.index(edibility)
    except ValueError:
        return len(EDIBILITY_GRADES)


def summarise_by_species(finds, collectable_only=True):
    totals = defaultdict(float)
    for find in finds:
        if collectable_only and not is_collectable(find):
            continue
        totals[find.species] += find.weight_g
    ranked = sorted(totals.items(), key=lambda item: item[1], reverse=True)
    return ranked


class ForayBasket:
    def __init__(self, forager, limit_g=MAX_BASKET_GRAMS):
        self.forager = forager
        self.limit_g = limit_g
        self.finds = []
        self.rejected = 0

    def current_weight(self):
        return sum(find.weight_g for find in self.finds)

    def add_find(self, find, strict=True):
        if strict and not is_collectable(find):
            self.rejected += 1
            return False
        if self.current_weight() + find.weight_g > self.limit_g:
            self.rejected += 1
            return False
        self.finds.append(find)
        return True

    def best_find(self):
        if not self.finds:
            return None
        return min(self.finds, key=lambda find: (edibility_rank(find.edibility), -find.weight_g))

    def report(self, collectable_only=True):
        lines = [f"Basket of {self.forager}: {len(self.finds)} finds"]
        for species, grams in summarise_by_species(self.finds, collectable_only=collectable_only):
            lines.append(f"  {species}: {grams:.0f} g")
        lines.append(f"  rejected: {self.rejected}")
        return "\n".join(lines)


class ForayDay:
    def __init__(self, site, leader):
        self.site = site
        self.leader = leader
        self.weather = "dry"
        self.baskets = {}

    def basket_for(self, forager):
        if forager not in self.baskets:
            self.baskets[forager] = ForayBasket(forager)
        return self.baskets[forager]

    def log_find(self, forager, species, weight_g, cap_mm, edibility="inedible"):
        find = Find(species, weight_g, cap_mm, edibility=edibility)
        return self.basket_for(forager).add_find(find)

    def all_finds(self):
        pooled = []
        for basket in self.baskets.values():
            pooled.extend(basket.finds)
        return pooled

    def median_cap(self):
        caps = [find.cap_mm for find in self.all_finds()]
        if not caps:
            return 0
        return statistics.median(caps)
