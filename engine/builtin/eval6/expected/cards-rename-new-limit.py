"""A flashcard deck with spaced repetition: ease factors, intervals in days, a daily queue."""

import json
import random
from dataclasses import asdict, dataclass
from pathlib import Path

MIN_EASE = 1.3
START_EASE = 2.5
FIRST_INTERVALS = (1, 6)
DAILY_NEW_CARDS = 20
PASSING_GRADE = 3


@dataclass
class Card:
    front: str
    back: str
    ease: float = START_EASE
    interval: int = 0
    repetitions: int = 0
    due: int = 0  # day number
    lapses: int = 0

    def is_new(self):
        return self.repetitions == 0 and self.lapses == 0

    def review(self, grade, today):
        if not 0 <= grade <= 5:
            raise ValueError(f"grade must be 0-5, got {grade}")
        if grade < PASSING_GRADE:
            self.repetitions = 0
            self.interval = 1
            self.lapses += 1
        else:
            if self.repetitions < len(FIRST_INTERVALS):
                self.interval = FIRST_INTERVALS[self.repetitions]
            else:
                self.interval = round(self.interval * self.ease)
            self.repetitions += 1
        self.ease = next_ease(self.ease, grade)
        self.due = today + self.interval
        return self.due


def next_ease(ease, grade, floor=MIN_EASE):
    change = 0.1 - (5 - grade) * (0.08 + (5 - grade) * 0.02)
    return max(floor, round(ease + change, 2))


class Deck:
    def __init__(self, name, cards=None):
        self.name = name
        self.cards = list(cards or [])

    def add(self, front, back):
        card = Card(front, back)
        self.cards.append(card)
        return card

    def due_cards(self, today):
        return [card for card in self.cards if not card.is_new() and card.due <= today]

    def new_cards(self, limit=DAILY_NEW_CARDS):
        return [card for card in self.cards if card.is_new()][:limit]

    def queue(self, today, shuffle=True, seed=None):
        cards = self.due_cards(today) + self.new_cards()
        if shuffle:
            random.Random(seed).shuffle(cards)
        return cards

    def leeches(self, min_lapses=8):
        return [card for card in self.cards if card.lapses >= min_lapses]

    def stats(self, today):
        return {
            "total": len(self.cards),
            "new": sum(card.is_new() for card in self.cards),
            "due": len(self.due_cards(today)),
            "leeches": len(self.leeches()),
        }


def study(deck, answers, today):
    reviewed = 0
    for card in deck.queue(today, shuffle=False):
        grade = answers.get(card.front)
        if grade is None:
            continue
        card.review(grade, today)
        reviewed += 1
    return reviewed


def save_deck(deck, path):
    data = {"name": deck.name, "cards": [asdict(card) for card in deck.cards]}
    Path(path).write_text(json.dumps(data, indent=2))


def load_deck(path):
    data = json.loads(Path(path).read_text())
    return Deck(data["name"], [Card(**entry) for entry in data["cards"]])


def import_tsv(deck, text, separator="\t"):
    """Add a card for each ``front<TAB>back`` line of ``text``; return how many were added."""
    added = 0
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        front, _, back = line.partition(separator)
        deck.add(front.strip(), back.strip())
        added += 1
    return added
