"""Challenge ladder and ratings for the Fenwick Road chess club."""

import math
from dataclasses import dataclass, field

K_FACTOR = 24
CHALLENGE_RANGE = 3
PROVISIONAL_GAMES = 5
STARTING_RATING = 1200
RESULT_SYMBOLS = {1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}


def expected_score(rating_a, rating_b):
    return 1 / (1 + 10 ** ((rating_b - rating_a) / 400))


def rating_change(rating, opponent, score, k=K_FACTOR):
    return round(k * (score - expected_score(rating, opponent)))


def swap_rungs(rungs, lower, upper):
    player = rungs.pop(lower)
    rungs.insert(upper, player)
    return rungs


@dataclass
class LadderPlayer:
    name: str
    rating: int = STARTING_RATING
    games: int = 0
    history: list = field(default_factory=list)

    @property
    def provisional(self):
        return self.games < PROVISIONAL_GAMES

    def record(self, opponent, score):
        k = K_FACTOR * 2 if self.provisional else K_FACTOR
        delta = rating_change(self.rating, opponent.rating, score, k=k)
        self.rating += delta
        self.games += 1
        self.history.append((opponent.name, score, delta))
        return delta

    def form(self, last=5):
        recent = self.history[-last:]
        return "".join("W" if s == 1 else "D" if s == 0.5 else "L" for _, s, _ in recent)


class ClubLadder:
    def __init__(self, names=()):
        self.rungs = [LadderPlayer(n) for n in names]
        self.pending = []

    def add_player(self, name, rating=STARTING_RATING):
        player = LadderPlayer(name, rating)
        self.rungs.append(player)
        self.rungs.sort(key=lambda p: -p.rating)
        return self.position(name)

    def position(self, name):
        for idx, player in enumerate(self.rungs):
            if player.name == name:
                return idx
        raise KeyError(name)

    def can_challenge(self, challenger, defender):
        rung_gap = self.position(challenger) - self.position(defender)
        return 0 < rung_gap <= CHALLENGE_RANGE

    def issue_challenge(self, challenger, defender):
        if not self.can_challenge(challenger, defender):
            raise ValueError(f"{challenger} cannot challenge {defender}")
        if (challenger, defender) in self.pending:
            return False
        self.pending.append((challenger, defender))
        return True

    def report_result(self, challenger, defender, challenger_score):
        self.pending.remove((challenger, defender))
        attacker = self.rungs[self.position(challenger)]
        holder = self.rungs[self.position(defender)]
        attacker.record(holder, challenger_score)
        holder.record(attacker, 1 - challenger_score)
        if challenger_score == 1:
            swap_rungs(self.rungs, self.position(challenger), self.position(defender))
        return RESULT_SYMBOLS[challenger_score]

    def standings(self):
        rows = []
        for rung, player in enumerate(self.rungs, start=1):
            flag = "*" if player.provisional else ""
            rows.append(f"{rung:>2}. {player.name:<18} {player.rating}{flag} {player.form()}")
        return rows


def rating_spread(ladder):
    ratings = [p.rating for p in ladder.rungs]
    if len(ratings) < 2:
        return 0.0
    mean = sum(ratings) / len(ratings)
    return math.sqrt(sum((r - mean) ** 2 for r in ratings) / (len(ratings) - 1))


def open_challenges(ladder, name=None):
    return [
        f"{c} v {d}"
        for c, d in ladder.pending
        if name is None or name in (c, d)
    ]
