"""Fixtures, results and the table for a canoe polo league."""

import random
from collections import defaultdict
from dataclasses import dataclass

POINTS_FOR_WIN = 3
POINTS_FOR_DRAW = 1
HALF_MINUTES = 10
MAX_SQUAD = 8
EJECTION_LIMIT = 2


@dataclass
class Match:
    home: str
    away: str
    round_no: int
    home_goals: int = 0
    away_goals: int = 0
    played: bool = False

    def winner(self):
        if not self.played or self.home_goals == self.away_goals:
            return None
        return self.home if self.home_goals > self.away_goals else self.away


class Team:
    def __init__(self, name, club, division=1):
        self.name = name
        self.club = club
        self.division = division
        self.squad = []
        self.ejections = defaultdict(int)

    def sign(self, player):
        if len(self.squad) >= MAX_SQUAD:
            raise ValueError(f"{self.name} squad is full")
        self.squad.append(player)

    def eject(self, player):
        self.ejections[player] += 1
        return self.ejections[player] >= EJECTION_LIMIT

    def eligible_players(self):
        return [p for p in self.squad if self.ejections[p] < EJECTION_LIMIT]


class League:
    def __init__(self, name, season):
        self.name = name
        self.season = season
        self.teams = {}
        self.matches = []

    def enter(self, team):
        self.teams[team.name] = team

    def record_result(self, home, away, home_goals, away_goals):
        for match in self.matches:
            if match.home == home and match.away == away and not match.played:
                match.home_goals = home_goals
                match.away_goals = away_goals
                match.played = True
                return match
        raise KeyError(f"no fixture {home} v {away}")

    def standings(self):
        return league_table(self.matches, self.teams)


def round_robin(team_names, shuffle=False, seed=None):
    names = list(team_names)
    if shuffle:
        random.Random(seed).shuffle(names)
    if len(names) % 2:
        names.append(None)
    rounds = []
    for round_no in range(1, len(names)):
        pairs = []
        for i in range(len(names) // 2):
            home, away = names[i], names[-i - 1]
            if home and away:
                pairs.append(Match(home, away, round_no))
        rounds.append(pairs)
        names.insert(1, names.pop())
    return rounds


def league_table(matches, teams, points_per_win=POINTS_FOR_WIN):
    points = {name: 0 for name in teams}
    goal_diff = {name: 0 for name in teams}
    for match in matches:
        if not match.played:
            continue
        goal_diff[match.home] += match.home_goals - match.away_goals
        goal_diff[match.away] += match.away_goals - match.home_goals
        winner = match.winner()
        if winner is None:
            points[match.home] += POINTS_FOR_DRAW
            points[match.away] += POINTS_FOR_DRAW
        else:
            points[winner] += points_per_win
    return sorted(teams, key=lambda n: (-points[n], -goal_diff[n], n))


def build_fixtures(league, shuffle=True, seed=None):
    for pairs in round_robin(league.teams, shuffle=shuffle, seed=seed):
        league.matches.extend(pairs)
    return len(league.matches)
