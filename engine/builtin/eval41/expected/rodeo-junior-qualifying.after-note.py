"""Ride scoring for the rough-stock events at a county rodeo."""

import statistics
from dataclasses import dataclass

QUALIFYING_SECONDS = 7.0
MAX_MARK = 25
EVENTS = ("bareback", "saddle bronc", "bull riding")
PAYOUT_SPLITS = (0.4, 0.3, 0.2, 0.1)


@dataclass
class JudgeCard:
    judge: str
    rider: float
    animal: float


def clamp_mark(value, low=0, high=MAX_MARK):
    return max(low, min(high, value))


def judge_total(rider_mark, animal_mark, judge_name):
    rider = clamp_mark(rider_mark)
    animal = clamp_mark(animal_mark)
    return rider + animal


def ride_score(cards, seconds, scale=2.0):
    if seconds < QUALIFYING_SECONDS:
        return 0.0
    totals = [judge_total(card.rider, card.animal, card.judge) for card in cards]
    if not totals:
        return 0.0
    return round(statistics.mean(totals) * scale, 1)


class GoRound:
    def __init__(self, event, round_no, stock_draw=None):
        if event not in EVENTS:
            raise ValueError(f"unknown event: {event}")
        self.event = event
        self.round_no = round_no
        self.stock_draw = stock_draw or {}
        self.results = {}
        self.rerides = []

    def drawn_animal(self, contestant):
        return self.stock_draw.get(contestant, "unassigned")

    def record(self, contestant, cards, seconds):
        score = ride_score(cards, seconds)
        animal_marks = [card.animal for card in cards]
        if score and self.offers_reride(animal_marks):
            self.rerides.append(contestant)
            return None
        self.results[contestant] = score
        return score

    def offers_reride(self, animal_marks, floor=15):
        if not animal_marks:
            return False
        return statistics.mean(animal_marks) < floor

    def clear_reride(self, contestant, cards, seconds):
        if contestant not in self.rerides:
            raise KeyError(f"{contestant} was not offered a reride")
        self.rerides.remove(contestant)
        score = ride_score(cards, seconds)
        self.results[contestant] = score
        return score

    def leaderboard(self, top=4):
        ranked = sorted(self.results.items(), key=lambda item: item[1], reverse=True)
        return ranked[:top]

    def payouts(self, purse):
        board = self.leaderboard(top=len(PAYOUT_SPLITS))
        checks = {}
        for (contestant, score), share in zip(board, PAYOUT_SPLITS):
            if score <= 0:
                continue
            checks[contestant] = round(purse * share, 2)
        return checks

    def summary(self):
        lines = [f"{self.event.title()} - round {self.round_no}"]
        for place, (contestant, score) in enumerate(self.leaderboard(), start=1):
            animal = self.drawn_animal(contestant)
            lines.append(f"{place}. {contestant} on {animal}: {score:.1f}")
        if self.rerides:
            lines.append("rerides: " + ", ".join(self.rerides))
        return "\n".join(lines)
