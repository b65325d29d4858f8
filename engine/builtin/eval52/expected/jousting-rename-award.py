"""Heats, scoring and the lists schedule for a jousting tournament."""

import itertools
import random

POINTS = {"shield": 1, "helm": 3, "unhorsed": 5, "broken_lance": 2}
PASSES_PER_HEAT = 3
MINUTES_PER_PASS = 4
LISTS_OPEN_HOUR = 11
PENALTY_TILT_STRIKE = 2


class Knight:
    def __init__(self, name, house, horse, seed=0):
        self.name = name
        self.house = house
        self.horse = horse
        self.seed = seed
        self.score = 0
        self.heats_ridden = 0

    def add_points(self, outcome):
        self.score += POINTS[outcome]
        return self.score

    def penalise(self, strikes=1):
        self.score = max(0, self.score - strikes * PENALTY_TILT_STRIKE)


class Heat:
    def __init__(self, number, first, second):
        self.number = number
        self.first = first
        self.second = second
        self.passes = []

    def record_pass(self, first_outcome=None, second_outcome=None):
        if len(self.passes) >= PASSES_PER_HEAT:
            raise ValueError(f"heat {self.number} already has {PASSES_PER_HEAT} passes")
        self.passes.append((first_outcome, second_outcome))
        if first_outcome:
            self.first.add_points(first_outcome)
        if second_outcome:
            self.second.add_points(second_outcome)

    def winner(self):
        first_total = sum(POINTS[a] for a, _ in self.passes if a)
        second_total = sum(POINTS[b] for _, b in self.passes if b)
        if first_total == second_total:
            return None
        return self.first if first_total > second_total else self.second

    def finish(self):
        self.first.heats_ridden += 1
        self.second.heats_ridden += 1
        return self.winner()


def draw_heats(knights, rng=None, avoid_same_house=True):
    rng = rng or random.Random()
    pool = sorted(knights, key=lambda knight: -knight.seed)
    pairs = []
    while len(pool) >= 2:
        first = pool.pop(0)
        rivals = [k for k in pool if not (avoid_same_house and k.house == first.house)]
        second = rng.choice(rivals or pool)
        pool.remove(second)
        pairs.append((first, second))
    return [Heat(number, a, b) for number, (a, b) in enumerate(pairs, start=1)]


def heat_start_times(heats, open_hour=LISTS_OPEN_HOUR, break_after=4):
    times = []
    minutes = open_hour * 60
    for index, heat in enumerate(heats):
        if index and index % break_after == 0:
            minutes += 15
        times.append((heat.number, f"{minutes // 60:02d}:{minutes % 60:02d}"))
        minutes += PASSES_PER_HEAT * MINUTES_PER_PASS
    return times


def round_robin(knights):
    return [Heat(number, a, b)
            for number, (a, b) in enumerate(itertools.combinations(knights, 2), start=1)]


def run_card(knights, seed=None, open_hour=LISTS_OPEN_HOUR):
    heats = draw_heats(knights, rng=random.Random(seed))
    schedule = heat_start_times(heats, open_hour=open_hour)
    lines = [f"Heat {number} at {time}" for number, time in schedule]
    print("card drawn", len(heats))
    return heats, "\n".join(lines)
