"""Sheet bookings, league tables and ice upkeep for a curling rink."""

from collections import defaultdict
from dataclasses import dataclass, field

SHEETS = ("A", "B", "C", "D", "E")
ENDS_PER_GAME = 10
PEBBLE_PASSES = 2
POINTS_FOR_WIN = 3
POINTS_FOR_DRAW = 1


@dataclass
class Team:
    name: str
    skip: str
    club: str
    players: list[str] = field(default_factory=list)


@dataclass
class Game:
    sheet: str
    home: Team
    away: Team
    ends: list[tuple[int, int]] = field(default_factory=list)

    def score(self):
        home = sum(h for h, a in self.ends)
        away = sum(a for h, a in self.ends)
        return home, away

    def finished(self):
        return len(self.ends) >= ENDS_PER_GAME


class League:
    def __init__(self, season):
        self.season = season
        self.teams = {}
        self.games = []

    def enter(self, team):
        if team.name in self.teams:
            raise ValueError(f"{team.name} already entered")
        self.teams[team.name] = team

    def record(self, game):
        if not game.finished():
            raise ValueError("game has not finished")
        self.games.append(game)

    def table(self):
        points = defaultdict(int)
        for game in self.games:
            home, away = game.score()
            if home > away:
                points[game.home.name] += POINTS_FOR_WIN
            elif away > home:
                points[game.away.name] += POINTS_FOR_WIN
            else:
                points[game.home.name] += POINTS_FOR_DRAW
                points[game.away.name] += POINTS_FOR_DRAW
        return sorted(points.items(), key=lambda item: -item[1])


def free_sheets(games_now):
    taken = {g.sheet for g in games_now}
    return [s for s in SHEETS if s not in taken]


def pebble_water_litres(sheet_count, litres_per_pass=4.5):
    return sheet_count * PEBBLE_PASSES * litres_per_pass


def hammer_after(end_score, had_hammer):
    home, away = end_score
    if home == 0 and away == 0:
        return had_hammer
    return "away" if home > 0 else "home"


def blank_ends(game):
    return sum(1 for h, a in game.ends if h == 0 and a == 0)


def biggest_end(game):
    best = 0
    for h, a in game.ends:
        best = max(best, h, a)
    return best


def ice_temperature_ok(reading_c):
    return -5.5 <= reading_c <= -4.0


def club_strength(league, club):
    wins = 0
    for game in league.games:
        home, away = game.score()
        if home > away and game.home.club == club:
            wins += 1
        if away > home and game.away.club == club:
            wins += 1
    return wins


def fixture_card(game):
    home, away = game.score()
    return f"Sheet {game.sheet}: {game.home.name} {home} - {away} {game.away.name}"
