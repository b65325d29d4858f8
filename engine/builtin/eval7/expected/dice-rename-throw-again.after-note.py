"""Dice game rules: rolling, holding dice between throws, and scoring a Yacht-style scorecard."""

import json
import logging
import random
from collections import Counter
from pathlib import Path

logger = logging.getLogger(__name__)

DICE_COUNT = 5
SIDES = 6
THROWS_PER_TURN = 3
FULL_HOUSE_POINTS = 25
SMALL_STRAIGHT_POINTS = 30
LARGE_STRAIGHT_POINTS = 40
YACHT_POINTS = 50
UPPER_BONUS_THRESHOLD = 63
UPPER_BONUS = 35
UPPER_CATEGORIES = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER_CATEGORIES = ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
                    "large_straight", "yacht", "chance")


def roll(count=DICE_COUNT, rng=None):
    rng = rng or random.Random()
    return [rng.randint(1, SIDES) for _ in range(count)]


def has_run(dice, length):
    faces = sorted(set(dice))
    best = run = 1
    for previous, current in zip(faces, faces[1:]):
        run = run + 1 if current == previous + 1 else 1
        best = max(best, run)
    return best >= length


def score_category(category, dice):
    counts = Counter(dice)
    if category in UPPER_CATEGORIES:
        face = UPPER_CATEGORIES.index(category) + 1
        return face * counts[face]
    if category == "three_of_a_kind":
        return sum(dice) if max(counts.values()) >= 3 else 0
    if category == "four_of_a_kind":
        return sum(dice) if max(counts.values()) >= 4 else 0
    if category == "full_house":
        return FULL_HOUSE_POINTS if sorted(counts.values()) == [2, 3] else 0
    if category == "small_straight":
        return SMALL_STRAIGHT_POINTS if has_run(dice, 4) else 0
    if category == "large_straight":
        return LARGE_STRAIGHT_POINTS if has_run(dice, 5) else 0
    if category == "yacht":
        return YACHT_POINTS if len(counts) == 1 else 0
    if category == "chance":
        return sum(dice)
    raise ValueError(f"unknown category {category!r}")


class Turn:
    def __init__(self, rng=None):
        self.rng = rng or random.Random()
        self.dice = roll(rng=self.rng)
        self.throws = 1
        self.held = set()

    def hold(self, *positions):
        for position in positions:
            if not 0 <= position < DICE_COUNT:
                raise IndexError(f"no die at position {position}")
            self.held.add(position)

    def release(self, position):
        self.held.discard(position)

    def rethrow(self):
        if self.throws >= THROWS_PER_TURN:
            raise RuntimeError("no throws left this turn")
        fresh = roll(DICE_COUNT - len(self.held), rng=self.rng)
        self.dice = [self.dice[i] if i in self.held else fresh.pop() for i in range(DICE_COUNT)]
        self.throws += 1
        return self.dice


class Scorecard:
    def __init__(self, player):
        self.player = player
        self.boxes = {}

    def open_categories(self):
        return [c for c in UPPER_CATEGORIES + LOWER_CATEGORIES if c not in self.boxes]

    def fill(self, category, dice):
        if category in self.boxes:
            raise ValueError(f"{self.player} already scored {category}")
        points = score_category(category, dice)
        self.boxes[category] = points
        return points

    def upper_total(self):
        return sum(self.boxes.get(c, 0) for c in UPPER_CATEGORIES)

    def total(self, bonus=UPPER_BONUS):
        points = sum(self.boxes.values())
        if self.upper_total() >= UPPER_BONUS_THRESHOLD:
            points += bonus
        return points


def best_category(card, dice):
    options = [(score_category(c, dice), c) for c in card.open_categories()]
    return max(options)[1] if options else None


def play_turn(card, rng=None):
    turn = Turn(rng=rng)
    while turn.throws < THROWS_PER_TURN and score_category("chance", turn.dice) < 20:
        turn.hold(*[i for i, face in enumerate(turn.dice) if face >= 4])
        turn.rethrow()
    category = best_category(card, turn.dice)
    return category, card.fill(category, turn.dice)


def save_scores(cards, path, indent=2):
    data = {card.player: {"boxes": card.boxes, "total": card.total()} for card in cards}
    Path(path).write_text(json.dumps(data, indent=indent), encoding="utf-8")
    logger.info("saved %d scorecards to %s", len(cards), path)
