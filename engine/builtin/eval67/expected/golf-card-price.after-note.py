"""Scorecards and group rounds for the seafront crazy golf course."""

from __future__ import annotations

import statistics

HOLE_COUNT = 18
PAR_BY_HOLE = (2, 3, 2, 3, 3, 2, 4, 3, 2, 3, 2, 3, 4, 2, 3, 3, 2, 4)
MAX_STROKES = 6
HOLE_IN_ONE_BONUS = 1
CARD_PRICE = 5.5


def course_par(holes=HOLE_COUNT):
    return sum(PAR_BY_HOLE[:holes])


def capped(strokes, cap=MAX_STROKES):
    return min(strokes, cap)


def format_score(total, par, show_sign=False):
    diff = total - par
    if diff == 0:
        return "E"
    if show_sign and diff > 0:
        return f"+{diff}"
    return str(diff)


def print_cards(group, width=32, colour=False):
    rows = [group.group_name.center(width, "-")]
    for card in group.cards.values():
        rows.append(f"{card.player:<{width - 8}}{card.total():>4}{card.to_par():>4}")
    return "\n".join(rows)


class Scorecard:
    def __init__(self, player, holes=HOLE_COUNT):
        self.player = player
        self.holes = holes
        self.strokes = [None] * holes
        self.aces = 0

    def record(self, hole, strokes):
        if not 1 <= hole <= self.holes:
            raise ValueError(f"no hole {hole} on this course")
        if strokes == 1:
            self.aces += 1
        self.strokes[hole - 1] = capped(strokes)

    def completed(self):
        return all(s is not None for s in self.strokes)

    def total(self):
        played = [s for s in self.strokes if s is not None]
        return sum(played) - self.aces * HOLE_IN_ONE_BONUS

    def to_par(self):
        return format_score(self.total(), course_par(self.holes), show_sign=True)


class Round:
    def __init__(self, group_name, players, holes=HOLE_COUNT):
        self.group_name = group_name
        self.cards = {name: Scorecard(name, holes) for name in players}
        self.paid = 0.0

    def take_payment(self, amount, discount=0):
        due = len(self.cards) * CARD_PRICE * (1 - discount)
        self.paid += amount
        return round(self.paid - due, 2)

    def enter_hole(self, hole, scores):
        for player, strokes in scores.items():
            self.cards[player].record(hole, strokes)

    def finished(self):
        return all(card.completed() for card in self.cards.values())

    def leader(self):
        return min(self.cards.values(), key=lambda card: card.total())

    def hole_average(self, hole):
        played = [card.strokes[hole - 1] for card in self.cards.values()]
        played = [v for v in played if v is not None]
        return round(statistics.mean(played), 2) if played else None

    def scoreboard(self, width=36):
        return print_cards(self, width, colour=True)


def best_round(rounds):
    best_card = None
    for group in rounds:
        if not group.finished():
            continue
        card = group.leader()
        if best_card is None or card.total() < best_card.total():
            best_card = card
    return best_card
