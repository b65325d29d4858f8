"""League table and fixture helpers for an under-12s Sunday football league."""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass
from typing import Dict, Iterable, List, Tuple

POINTS_FOR_WIN = 3
POINTS_FOR_DRAW = 1
MAX_SQUAD_SIZE = 16
MIN_PLAYING_MINUTES = 20
MATCH_LENGTH_MINUTES = 50


@dataclass
class Result:
    home: str
    away: str
    home_goals: int
    away_goals: int


@dataclass
class TableRow:
    """One line of the league table."""
    team: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0

    @property
    def goal_difference(self) -> int:
        return self.goals_for - self.goals_against

    @property
    def points(self) -> int:
        return self.won * POINTS_FOR_WIN + self.drawn * POINTS_FOR_DRAW


class Squad:
    def __init__(self, team: str, coach: str) -> None:
        self.team = team
        self.coach = coach
        self.players: List[str] = []
        self.minutes: Dict[str, int] = defaultdict(int)

    def register(self, player: str) -> bool:
        """Add a player unless already registered or the squad is full."""
        if player in self.players or len(self.players) >= MAX_SQUAD_SIZE:
            return False
        self.players.append(player)
        return True

    def log_minutes(self, player: str, minutes: int) -> None:
        if player not in self.players:
            raise KeyError(f"{player} is not registered with {self.team}")
        self.minutes[player] += min(minutes, MATCH_LENGTH_MINUTES)

    def under_played(self, matches: int, *, threshold: int = MIN_PLAYING_MINUTES) -> List[str]:
        """Players averaging less than the league's fair-play minimum."""
        if matches == 0:
            return []
        return [p for p in self.players if self.minutes[p] / matches < threshold]


def _apply(row: TableRow, scored: int, conceded: int) -> None:
    row.played += 1
    row.goals_for += scored
    row.goals_against += conceded
    if scored > conceded:
        row.won += 1
    elif scored == conceded:
        row.drawn += 1
    else:
        row.lost += 1


def build_table(results: Iterable[Result]) -> List[TableRow]:
    """League table sorted by points, goal difference, then goals scored."""
    rows: Dict[str, TableRow] = {}
    for result in results:
        home = rows.setdefault(result.home, TableRow(result.home))
        away = rows.setdefault(result.away, TableRow(result.away))
        _apply(home, result.home_goals, result.away_goals)
        _apply(away, result.away_goals, result.home_goals)
    return sorted(
        rows.values(),
        key=lambda r: (-r.points, -r.goal_difference, -r.goals_for, r.team),
    )


def round_robin(teams: List[str], double: bool = True) -> List[Tuple[str, str]]:
    """Every team plays every other, home and away if `double`."""
    fixtures = list(itertools.combinations(teams, 2))
    if double:
        fixtures += [(away, home) for home, away in fixtures]
    return fixtures


def format_table(rows: List[TableRow], width: int = 18) -> str:
    lines = [f"{'Team':<{width}} P  W  D  L  GD Pts"]
    for row in rows:
        lines.append(
            f"{row.team:<{width}} {row.played:<2} {row.won:<2} {row.drawn:<2} "
            f"{row.lost:<2} {row.goal_difference:>3} {row.points:>3}"
        )
    return "\n".join(lines)
