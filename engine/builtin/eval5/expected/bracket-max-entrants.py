"""Single-elimination tournament brackets with seeding and byes."""

import json
import logging
import math
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

BYE = "(bye)"
MAX_ENTRANTS = 256
ROUND_NAMES = {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}


@dataclass
class Match:
    round_number: int
    slot: int
    home: str | None = None
    away: str | None = None
    winner: str | None = None

    @property
    def decided(self):
        return self.winner is not None

    def record(self, winner):
        if winner not in (self.home, self.away):
            raise ValueError(f"{winner} is not playing in match {self.slot}")
        self.winner = winner
        return winner


def seed_order(size):
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [seed for pair in ((s, total - s) for s in order) for seed in pair]
    return order


def round_name(matches_in_round):
    return ROUND_NAMES.get(matches_in_round, f"Round of {matches_in_round * 2}")


class Bracket:
    def __init__(self, entrants, title="Open"):
        if len(entrants) > MAX_ENTRANTS:
            raise ValueError(f"at most {MAX_ENTRANTS} entrants")
        self.title = title
        self.entrants = list(entrants)
        self.size = 2 ** math.ceil(math.log2(max(len(entrants), 2)))
        self.rounds = []
        self._build()

    def _build(self):
        seeded = self.entrants + [BYE] * (self.size - len(self.entrants))
        order = seed_order(self.size)
        first = []
        for slot in range(self.size // 2):
            home = seeded[order[2 * slot] - 1]
            away = seeded[order[2 * slot + 1] - 1]
            first.append(Match(1, slot, home, away))
        self.rounds.append(first)
        count = len(first) // 2
        while count >= 1:
            self.rounds.append([Match(len(self.rounds) + 1, slot) for slot in range(count)])
            count //= 2
        for match in first:
            if BYE in (match.home, match.away):
                self.advance(match, match.away if match.home == BYE else match.home)

    def advance(self, match, winner):
        match.record(winner)
        if match.round_number == len(self.rounds):
            logger.info("%s won the %s", winner, self.title)
            return
        following = self.rounds[match.round_number][match.slot // 2]
        if match.slot % 2 == 0:
            following.home = winner
        else:
            following.away = winner

    def report(self, home, winner):
        for matches in self.rounds:
            for match in matches:
                if not match.decided and match.home == home:
                    self.advance(match, winner)
                    return match
        raise LookupError(f"no open match for {home}")

    @property
    def champion(self):
        return self.rounds[-1][0].winner

    def table(self):
        lines = []
        for matches in self.rounds:
            lines.append(round_name(len(matches)))
            for match in matches:
                mark = f" -> {match.winner}" if match.winner else ""
                lines.append(f"  {match.home or '?'} vs {match.away or '?'}{mark}")
        return "\n".join(lines)


def save_bracket(bracket, path):
    data = {
        "title": bracket.title,
        "entrants": bracket.entrants,
        "results": [[m.winner for m in matches] for matches in bracket.rounds],
    }
    Path(path).write_text(json.dumps(data, indent=2), encoding="utf-8")


def load_bracket(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    bracket = Bracket(data["entrants"], data.get("title", "Open"))
    for matches, results in zip(bracket.rounds, data["results"]):
        for match, winner in zip(matches, results):
            if winner and not match.decided:
                bracket.advance(match, winner)
    return bracket
