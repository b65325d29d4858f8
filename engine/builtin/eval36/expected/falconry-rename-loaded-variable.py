"""Daily weighing records for the birds in a falconry mews."""

import csv
import statistics
from datetime import date

FLYING_WEIGHT_MARGIN = 0.05
MIN_RECORDS_FOR_TREND = 3
WEIGHT_UNIT = "g"
SPECIES_TARGETS = {
    "harris hawk": 680,
    "barn owl": 320,
    "kestrel": 190,
    "peregrine": 720,
}


class Bird:
    def __init__(self, name, species, target_weight=None):
        self.name = name
        self.species = species
        self.target = target_weight or SPECIES_TARGETS.get(species, 0)
        self.weighings = []

    def record(self, day, grams):
        if grams <= 0:
            raise ValueError(f"impossible weight for {self.name}: {grams}")
        self.weighings.append((day, grams))

    def latest(self):
        if not self.weighings:
            return None
        return max(self.weighings)[1]

    def is_fit_to_fly(self, margin=FLYING_WEIGHT_MARGIN):
        weight = self.latest()
        if weight is None or not self.target:
            return False
        return abs(weight - self.target) <= self.target * margin


class Mews:
    def __init__(self, keeper):
        self.keeper = keeper
        self.birds = {}

    def add_bird(self, bird):
        self.birds[bird.name] = bird
        return bird

    def weigh(self, name, grams, day=None):
        bird = self.birds[name]
        bird.record(day or date.today(), grams)
        return bird

    def flying_today(self):
        return sorted(name for name, bird in self.birds.items() if bird.is_fit_to_fly())


def weight_trend(readings, window=MIN_RECORDS_FOR_TREND):
    recent = [grams for _, grams in sorted(readings)[-window:]]
    if len(recent) < window:
        return 0.0
    return round(recent[-1] - statistics.mean(recent[:-1]), 1)


def describe_bird(bird, unit=WEIGHT_UNIT, verbose=False):
    weight = bird.latest()
    if weight is None:
        return f"{bird.name}: not weighed"
    trend = weight_trend(bird.weighings)
    arrow = "up" if trend > 0 else "down" if trend < 0 else "steady"
    return f"{bird.name} ({bird.species}): {weight}{unit}, {arrow}"


def load_weighings(mews, path, delimiter=","):
    row_count = 0
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            mews.weigh(row["bird"], int(row["grams"]), date.fromisoformat(row["date"]))
            row_count += 1
    return row_count


def daily_report(mews, unit=WEIGHT_UNIT):
    lines = [f"Mews report for {mews.keeper}"]
    for name in sorted(mews.birds):
        lines.append(describe_bird(mews.birds[name], unit=unit, verbose=True))
    lines.append("Flying today: " + ", ".join(mews.flying_today()))
    return "\n".join(lines)
