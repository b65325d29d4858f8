"""Score cards and squad rotation for the clay-pigeon club's Sunday shoots."""

import csv
import itertools
from dataclasses import dataclass

STANDS = ("high tower", "springing teal", "rabbit", "driven", "crosser")
TARGETS_PER_STAND = 10
SQUAD_SIZE = 5
CARTRIDGE_PRICE = 0.38
CLASS_BOUNDARIES = {"AA": 92, "A": 85, "B": 75, "C": 0}


@dataclass
class Shooter:
    name: str
    member: bool = True
    gun: str = "12 bore"


class ShootCard:
    def __init__(self, shooter, stands=STANDS):
        self.shooter = shooter
        self.stands = list(stands)
        self.kills = {stand: 0 for stand in self.stands}
        self.no_birds = 0

    def hit(self, stand, count=1):
        if stand not in self.kills:
            raise KeyError(stand)
        self.kills[stand] = min(self.kills[stand] + count, TARGETS_PER_STAND)

    def call_no_bird(self):
        self.no_birds += 1

    def score(self):
        return sum(self.kills.values())

    def percentage(self):
        possible = TARGETS_PER_STAND * len(self.stands)
        return round(100 * self.score() / possible, 1)

    def classification(self):
        pct = self.percentage()
        for grade, floor in CLASS_BOUNDARIES.items():
            if pct >= floor:
                return grade
        return "C"

    def best_stand(self):
        return max(self.stands, key=lambda stand: self.kills[stand])

    def stands_cleared(self):
        return [stand for stand in self.stands if self.kills[stand] == TARGETS_PER_STAND]


def make_squads(shooters, size=SQUAD_SIZE):
    members = sorted(shooters, key=lambda s: (not s.member, s.name))
    squads = []
    for start in range(0, len(members), size):
        squads.append(members[start:start + size])
    return squads


def cartridge_bill(card, price=CARTRIDGE_PRICE, discount=0.0, currency="GBP"):
    fired = TARGETS_PER_STAND * len(card.stands) + card.no_birds
    cost = fired * price
    if card.shooter.member:
        cost -= cost * discount
    return round(cost, 2)


def stand_rotation(squads, stands=STANDS):
    order = itertools.cycle(stands)
    rotation = {}
    for index, squad in enumerate(squads):
        first = next(order)
        rotation[index + 1] = (first, [s.name for s in squad])
    return rotation


def export_results(cards, path="results.csv", member_discount=0.15):
    rows = []
    for card in sorted(cards, key=lambda c: c.score(), reverse=True):
        bill = cartridge_bill(card, discount=member_discount, currency="GBP")
        rows.append([card.shooter.name, card.score(), card.classification(), f"{bill:.2f}"])
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "score", "class", "bill"])
        writer.writerows(rows)
    return len(rows)
