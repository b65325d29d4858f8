"""Scoring for the winter chess puzzle league at the community centre."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

POINTS_FOR_SOLVE = 3
POINTS_FOR_FIRST_SOLVE = 2
TIME_LIMIT_SECONDS = 600
DIVISIONS = ("Pawns", "Knights", "Rooks")


@dataclass
class Puzzle:
    number: int
    fen: str
    difficulty: int
    solution: str


class LeagueTable:
    def __init__(self, season, division="Pawns"):
        self.season = season
        self.division = division
        self.points = {}
        self.solve_times = {}

    def register(self, player):
        self.points.setdefault(player, 0)
        self.solve_times.setdefault(player, [])

    def award(self, player, amount, seconds):
        self.register(player)
        self.points[player] += amount
        self.solve_times[player].append(seconds)

    def average_time(self, player):
        times = self.solve_times.get(player, [])
        if not times:
            return None
        return statistics.mean(times)

    def standings(self):
        return sorted(self.points.items(), key=lambda item: (-item[1], item[0]))


def normalise_move(move):
    return move.strip().replace("+", "").replace("#", "").lower()


def is_correct(puzzle, answer):
    return normalise_move(answer) == normalise_move(puzzle.solution)


def score_attempt(puzzle, answer, seconds, first_solver=False):
    if seconds > TIME_LIMIT_SECONDS or not is_correct(puzzle, answer):
        return 0
    points = POINTS_FOR_SOLVE + puzzle.difficulty
    if first_solver:
        points += POINTS_FOR_FIRST_SOLVE
    return points


def mark_round(table, puzzle, attempts):
    solved_by = []
    for player, answer, seconds in sorted(attempts, key=lambda a: a[2]):
        points = score_attempt(puzzle, answer, seconds, first_solver=not solved_by)
        if points:
            solved_by.append(player)
            table.award(player, points, seconds)
        else:
            table.register(player)
    return solved_by


def start_season(season, divisions=DIVISIONS):
    return {name: LeagueTable(season, name) for name in divisions}


def promotion_candidates(table, places=2):
    ranked = table.standings()
    return [player for player, _ in ranked[:places]]


def division_after(division, promoted):
    index = DIVISIONS.index(division)
    if promoted and index + 1 < len(DIVISIONS):
        return DIVISIONS[index + 1]
    return division


def season_summary(table):
    lines = [f"{table.season} - {table.division} division"]
    for position, (player, points) in enumerate(table.standings(), start=1):
        average = table.average_time(player)
        timing = f"{average:.0f}s avg" if average is not None else "no solves"
        lines.append(f"{position}. {player} {points} pts ({timing})")
    promoted = promotion_candidates(table)
    for player in promoted:
        lines.append(f"{player} moves up to {division_after(table.division, True)}")
    return "\n".join(lines)


class PuzzleSet:
    def __init__(self, puzzles):
        self.puzzles = list(puzzles)

    def hardest(self):
        return max(self.puzzles, key=lambda p: p.difficulty)

    def by_number(self, number):
        for puzzle in self.puzzles:
            if puzzle.number == number:
                return puzzle
        raise KeyError(number)
