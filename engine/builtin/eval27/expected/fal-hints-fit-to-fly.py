"""Weights, feeding and flying records for the birds in a falconry mews."""

import csv
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

FLYING_WEIGHT_MARGIN = 0.05
DAILY_RATION_FRACTION = 0.1
MOULT_MONTHS = (6, 7, 8, 9)


@dataclass
class Bird:
    name: str
    species: str
    flying_weight_g: int
    weights: dict[date, int] = field(default_factory=dict)
    in_moult: bool = False


@dataclass
class Flight:
    bird_name: str
    flown_on: date
    minutes: int
    kills: int = 0


def latest_weight(bird: Bird) -> int | None:
    if not bird.weights:
        return None
    return bird.weights[max(bird.weights)]


def fit_to_fly(bird: Bird, today: date) -> bool:
    weight = bird.weights.get(today)
    if weight is None or bird.in_moult:
        return False
    return abs(weight - bird.flying_weight_g) <= bird.flying_weight_g * FLYING_WEIGHT_MARGIN


def daily_ration_g(bird: Bird, working: bool = True) -> int:
    base = bird.flying_weight_g * DAILY_RATION_FRACTION
    return int(base * 1.2) if working else int(base)


def weigh(bird: Bird, day: date, grams: int, scale_id: str) -> None:
    if grams <= 0:
        raise ValueError("weight must be positive")
    bird.weights[day] = grams


def start_moult(birds: list[Bird], today: date) -> list[str]:
    moulting = []
    for bird in birds:
        if today.month in MOULT_MONTHS:
            bird.in_moult = True
            moulting.append(bird.name)
    return moulting


def flights_this_week(flights: list[Flight], today: date, days: int = 7) -> list[Flight]:
    return [f for f in flights if 0 <= (today - f.flown_on).days < days]


def total_minutes(flights: list[Flight], bird_name: str) -> int:
    return sum(flight.minutes for flight in flights if flight.bird_name == bird_name)


def export_weights(bird: Bird, path: Path) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["date", "grams"])
        for day in sorted(bird.weights):
            writer.writerow([day.isoformat(), bird.weights[day]])


def import_weights(bird: Bird, path: Path) -> int:
    count = 0
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            day = date.fromisoformat(row["date"])
            bird.weights[day] = int(row["grams"])
            count += 1
    return count


def weight_trend(bird: Bird, days: int = 5) -> float:
    recent = [bird.weights[d] for d in sorted(bird.weights)[-days:]]
    if len(recent) < 2:
        return 0.0
    return round(mean(recent[1:]) - recent[0], 1)


def kill_rate(flights: list[Flight]) -> float:
    if not flights:
        return 0.0
    total = sum(flight.kills for flight in flights)
    print("kill rate over", len(flights), "flights")
    return round(total / len(flights), 2)


def morning_board(birds: list[Bird], today: date) -> list[str]:
    lines = []
    for bird in birds:
        status = "fly" if fit_to_fly(bird, today) else "rest"
        lines.append(f"{bird.name} ({bird.species}): {status}, {daily_ration_g(bird)} g")
    return lines


def weigh_all(birds: list[Bird], today: date, readings: dict[str, int]) -> None:
    for bird in birds:
        if bird.name in readings:
            weigh(bird, today, readings[bird.name], scale_id="mews")
