"""Hole layout and scorecards for the seafront mini-golf course."""

import json
from collections import defaultdict
from pathlib import Path

COURSE_NAME = "Pirate Cove"
HOLE_COUNT = 18
MAX_STROKES = 7
DEFAULT_PAR = 3
LAYOUT_FILE = Path("layout.json")


class Hole:
    def __init__(self, number, par=DEFAULT_PAR, obstacle="none"):
        self.number = number
        self.par = par
        self.obstacle = obstacle
        self.closed = False

    def close_for_repairs(self):
        self.closed = True

    def label(self):
        state = " (closed)" if self.closed else ""
        return f"Hole {self.number}: par {self.par}, {self.obstacle}{state}"


class Scorecard:
    def __init__(self, player, holes):
        self.player = player
        self.holes = holes
        self.strokes = {}

    def record(self, hole_number, strokes):
        capped = min(strokes, MAX_STROKES)
        self.strokes[hole_number] = capped
        return capped

    def total(self):
        return sum(self.strokes.values())

    def against_par(self):
        """Return strokes over (or under) par for the holes played so far."""
        par = sum(h.par for h in self.holes if h.number in self.strokes)
        return self.total() - par

    def holes_in_one(self):
        return [n for n, s in self.strokes.items() if s == 1]

    def best_hole(self):
        if not self.strokes:
            return None
        return min(self.strokes, key=self.strokes.get)


def load_layout(path=LAYOUT_FILE, skip_closed=True):
    raw = json.loads(path.read_text())
    holes = []
    for entry in raw["holes"]:
        hole = Hole(entry["number"], entry.get("par", DEFAULT_PAR), entry.get("obstacle", "none"))
        if entry.get("closed"):
            hole.close_for_repairs()
            if skip_closed:
                continue
        holes.append(hole)
    return holes


def leaderboard(cards, limit=10, colour="green"):
    ranked = sorted(cards, key=lambda card: (card.total(), card.player))
    rows = []
    for position, card in enumerate(ranked[:limit], start=1):
        diff = card.against_par()
        rows.append(f"{position}. {card.player} {card.total()} ({diff:+d})")
    return rows


def obstacle_stats(cards, holes):
    by_obstacle = defaultdict(list)
    for hole in holes:
        for card in cards:
            if hole.number in card.strokes:
                by_obstacle[hole.obstacle].append(card.strokes[hole.number])
    return {name: round(sum(s) / len(s), 2) for name, s in by_obstacle.items()}


def print_round(cards, path=LAYOUT_FILE):
    holes = load_layout(path)
    print(f"{COURSE_NAME} - {len(holes)} of {HOLE_COUNT} holes open")
    for row in leaderboard(cards, limit=5, colour="gold"):
        print(row)
    for name, avg in obstacle_stats(cards, holes).items():
        print(f"  {name}: {avg} strokes on average")
