"""Weights, feeding and flying records for a falconry mews."""

import json
from datetime import date, timedelta
from pathlib import Path

FLYING_WEIGHT_MARGIN = 0.06
CHICKS_PER_100G = 0.8
SPECIES = ("harris hawk", "barn owl", "kestrel", "peregrine", "lanner")


class Bird:
    def __init__(self, name, species, flying_weight_g, hatched):
        self.name = name
        self.species = species
        self.flying_weight_g = flying_weight_g
        self.hatched = hatched
        self.weights = {}
        self.flights = []

    def weigh(self, day, grams):
        self.weights[day] = grams

    def latest_weight(self):
        if not self.weights:
            return None
        return self.weights[max(self.weights)]

    def fly(self, day, minutes, quarry=None):
        self.flights.append((day, minutes, quarry))


def fit_to_fly(bird, tolerance=FLYING_WEIGHT_MARGIN):
    weight = bird.latest_weight()
    if weight is None:
        return False
    low = bird.flying_weight_g * (1 - tolerance)
    high = bird.flying_weight_g * (1 + tolerance)
    return low <= weight <= high


def food_ration(bird):
    weight = bird.latest_weight() or bird.flying_weight_g
    if weight > bird.flying_weight_g:
        return 0.5 * CHICKS_PER_100G * bird.flying_weight_g / 100
    return CHICKS_PER_100G * bird.flying_weight_g / 100


def weekly_minutes(bird, week_start):
    week_end = week_start + timedelta(days=7)
    return sum(m for d, m, q in bird.flights if week_start <= d < week_end)


def age_years(bird: Bird, today: date) -> int:
    return (today - bird.hatched).days // 365


def load_mews(path):
    data = json.loads(Path(path).read_text())
    birds = []
    for entry in data:
        bird = Bird(entry["name"], entry["species"], entry["flying_weight_g"], date.fromisoformat(entry["hatched"]))
        birds.append(bird)
    return birds


def save_weights(birds, path):
    print("saving", len(birds), "birds")
    out = {}
    for bird in birds:
        out[bird.name] = {d.isoformat(): g for d, g in bird.weights.items()}
    Path(path).write_text(json.dumps(out, indent=2))


def flying_team(birds, today):
    team = []
    for bird in birds:
        if fit_to_fly(bird):
            team.append(bird.name)
    return team


def catches(bird, season_start):
    return [q for d, m, q in bird.flights if q and d >= season_start]


def weight_trend(bird, days=7):
    recent = sorted(bird.weights.items())[-days:]
    if len(recent) < 2:
        return 0
    return recent[-1][1] - recent[0][1]


def display_order(birds, by_species):
    return sorted(birds, key=lambda b: (SPECIES.index(b.species), b.name))


def daily_sheet(birds, day):
    rows = []
    for bird in birds:
        weight = bird.weights.get(day, "-")
        ration = round(food_ration(bird), 1)
        rows.append(f"{bird.name:<10} {weight:>6} {ration:>4}")
    return "\n".join(rows)


def retire(birds, name):
    for bird in birds:
        if bird.name == name:
            birds.remove(bird)
            return bird
    return None
