"""Challenge ladder for the village chess club."""

import logging
from dataclasses import dataclass
from datetime import date, timedelta

log = logging.getLogger(__name__)

MAX_CHALLENGE_GAP = 3
CHALLENGE_EXPIRY_DAYS = 14
RATING_K_FACTOR = 24


@dataclass
class Member:
    name: str
    rating: int = 1200
    active: bool = True


@dataclass
class Challenge:
    challenger: str
    defender: str
    issued: date


class Ladder:
    def __init__(self, members):
        self.rungs = [m.name for m in members]
        self.members = {m.name: m for m in members}
        self.open_challenges = []

    def position(self, name):
        return self.rungs.index(name) + 1

    def can_challenge(self, challenger, defender):
        gap = self.position(challenger) - self.position(defender)
        return 0 < gap <= MAX_CHALLENGE_GAP

    def issue(self, challenger, defender, today):
        if not self.can_challenge(challenger, defender):
            raise ValueError(f"{challenger} may not challenge {defender}")
        challenge = Challenge(challenger, defender, today)
        self.open_challenges.append(challenge)
        return challenge

    def record_result(self, challenge, challenger_won):
        self.open_challenges.remove(challenge)
        if challenger_won:
            self.rungs.remove(challenge.challenger)
            self.rungs.insert(self.position(challenge.defender) - 1, challenge.challenger)
        challenger = self.members[challenge.challenger]
        defender = self.members[challenge.defender]
        update_ratings(challenger, defender, player_won=challenger_won)

    def expire_old(self, today):
        cutoff = today - timedelta(days=CHALLENGE_EXPIRY_DAYS)
        expired = [c for c in self.open_challenges if c.issued < cutoff]
        for challenge in expired:
            self.open_challenges.remove(challenge)
        return expired


def expected_score(rating, opponent_rating):
    return 1 / (1 + 10 ** ((opponent_rating - rating) / 400))


def update_ratings(player, opponent, player_won):
    score = 1.0 if player_won else 0.0
    change = round(RATING_K_FACTOR * (score - expected_score(player.rating, opponent.rating)))
    player.rating += change
    opponent.rating -= change
    return change


def standings(ladder, show_ratings):
    lines = []
    for rung, name in enumerate(ladder.rungs, start=1):
        member = ladder.members[name]
        if not member.active:
            continue
        lines.append(f"{rung:>2}. {name} ({member.rating})")
    return lines


def print_standings(ladder):
    for line in standings(ladder, True):
        print(line)


def parse_member(line):
    name, _, rating = line.partition(",")
    return Member(name.strip(), int(rating) if rating.strip() else 1200)


def load_ladder(lines):
    members = [parse_member(line) for line in lines if line.strip()]
    print(f"loaded {len(members)} members")
    return Ladder(members)


def pending_for(ladder, name):
    return [c for c in ladder.open_challenges if name in (c.challenger, c.defender)]
