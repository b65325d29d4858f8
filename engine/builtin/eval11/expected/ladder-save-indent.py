"""A club tennis ladder: players ranked by position, challenges, match results and a standings table."""

import json
import logging
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

MAX_CHALLENGE_GAP = 3
SETS_TO_WIN = 2
LADDER_FILE = Path("ladder.json")
INACTIVE_AFTER_WEEKS = 6


@dataclass
class Player:
    name: str
    rating: int = 1000
    wins: int = 0
    losses: int = 0
    idle_weeks: int = 0

    def played(self):
        return self.wins + self.losses


@dataclass
class MatchResult:
    challenger: str
    defender: str
    sets: list[tuple[int, int]]

    def challenger_sets(self):
        return sum(1 for mine, theirs in self.sets if mine > theirs)

    def winner(self):
        won = self.challenger_sets()
        if won >= SETS_TO_WIN:
            return self.challenger
        return self.defender


class Ladder:
    def __init__(self, names=()):
        self.players = [Player(name) for name in names]

    def position(self, name):
        for index, player in enumerate(self.players):
            if player.name == name:
                return index + 1
        raise KeyError(name)

    def can_challenge(self, challenger, defender, max_gap=MAX_CHALLENGE_GAP):
        gap = self.position(challenger) - self.position(defender)
        return 0 < gap <= max_gap

    def record(self, result):
        if not self.can_challenge(result.challenger, result.defender):
            raise ValueError(f"{result.challenger} may not challenge {result.defender}")
        winner = result.winner()
        loser = result.defender if winner == result.challenger else result.challenger
        self.find(winner).wins += 1
        self.find(loser).losses += 1
        if winner == result.challenger:
            self.swap(result.challenger, result.defender)
        logger.info("%s beat %s", winner, loser)
        return winner

    def find(self, name):
        return self.players[self.position(name) - 1]

    def swap(self, first, second):
        i, j = self.position(first) - 1, self.position(second) - 1
        self.players[i], self.players[j] = self.players[j], self.players[i]

    def inactive(self, weeks=INACTIVE_AFTER_WEEKS):
        return [p.name for p in self.players if p.idle_weeks >= weeks]


def parse_score(text):
    sets = []
    for part in text.split(","):
        mine, theirs = part.strip().split("-")
        sets.append((int(mine), int(theirs)))
    return sets


def standings(ladder, width=20):
    lines = []
    for rank, player in enumerate(ladder.players, start=1):
        record = f"{player.wins}-{player.losses}"
        lines.append(f"{rank:>2}. {player.name:<{width}} {record}")
    return "\n".join(lines)


def save_ladder(ladder, path=LADDER_FILE, indent=2):
    rows = [{"name": p.name, "wins": p.wins, "losses": p.losses} for p in ladder.players]
    path.write_text(json.dumps(rows, indent=indent))


def load_ladder(path=LADDER_FILE):
    ladder = Ladder()
    for row in json.loads(path.read_text()):
        ladder.players.append(Player(row["name"], wins=row["wins"], losses=row["losses"]))
    return ladder
