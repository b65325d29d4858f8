"""Weights, feeding and flying records for birds kept in a falconry mews."""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

FLYING_WEIGHT_MARGIN = 0.05
DAYS_BETWEEN_BATHS = 3
QUARRY_FOODS = ("chick", "quail", "rat", "rabbit", "mouse")


@dataclass
class Bird:
    name: str
    species: str
    flying_weight_g: int
    weights: dict[date, int] = field(default_factory=dict)

    def weigh(self, day: date, grams: int) -> None:
        self.weights[day] = grams

    def latest_weight(self) -> int | None:
        if not self.weights:
            return None
        return self.weights[max(self.weights)]

    def fit_to_fly(self) -> bool:
        weight = self.latest_weight()
        if weight is None:
            return False
        return abs(weight - self.flying_weight_g) <= self.flying_weight_g * FLYING_WEIGHT_MARGIN


@dataclass
class Feed:
    bird_name: str
    fed_on: date
    food: str
    grams: int


class FeedingBook:
    def __init__(self) -> None:
        self.feeds: list[Feed] = []

    def add(self, feed: Feed) -> None:
        if feed.food not in QUARRY_FOODS:
            raise ValueError(f"unknown food: {feed.food}")
        self.feeds.append(feed)

    def grams_on(self, bird_name: str, day: date) -> int:
        return sum(f.grams for f in self.feeds if f.bird_name == bird_name and f.fed_on == day)

    def food_mix(self, bird_name: str) -> dict[str, int]:
        mix: dict[str, int] = {}
        for feed in self.feeds:
            if feed.bird_name == bird_name:
                mix[feed.food] = mix.get(feed.food, 0) + feed.grams
        return mix


def ration_for(bird: Bird) -> int:
    weight = bird.latest_weight() or bird.flying_weight_g
    if weight > bird.flying_weight_g:
        return round(bird.flying_weight_g * 0.08)
    return round(bird.flying_weight_g * 0.12)


def needs_bath(last_bath: date, today: date) -> bool:
    return (today - last_bath).days >= DAYS_BETWEEN_BATHS


def flying_team(birds: list[Bird]) -> list[str]:
    return [b.name for b in birds if b.fit_to_fly()]


def weight_trend(grams_by_day):
    days = sorted(grams_by_day)
    if len(days) < 2:
        return 0
    return grams_by_day[days[-1]] - grams_by_day[days[0]]


def load_weights(bird: Bird, path: Path) -> int:
    added = 0
    with path.open(newline="") as handle:
        for row in csv.reader(handle):
            day = date.fromisoformat(row[0])
            bird.weigh(day, int(row[1]))
            added += 1
    return added


def daily_sheet(birds: list[Bird], book: FeedingBook, today: date) -> list[str]:
    lines = []
    for bird in birds:
        ration = ration_for(bird)
        fed = book.grams_on(bird.name, today)
        status = "fly" if bird.fit_to_fly() else "rest"
        lines.append(f"{bird.name:<10} {status:<5} ration {ration} g, fed {fed} g")
    lines.sort()
    print(f"sheet for {today}: {len(lines)} birds")
    return lines


def heaviest_eater(book: FeedingBook, bird_names: list[str]) -> str | None:
    totals = {name: sum(book.food_mix(name).values()) for name in bird_names}
    if not totals:
        return None
    return max(totals, key=totals.get)
