"""Harvest records for the community orchard.

Volunteers weigh what they pick from each tree on harvest days. The
records are used to share fruit fairly between members, decide what
goes to the juicing day, and plan next year's pruning.
"""

import csv
import itertools
import logging
import statistics
from collections import defaultdict, namedtuple
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from pathlib import Path
from typing import Dict, List, Optional

logger = logging.getLogger(__name__)

HARVEST_LOG = "harvest_{year}.csv"
JUICE_KG_PER_LITRE = 1.6
MEMBER_SHARE_CAP_KG = 15.0
BRUISED_TO_JUICE = True
PICKING_WINDOWS = {
    "early": (8, 9),
    "mid": (9, 10),
    "late": (10, 11),
}
LOW_YIELD_FRACTION = 0.6


class Use(Enum):
    DESSERT = "dessert"
    COOKING = "cooking"
    CIDER = "cider"
    DUAL = "dual"


@dataclass
class Tree:
    """A tree in the orchard, identified by the tag nailed to its stake."""
    tag: str
    variety: str
    fruit: str
    use: Use
    season: str = "mid"
    planted: int = 2012
    rootstock: str = "MM106"
    notes: List[str] = field(default_factory=list)

    def age(self, year):
        return year - self.planted

    def in_window(self, day):
        """Whether the day falls in this variety's usual picking months."""
        start, end = PICKING_WINDOWS.get(self.season, (9, 10))
        return start <= day.month <= end


Pick = namedtuple("Pick", "tree_tag picked_on kg picker bruised_kg", defaults=(0.0,))


class HarvestBook:
    """All the picks recorded for one season."""
    def __init__(self, year, trees=None):
        self.year = year
        self.trees = {t.tag: t for t in (trees or [])}
        self.picks = []

    def plant(self, tree: Tree):
        if tree.tag in self.trees:
            raise ValueError(f"tag {tree.tag} is already used by {self.trees[tree.tag].variety}")
        self.trees[tree.tag] = tree

    def record(self, tree_tag, kg, picker, picked_on=None, bruised_kg=0.0):
        """Log a weighed basket from a tree."""
        tree = self.trees.get(tree_tag)
        if tree is None:
            raise KeyError(f"no tree tagged {tree_tag}")
        picked_on = picked_on or date.today()
        if not tree.in_window(picked_on):
            logger.warning("%s picked outside its usual window", tree.variety)
        pick = Pick(tree_tag, picked_on, round(kg, 2), picker, round(bruised_kg, 2))
        self.picks.append(pick)
        return pick

    def picks_on(self, day):
        return [p for p in self.picks if p.picked_on == day]

    def yield_by_tree(self):
        totals = defaultdict(float)
        for pick in self.picks:
            totals[pick.tree_tag] += pick.kg
        return dict(totals)

    def yield_by_variety(self):
        totals = defaultdict(float)
        for tag, kg in self.yield_by_tree().items():
            totals[self.trees[tag].variety] += kg
        return dict(sorted(totals.items(), key=lambda pair: -pair[1]))

    def juicing_kg(self, include_bruised=BRUISED_TO_JUICE):
        """Fruit set aside for juicing day: cider apples plus any bruised fruit."""
        kg = 0.0
        for pick in self.picks:
            tree = self.trees[pick.tree_tag]
            if tree.use is Use.CIDER:
                kg += pick.kg
            elif include_bruised:
                kg += pick.bruised_kg
        return round(kg, 1)

    def save(self, folder):
        path = Path(folder) / HARVEST_LOG.format(year=self.year)
        with path.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["tree", "variety", "date", "kg", "bruised_kg", "picker"])
            for pick in sorted(self.picks, key=lambda p: (p.picked_on, p.tree_tag)):
                writer.writerow([pick.tree_tag, self.trees[pick.tree_tag].variety,
                                 pick.picked_on.isoformat(), pick.kg, pick.bruised_kg, pick.picker])
        return path

    @classmethod
    def load(cls, folder, year, trees):
        """Read a season's harvest log back in, skipping damaged rows."""
        book = cls(year, trees)
        path = Path(folder) / HARVEST_LOG.format(year=year)
        if not path.exists():
            return book
        with path.open(newline="") as handle:
            for row in csv.DictReader(handle):
                try:
                    book.picks.append(Pick(row["tree"], date.fromisoformat(row["date"]),
                                           float(row["kg"]), row["picker"],
                                           float(row.get("bruised_kg") or 0)))
                except (KeyError, ValueError) as exc:
                    logger.error("skipping bad harvest row %r: %s", row, exc)
        return book


def litres_of_juice(kg: float, kg_per_litre: float = JUICE_KG_PER_LITRE) -> float:
    return round(kg / kg_per_litre, 1)


def share_out(book: HarvestBook, members: List[str], *, cap_kg=MEMBER_SHARE_CAP_KG) -> Dict[str, float]:
    """Split the eating and cooking fruit equally, capped per member.

    Anything over the caps goes to the food bank.
    """
    if not members:
        return {"food bank": sum(p.kg - p.bruised_kg for p in book.picks)}
    sound = sum(
        p.kg - p.bruised_kg for p in book.picks if book.trees[p.tree_tag].use is not Use.CIDER
    )
    each = min(sound / len(members), cap_kg)
    shares = {member: round(each, 1) for member in members}
    shares["food bank"] = round(sound - each * len(members), 1)
    return shares


def low_yield_trees(book: HarvestBook, previous: Optional[Dict[str, float]] = None,
                    fraction=LOW_YIELD_FRACTION) -> List[str]:
    """Trees that cropped well below last year or below others of their variety."""
    current = book.yield_by_tree()
    if previous:
        return sorted(tag for tag, kg in previous.items() if current.get(tag, 0) < kg * fraction)
    by_variety = defaultdict(list)
    for tag, tree in book.trees.items():
        by_variety[tree.variety].append(current.get(tag, 0.0))
    flagged = []
    for tag, tree in book.trees.items():
        peers = by_variety[tree.variety]
        if len(peers) > 1 and current.get(tag, 0.0) < statistics.median(peers) * fraction:
            flagged.append(tag)
    return sorted(flagged)


def top_pickers(book, count=3):
    """Volunteers who picked the most, for the newsletter."""
    ordered = sorted(book.picks, key=lambda p: p.picker)
    totals = [(picker, round(sum(p.kg for p in group), 1))
              for picker, group in itertools.groupby(ordered, key=lambda p: p.picker)]
    return sorted(totals, key=lambda pair: -pair[1])[:count]


def harvest_day_summary(book, day):
    picks = book.picks_on(day)
    if not picks:
        return f"No picking recorded on {day:%d %B}"
    total = sum(p.kg for p in picks)
    varieties = sorted({book.trees[p.tree_tag].variety for p in picks})
    pickers = len({p.picker for p in picks})
    return (f"{day:%d %B}: {total:.1f} kg from {len(varieties)} varieties "
            f"({', '.join(varieties)}) by {pickers} volunteers")
