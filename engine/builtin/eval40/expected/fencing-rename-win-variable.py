"""Bout scoring for the fencing club's Tuesday poules."""

import itertools
from collections import Counter

POOL_TOUCHES = 5
DIRECT_ELIM_TOUCHES = 15
PERIOD_SECONDS = 180
WEAPONS = ("foil", "epee", "sabre")
CARD_PENALTIES = {"yellow": 0, "red": 1, "black": None}


def touches_to_win(stage="pool"):
    if stage == "pool":
        return POOL_TOUCHES
    return DIRECT_ELIM_TOUCHES


def bout_order(fencers):
    return list(itertools.combinations(fencers, 2))


def indicator(victories, bouts, scored, received):
    if bouts == 0:
        return 0.0, 0
    ratio = round(victories / bouts, 3)
    return ratio, scored - received


def rank_fencers(results):
    table = []
    for name, record in results.items():
        ratio, diff = indicator(
            record["v"], record["bouts"], scored=record["ts"], received=record["tr"]
        )
        table.append((name, ratio, diff, record["ts"]))
    table.sort(key=lambda row: (row[1], row[2], row[3]), reverse=True)
    return [row[0] for row in table]


class Bout:
    def __init__(self, left, right, weapon="epee", stage="pool"):
        if weapon not in WEAPONS:
            raise ValueError(f"unknown weapon {weapon}")
        self.left = left
        self.right = right
        self.weapon = weapon
        self.target = touches_to_win(stage)
        self.scores = {left: 0, right: 0}
        self.cards = Counter()
        self.referee = None
        self.elapsed = 0

    def touch(self, fencer, double=False):
        if double and self.weapon == "epee":
            self.scores[self.left] += 1
            self.scores[self.right] += 1
        else:
            self.scores[fencer] += 1
        return self.is_over()

    def card(self, fencer, colour="yellow"):
        self.cards[(fencer, colour)] += 1
        penalty = CARD_PENALTIES[colour]
        if penalty:
            opponent = self.right if fencer == self.left else self.left
            self.scores[opponent] += penalty
        return penalty

    def tick(self, seconds=1):
        self.elapsed = min(self.elapsed + seconds, PERIOD_SECONDS)
        return PERIOD_SECONDS - self.elapsed

    def is_over(self):
        return max(self.scores.values()) >= self.target or self.elapsed >= PERIOD_SECONDS

    def winner(self):
        if not self.is_over():
            return None
        return max(self.scores, key=self.scores.get)


class Poule:
    def __init__(self, name, fencers, weapon="epee"):
        self.name = name
        self.fencers = list(fencers)
        self.weapon = weapon
        self.bouts = [Bout(a, b, weapon=weapon) for a, b in bout_order(self.fencers)]

    def results(self):
        table = {f: {"v": 0, "bouts": 0, "ts": 0, "tr": 0} for f in self.fencers}
        for bout in self.bouts:
            victor = bout.winner()
            if victor is None:
                continue
            for fencer in (bout.left, bout.right):
                other = bout.right if fencer == bout.left else bout.left
                row = table[fencer]
                row["bouts"] += 1
                row["ts"] += bout.scores[fencer]
                row["tr"] += bout.scores[other]
                if fencer == victor:
                    row["v"] += 1
        return table

    def ranking(self):
        return rank_fencers(self.results())

    def add_fencer(self, name):
        for other in self.fencers:
            self.bouts.append(Bout(name, other, weapon=self.weapon))
        self.fencers.append(name)
        return len(self.bouts)
