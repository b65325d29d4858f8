"""Tent allocation for the summer scout camp."""

import csv
import itertools
from collections import defaultdict

TENT_CAPACITY = 4
LEADER_TENT_CAPACITY = 2
MIN_AGE_GAP = 2
PATROL_COLOURS = ("red", "blue", "green", "yellow")
DEFAULT_SITE = "Meadow"


def load_roster(path, delimiter=","):
    scouts = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            age = int(row["age"])
            scouts.append(Scout(row["name"], age, row.get("patrol", "red")))
    return scouts


def group_by_patrol(scouts):
    groups = defaultdict(list)
    for scout in scouts:
        groups[scout.patrol].append(scout)
    return dict(groups)


def split_into_tents(scouts, capacity=TENT_CAPACITY, by_age=True):
    ordered = sorted(scouts, key=lambda s: s.age) if by_age else list(scouts)
    tents = []
    for start in range(0, len(ordered), capacity):
        tents.append(ordered[start:start + capacity])
    return tents


def age_spread(tent, unit="years"):
    if not tent:
        return 0
    ages = [s.age for s in tent]
    return max(ages) - min(ages)


class Scout:
    def __init__(self, name, age, patrol="red"):
        if patrol not in PATROL_COLOURS:
            raise ValueError(f"unknown patrol colour: {patrol}")
        self.name = name
        self.age = age
        self.patrol = patrol
        self.medical_notes = []

    def needs_leader_nearby(self):
        return self.age < 11 or bool(self.medical_notes)

    def add_note(self, text):
        self.medical_notes.append(text.strip())
        return len(self.medical_notes)

    def __repr__(self):
        return f"Scout({self.name!r}, {self.age}, {self.patrol!r})"


class TentPlan:
    def __init__(self, site=DEFAULT_SITE, leaders=None):
        self.site = site
        self.leaders = list(leaders or [])
        self.tents = {}
        self.alerts = []

    def allocate(self, scouts, capacity=TENT_CAPACITY):
        for patrol, members in group_by_patrol(scouts).items():
            for number, tent in enumerate(split_into_tents(members, capacity), start=1):
                label = f"{patrol}-{number}"
                self.tents[label] = tent
                if age_spread(tent, unit="years") > MIN_AGE_GAP:
                    self.alerts.append(f"{label}: wide age range")
        return self.tents

    def leader_tents(self):
        pairs = []
        for index in itertools.count(1):
            start = (index - 1) * LEADER_TENT_CAPACITY
            chunk = self.leaders[start:start + LEADER_TENT_CAPACITY]
            if not chunk:
                break
            pairs.append(chunk)
        return pairs

    def occupancy(self):
        placed = sum(len(t) for t in self.tents.values())
        return {"site": self.site, "tents": len(self.tents), "scouts": placed}

    def tents_needing_leader(self):
        flagged = []
        for label, tent in self.tents.items():
            if any(s.needs_leader_nearby() for s in tent):
                flagged.append(label)
        return sorted(flagged)

    def clear_warnings(self):
        count = len(self.alerts)
        self.alerts = []
        return count
