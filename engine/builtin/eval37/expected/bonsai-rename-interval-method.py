"""Watering and repotting schedule for a small bonsai collection."""

import json
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

WATERING_DAYS = {"juniper": 2, "maple": 1, "ficus": 3, "pine": 3, "elm": 2}
DEFAULT_WATERING_DAYS = 2
REPOT_YEARS_YOUNG = 2
REPOT_YEARS_OLD = 5
OLD_TREE_AGE = 15
HOT_DAY_CELSIUS = 28


@dataclass
class Tree:
    name: str
    species: str
    age_years: int
    last_watered: date
    last_repotted: date
    pot: str = "training"
    notes: list = field(default_factory=list)

    def days_between_waterings(self, temperature=None):
        days = WATERING_DAYS.get(self.species, DEFAULT_WATERING_DAYS)
        if temperature is not None and temperature >= HOT_DAY_CELSIUS:
            days = max(1, days // 2)
        return days

    def next_watering(self, temperature=None):
        return self.last_watered + timedelta(days=self.days_between_waterings(temperature))

    def repot_due(self):
        years = REPOT_YEARS_OLD if self.age_years >= OLD_TREE_AGE else REPOT_YEARS_YOUNG
        due = self.last_repotted.replace(year=self.last_repotted.year + years)
        return due


class CareLog:
    def __init__(self, path):
        self.path = Path(path)
        self.trees = {}
        self.history = []

    def load(self):
        if not self.path.exists():
            return 0
        raw = json.loads(self.path.read_text())
        for item in raw.get("trees", []):
            tree = Tree(
                item["name"],
                item["species"],
                item["age_years"],
                date.fromisoformat(item["last_watered"]),
                date.fromisoformat(item["last_repotted"]),
                item.get("pot", "training"),
                item.get("notes", []),
            )
            self.trees[tree.name] = tree
        return len(self.trees)

    def save(self):
        payload = {"trees": [serialise_tree(tree) for tree in self.trees.values()]}
        self.path.write_text(json.dumps(payload, indent=2))

    def water(self, name, when=None):
        tree = self.trees[name]
        tree.last_watered = when or date.today()
        self.history.append(("water", name, tree.last_watered.isoformat()))
        return tree

    def repot(self, name, pot, when=None):
        tree = self.trees[name]
        tree.last_repotted = when or date.today()
        tree.pot = pot
        tree.notes.append(f"repotted into {pot}")
        self.history.append(("repot", name, tree.last_repotted.isoformat()))
        return tree


def serialise_tree(tree):
    return {
        "name": tree.name,
        "species": tree.species,
        "age_years": tree.age_years,
        "last_watered": tree.last_watered.isoformat(),
        "last_repotted": tree.last_repotted.isoformat(),
        "pot": tree.pot,
        "notes": tree.notes,
    }


def open_collection(path):
    log = CareLog(path)
    log.load()
    return log


def thirsty_trees(log, today=None, temperature=None):
    today = today or date.today()
    due = []
    for tree in log.trees.values():
        if tree.next_watering(temperature) <= today:
            due.append(tree)
    return sorted(due, key=lambda tree: tree.next_watering(temperature))


def weekly_plan(log, start=None, temperature=None):
    start = start or date.today()
    plan = {}
    for offset in range(7):
        day = start + timedelta(days=offset)
        names = [tree.name for tree in thirsty_trees(log, today=day, temperature=temperature)]
        repots = [tree.name for tree in log.trees.values() if tree.repot_due() == day]
        plan[day.isoformat()] = {"water": names, "repot": repots}
    return plan
