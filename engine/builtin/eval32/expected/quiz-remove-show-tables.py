"""Scoring for a Tuesday-night pub quiz: rounds, jokers, tie-breaks and the bar-tab prize."""

import math
import re
from collections import defaultdict

ROUNDS = ("general", "music", "picture", "sport", "food and drink", "local history")
POINTS_PER_ANSWER = 2
HALF_MARK = 1
JOKER_MULTIPLIER = 2
MAX_TEAM_SIZE = 6
PRIZE_TAB = 25.00
ANSWER_CLEANUP = re.compile(r"[^a-z0-9 ]")


def normalise_answer(text):
    cleaned = ANSWER_CLEANUP.sub("", text.lower())
    return " ".join(cleaned.split())


def mark_answer(given, accepted, partial=None):
    guess = normalise_answer(given)
    if guess in (normalise_answer(option) for option in accepted):
        return POINTS_PER_ANSWER
    if partial and guess in (normalise_answer(option) for option in partial):
        return HALF_MARK
    return 0


class Team:
    def __init__(self, name, members, table_number):
        if len(members) > MAX_TEAM_SIZE:
            raise ValueError(f"{name} has {len(members)} players; the limit is {MAX_TEAM_SIZE}")
        self.name = name
        self.members = list(members)
        self.table_number = table_number
        self.round_scores = defaultdict(int)
        self.joker_round = None

    def play_joker(self, round_name):
        if self.joker_round is not None:
            raise ValueError(f"{self.name} have already played their joker")
        if round_name not in ROUNDS:
            raise ValueError(f"no such round: {round_name}")
        self.joker_round = round_name

    def add_points(self, round_name, points):
        if round_name == self.joker_round:
            points *= JOKER_MULTIPLIER
        self.round_scores[round_name] += points

    def total(self):
        return sum(self.round_scores.values())


class QuizNight:
    def __init__(self, venue, host, entry_fee=2.0):
        self.venue = venue
        self.host = host
        self.entry_fee = entry_fee
        self.teams = {}

    def register(self, team):
        if len(self.teams) >= 20:
            raise ValueError("no free tables left")
        self.teams[team.name] = team
        return len(self.teams)

    def score_sheet(self, round_name, sheet, answers):
        team = self.teams[sheet["team"]]
        for number, given in sheet["answers"].items():
            accepted, partial = answers[number]
            team.add_points(round_name, mark_answer(given, accepted, partial))
        return team.round_scores[round_name]

    def pot(self):
        players = sum(len(team.members) for team in self.teams.values())
        return players * self.entry_fee

    def tie_break(self, teams, target, guesses):
        def distance(team):
            return abs(guesses[team.name] - target)

        return sorted(teams, key=distance)

    def prize_split(self, winner, tab=PRIZE_TAB):
        share = tab / len(winner.members)
        return math.floor(share * 100) / 100


def leaderboard(night, tie_target=None, tie_guesses=None):
    ranked = sorted(night.teams.values(), key=lambda team: team.total(), reverse=True)
    if tie_target is not None and len(ranked) > 1 and ranked[0].total() == ranked[1].total():
        leaders = [team for team in ranked if team.total() == ranked[0].total()]
        rest = ranked[len(leaders):]
        ranked = night.tie_break(leaders, tie_target, tie_guesses) + rest
    lines = []
    for place, team in enumerate(ranked, start=1):
        lines.append(f"{place}. {team.name} - {team.total()} points")
    return lines


def announce(night, tie_target=None, tie_guesses=None):
    lines = leaderboard(night, tie_target, tie_guesses)
    header = f"Results from {night.venue}, hosted by {night.host}"
    return "\n".join([header, *lines])
