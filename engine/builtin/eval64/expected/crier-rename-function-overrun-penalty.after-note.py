"""Score the rounds of a town crier contest."""

from __future__ import annotations

import math
from dataclasses import dataclass

ROUNDS = 2
MAX_MARK = 10
VOLUME_WEIGHT = 0.4
DICTION_WEIGHT = 0.35
BEARING_WEIGHT = 0.25
OVERRUN_PENALTY = 2
TIME_LIMIT_SEC = 150


@dataclass
class Cry:
    crier: str
    town: str
    round_no: int
    seconds: int
    marks: dict


def weighted_mark(marks, weights=None):
    if weights is None:
        weights = {
            "volume": VOLUME_WEIGHT,
            "diction": DICTION_WEIGHT,
            "bearing": BEARING_WEIGHT,
        }
    total = 0.0
    for criterion, weight in weights.items():
        mark = min(marks.get(criterion, 0), MAX_MARK)
        total += mark * weight
    return total


def lateness_penalty(seconds, limit=TIME_LIMIT_SEC):
    if seconds <= limit:
        return 0
    return OVERRUN_PENALTY * math.ceil((seconds - limit) / 30)


def score_cry(cry, limit=TIME_LIMIT_SEC):
    raw = weighted_mark(cry.marks)
    return max(raw - lateness_penalty(cry.seconds, limit=limit), 0)


class Judge:
    def __init__(self, name, strictness=1.0):
        self.name = name
        self.strictness = strictness
        self.cards = []

    def mark(self, cry, volume, diction, bearing):
        marks = {"volume": volume, "diction": diction, "bearing": bearing}
        adjusted = {k: v / self.strictness for k, v in marks.items()}
        cry.marks = adjusted
        self.cards.append((cry.crier, cry.round_no, adjusted))
        return adjusted

    def cards_for(self, crier):
        return [card for card in self.cards if card[0] == crier]


class Contest:
    def __init__(self, title, host_town):
        self.title = title
        self.host_town = host_town
        self.entries = []
        self.judges = []

    def enter(self, crier, town, round_no, seconds):
        cry = Cry(crier, town, round_no, seconds, {})
        self.entries.append(cry)
        return cry

    def add_judge(self, name, strictness=1.0):
        judge = Judge(name, strictness)
        self.judges.append(judge)
        return judge

    def totals(self, limit=TIME_LIMIT_SEC):
        scores = {}
        for cry in self.entries:
            scores[cry.crier] = scores.get(cry.crier, 0) + score_cry(cry, limit=limit)
        return scores

    def leaderboard(self):
        ranked = sorted(self.totals().items(), key=lambda item: item[1], reverse=True)
        return [(place, crier, round(score, 2)) for place, (crier, score) in enumerate(ranked, 1)]

    def complete(self):
        seen = {}
        for cry in self.entries:
            seen.setdefault(cry.crier, set()).add(cry.round_no)
        return all(len(rounds) == ROUNDS for rounds in seen.values())


def announce_winner(contest):
    board = contest.leaderboard()
    if not board:
        return "No entries this year."
    place, crier, score = board[0]
    return f"{contest.title}: the winner is {crier} with {score} points"
