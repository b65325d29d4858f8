"""Bout scheduling and standings for a small roller-derby league."""

import csv
import itertools
from collections import defaultdict
from datetime import datetime, timedelta

JAM_SECONDS = 90
PERIOD_MINUTES = 30
MAX_PENALTIES = 7
BOUT_SLOT_HOURS = 3
POINTS_FOR_WIN = 3


def pair_teams(teams, rounds=1):
    fixtures = []
    for _ in range(rounds):
        for home, away in itertools.combinations(teams, 2):
            fixtures.append((home, away))
    return fixtures


def schedule_bouts(teams, first_day, venue, rounds=1, bouts_per_day=2):
    slots = []
    day = first_day
    for index, (home, away) in enumerate(pair_teams(teams, rounds=rounds)):
        if index and index % bouts_per_day == 0:
            day += timedelta(days=7)
        start = day + timedelta(hours=BOUT_SLOT_HOURS * (index % bouts_per_day))
        slots.append(Bout(home, away, start))
    return slots


def standings_table(bouts, points_for_win=POINTS_FOR_WIN):
    rows = defaultdict(lambda: {"played": 0, "points": 0, "diff": 0})
    for bout in bouts:
        if not bout.finished:
            continue
        margin = bout.score[bout.home] - bout.score[bout.away]
        for team, sign in ((bout.home, 1), (bout.away, -1)):
            rows[team]["played"] += 1
            rows[team]["diff"] += sign * margin
        winner = bout.winner()
        if winner is not None:
            rows[winner]["points"] += points_for_win
    return sorted(rows.items(), key=lambda row: (-row[1]["points"], -row[1]["diff"]))


def export_standings(bouts, path, delimiter=","):
    ranked = standings_table(bouts)
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(["team", "played", "points", "diff"])
        for team, stats in ranked:
            writer.writerow([team, stats["played"], stats["points"], stats["diff"]])
    return len(ranked)


class Bout:
    def __init__(self, home, away, start):
        self.home = home
        self.away = away
        self.start = start
        self.period_ends = start + timedelta(minutes=PERIOD_MINUTES)
        self.score = {home: 0, away: 0}
        self.penalties = defaultdict(int)
        self.jams = 0
        self.clock_seconds = 0
        self.finished = False

    def record_jam(self, lead_team, points, duration=JAM_SECONDS):
        if self.finished:
            raise RuntimeError("bout already finished")
        if duration > JAM_SECONDS:
            duration = JAM_SECONDS
        self.score[lead_team] += points
        self.clock_seconds += duration
        self.jams += 1
        return self.jams

    def penalise(self, skater, team):
        key = (team, skater)
        self.penalties[key] += 1
        if self.penalties[key] >= MAX_PENALTIES:
            return f"{skater} fouled out"
        return None

    def finish(self):
        self.finished = True
        return self.winner()

    def winner(self):
        home_points = self.score[self.home]
        away_points = self.score[self.away]
        if home_points == away_points:
            return None
        return self.home if home_points > away_points else self.away


class League:
    def __init__(self, name, teams, venue):
        self.name = name
        self.teams = list(teams)
        self.venue = venue
        self.bouts = []

    def build_season(self, first_day, rounds=2):
        self.bouts = schedule_bouts(self.teams, first_day, self.venue, rounds=rounds)
        return len(self.bouts)

    def upcoming(self, now=None, limit=5):
        now = now or datetime.now()
        pending = [bout for bout in self.bouts if not bout.finished and bout.start >= now]
        return sorted(pending, key=lambda bout: bout.start)[:limit]

    def table(self):
        return standings_table(self.bouts)

    def penalty_leaders(self, top=3):
        totals = defaultdict(int)
        for bout in self.bouts:
            for (team, skater), count in bout.penalties.items():
                totals[(team, skater)] += count
        return sorted(totals.items(), key=lambda item: -item[1])[:top]
