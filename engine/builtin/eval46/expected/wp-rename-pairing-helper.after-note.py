"""Fixtures, standings and discipline records for a regional water polo league."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field

POINTS_FOR_WIN = 3
POINTS_FOR_DRAW = 1
MAX_EXCLUSIONS = 3
QUARTER_MINUTES = 8
POOL_BOOKING_SLACK = dt.timedelta(minutes=30)


@dataclass
class Team:
    name: str
    pool: str
    roster: list[str] = field(default_factory=list)

    def add_player(self, player: str) -> None:
        if player in self.roster:
            raise ValueError(f"{player} already plays for {self.name}")
        self.roster.append(player)

    def squad_size(self) -> int:
        return len(self.roster)


class LeagueTable:
    """Running standings, rebuilt from match results."""

    def __init__(self, season: str, teams: list[Team]) -> None:
        self.season = season
        self.teams = {team.name: team for team in teams}
        self.points = defaultdict(int)
        self.goal_difference = defaultdict(int)
        self.exclusions = defaultdict(int)

    def record_result(self, home: str, away: str, home_goals: int, away_goals: int) -> None:
        for name in (home, away):
            if name not in self.teams:
                raise KeyError(f"unknown team: {name}")
        self.goal_difference[home] += home_goals - away_goals
        self.goal_difference[away] += away_goals - home_goals
        if home_goals > away_goals:
            self.points[home] += POINTS_FOR_WIN
        elif away_goals > home_goals:
            self.points[away] += POINTS_FOR_WIN
        else:
            self.points[home] += POINTS_FOR_DRAW
            self.points[away] += POINTS_FOR_DRAW

    def log_exclusion(self, player: str) -> bool:
        self.exclusions[player] += 1
        return self.exclusions[player] >= MAX_EXCLUSIONS

    def standings(self) -> list[tuple[str, int, int]]:
        rows = [(name, self.points[name], self.goal_difference[name]) for name in self.teams]
        rows.sort(key=lambda row: (row[1], row[2]), reverse=True)
        return rows


def match_length(quarters: int = 4, break_minutes: int = 2) -> int:
    playing = quarters * QUARTER_MINUTES
    breaks = (quarters - 1) * break_minutes
    return playing + breaks


def all_pairings(team_names: list[str]) -> list[tuple[str, str]]:
    pairings = []
    for i, home in enumerate(team_names):
        for away in team_names[i + 1:]:
            pairings.append((home, away))
    return pairings


def schedule_fixtures(table: LeagueTable, first_day: dt.date, games_per_day: int = 3) -> list[dict]:
    pairings = all_pairings(sorted(table.teams))
    fixtures = []
    day = first_day
    slot_minutes = match_length(break_minutes=3) + POOL_BOOKING_SLACK.seconds // 60
    for index, (home, away) in enumerate(pairings):
        if index and index % games_per_day == 0:
            day += dt.timedelta(days=7)
        fixtures.append({
            "date": day.isoformat(),
            "home": home,
            "away": away,
            "pool": table.teams[home].pool,
            "slot": index % games_per_day,
            "minutes": slot_minutes,
        })
    return fixtures


def format_standings(table: LeagueTable, width: int = 24) -> str:
    lines = [f"{table.season} standings".center(width + 12, "=")]
    for position, (name, points, difference) in enumerate(table.standings(), start=1):
        label = name.ljust(width)
        lines.append(f"{position:>2}. {label} {points:>3} {difference:+4d}")
    return "\n".join(lines)
