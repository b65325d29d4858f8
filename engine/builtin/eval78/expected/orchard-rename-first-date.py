"""Pruning plans for a community orchard: which trees to cut, when, and by whom."""

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field

DORMANT_MONTHS = (11, 12, 1, 2)
MAX_CUT_FRACTION = 0.25
SUMMER_PRUNE_MONTH = 7
DEFAULT_VOLUNTEERS = 3
STONE_FRUIT = {"plum", "cherry", "damson", "gage"}


@dataclass
class Tree:
    tag: str
    variety: str
    fruit: str
    planted: int
    height_m: float
    notes: list = field(default_factory=list)

    def age(self, year=None):
        year = year or dt.date.today().year
        return year - self.planted

    def is_stone_fruit(self):
        return self.fruit in STONE_FRUIT


def pruning_window(tree, year=2024):
    if tree.is_stone_fruit():
        return [dt.date(year, SUMMER_PRUNE_MONTH, 1)]
    return [dt.date(year if m > 6 else year + 1, m, 1) for m in DORMANT_MONTHS]


def cut_allowance(tree, fraction=MAX_CUT_FRACTION, young_age=4):
    if tree.age() < young_age:
        fraction = fraction / 2
    branch_estimate = round(tree.height_m * 12)
    return max(1, int(branch_estimate * fraction))


def plan_season(trees, year=2024, volunteers=DEFAULT_VOLUNTEERS):
    by_month = defaultdict(list)
    for tree in trees:
        earliest = pruning_window(tree, year=year)[0]
        by_month[earliest.month].append(tree.tag)
    crews = {}
    for month, tags in sorted(by_month.items()):
        crews[month] = max(1, min(volunteers, len(tags) // 5 + 1))
    return dict(by_month), crews


def heavy_pruners(entries, threshold=10):
    totals = defaultdict(int)
    for _when, _tag, branches, pruner in entries:
        totals[pruner] += branches
    return sorted(name for name, total in totals.items() if total >= threshold)


class PruningLog:
    def __init__(self, orchard_name, trees=()):
        self.orchard_name = orchard_name
        self.trees = {t.tag: t for t in trees}
        self.entries = []
        self.cut_totals = defaultdict(int)

    def record_cut(self, tag, branches, pruner="volunteer"):
        tree = self.trees[tag]
        allowance = cut_allowance(tree, young_age=3)
        if branches > allowance:
            tree.notes.append("over-pruned by %d" % (branches - allowance))
        self.cut_totals[tag] += branches
        self.entries.append((dt.date.today(), tag, branches, pruner))
        return allowance - branches

    def trees_due(self, today=None):
        today = today or dt.date.today()
        due = []
        for tag, tree in self.trees.items():
            if today.month in DORMANT_MONTHS and not tree.is_stone_fruit():
                due.append(tag)
            elif today.month == SUMMER_PRUNE_MONTH and tree.is_stone_fruit():
                due.append(tag)
        return sorted(due)

    def busiest(self):
        return heavy_pruners(self.entries)

    def summary(self):
        lines = ["Pruning log for %s" % self.orchard_name]
        for tag in sorted(self.cut_totals):
            lines.append("  %s: %d branches" % (tag, self.cut_totals[tag]))
        lines.append("  due now: %s" % ", ".join(self.trees_due()))
        return "\n".join(lines)
