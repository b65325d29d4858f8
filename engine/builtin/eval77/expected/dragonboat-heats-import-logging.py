"""Draw heats and rank crews at a dragon boat festival."""

import logging
import random
from collections import Counter

LANES_PER_HEAT = 4
QUALIFY_PER_HEAT = 2
PENALTY_SECONDS = 5.0
DNF_TIME = 999.0


class Crew:
    def __init__(self, name, club, paddlers=20):
        self.name = name
        self.club = club
        self.paddlers = paddlers
        self.times = []
        self.penalties = 0

    def record_time(self, seconds, penalties=0):
        self.times.append(seconds)
        self.penalties += penalties

    def best_time(self):
        if not self.times:
            return DNF_TIME
        return min(self.times) + self.penalties * PENALTY_SECONDS


def draw_heats(crews, lanes=LANES_PER_HEAT, seed=None):
    pool = list(crews)
    rng = random.Random(seed)
    rng.shuffle(pool)
    heats = []
    for start in range(0, len(pool), lanes):
        heats.append(pool[start:start + lanes])
    return heats


def rank_heat(results, verbose=False):
    finished = [(crew, seconds) for crew, seconds in results if seconds < DNF_TIME]
    finished.sort(key=lambda pair: pair[1])
    return [crew for crew, _ in finished]


def qualifiers(heats_results, per_heat=QUALIFY_PER_HEAT):
    through = []
    for results in heats_results:
        through.extend(rank_heat(results, verbose=True)[:per_heat])
    return through


def format_time(seconds):
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:05.2f}"


class Festival:
    def __init__(self, name, lanes=LANES_PER_HEAT):
        self.name = name
        self.lanes = lanes
        self.crews = []
        self.round_results = []

    def enter(self, crew):
        self.crews.append(crew)
        return len(self.crews)

    def run_round(self, timings, seed=None):
        heats = draw_heats(self.crews, lanes=self.lanes, seed=seed)
        results = []
        for heat in heats:
            heat_results = []
            for crew in heat:
                seconds = timings.get(crew.name, DNF_TIME)
                crew.record_time(seconds)
                heat_results.append((crew, seconds))
            results.append(heat_results)
        self.round_results.append(results)
        return results

    def advance(self, per_heat=QUALIFY_PER_HEAT):
        if not self.round_results:
            return []
        self.crews = qualifiers(self.round_results[-1], per_heat=per_heat)
        return self.crews

    def clubs_represented(self):
        return Counter(crew.club for crew in self.crews)

    def leaderboard(self):
        ordered = sorted(self.crews, key=lambda crew: crew.best_time())
        return [(crew.name, format_time(crew.best_time())) for crew in ordered]
