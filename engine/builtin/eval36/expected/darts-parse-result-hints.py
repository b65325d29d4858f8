"""Fixtures and league table for a pub darts league."""

import itertools
import random
from collections import defaultdict

POINTS_FOR_WIN = 2
POINTS_FOR_DRAW = 1
LEGS_PER_MATCH = 9
VENUE_NIGHTS = ("Tuesday", "Wednesday", "Thursday")


class Team:
    def __init__(self, name, home_pub, captain=""):
        self.name = name
        self.home_pub = home_pub
        self.captain = captain

    def __repr__(self):
        return f"<{self.name} from {self.home_pub}>"

    def is_home_venue(self, pub):
        return self.home_pub.lower() == pub.lower()


class Fixture:
    def __init__(self, week, home, away, night=VENUE_NIGHTS[0]):
        self.week = week
        self.home = home
        self.away = away
        self.night = night
        self.home_legs = None
        self.away_legs = None

    def record_result(self, home_legs, away_legs):
        if home_legs + away_legs > LEGS_PER_MATCH:
            raise ValueError("more legs than a match allows")
        self.home_legs = home_legs
        self.away_legs = away_legs

    def is_played(self):
        return self.home_legs is not None

    def points(self):
        if not self.is_played():
            return 0, 0
        if self.home_legs > self.away_legs:
            return POINTS_FOR_WIN, 0
        if self.home_legs < self.away_legs:
            return 0, POINTS_FOR_WIN
        return POINTS_FOR_DRAW, POINTS_FOR_DRAW

    def describe(self):
        score = f"{self.home_legs}-{self.away_legs}" if self.is_played() else "v"
        return f"Week {self.week} ({self.night}): {self.home.name} {score} {self.away.name}"


def round_robin(teams, seed=None, double=True):
    rng = random.Random(seed)
    pairs = list(itertools.combinations(teams, 2))
    rng.shuffle(pairs)
    if double:
        pairs += [(away, home) for home, away in pairs]
    return pairs


def schedule_fixtures(teams, per_week=2, seed=None):
    fixtures = []
    for index, (home, away) in enumerate(round_robin(teams, seed=seed)):
        week = index // per_week + 1
        night = VENUE_NIGHTS[index % len(VENUE_NIGHTS)]
        fixtures.append(Fixture(week, home, away, night))
    return fixtures


def league_table(fixtures):
    points = defaultdict(int)
    legs = defaultdict(int)
    for fixture in fixtures:
        home_points, away_points = fixture.points()
        points[fixture.home.name] += home_points
        points[fixture.away.name] += away_points
        if fixture.is_played():
            legs[fixture.home.name] += fixture.home_legs
            legs[fixture.away.name] += fixture.away_legs
    return sorted(points, key=lambda name: (-points[name], -legs[name], name))


def parse_result(text: str) -> tuple[int, int]:
    home_text, away_text = text.split("-")
    return int(home_text), int(away_text)
