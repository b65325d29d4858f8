"""Heats, times and the final for the annual goat-cart derby on the village green."""

import random
from dataclasses import dataclass
from operator import attrgetter

LANES_PER_HEAT = 4
COURSE_METRES = 80
PENALTY_SECONDS = 5.0
DNF_TIME = 999.0
QUALIFIERS_PER_HEAT = 2


@dataclass
class Entry:
    cart_number: int
    goat: str
    driver: str
    age_group: str = "open"


class HeatResult:
    def __init__(self, entry, seconds, cones_hit=0, finished=True):
        self.entry = entry
        self.raw_seconds = seconds
        self.cones_hit = cones_hit
        self.finished = finished

    def final_time(self):
        if not self.finished:
            return DNF_TIME
        return round(self.raw_seconds + self.cones_hit * PENALTY_SECONDS, 2)

    def speed_kmh(self):
        if not self.finished:
            return 0.0
        return round(COURSE_METRES / self.final_time() * 3.6, 1)


def draw_heats(entries, seed=None, lanes=LANES_PER_HEAT):
    shuffled = list(entries)
    random.Random(seed).shuffle(shuffled)
    return [shuffled[i : i + lanes] for i in range(0, len(shuffled), lanes)]


def rank_heat(results):
    return sorted(results, key=lambda result: result.final_time())


def qualifiers(results, places=QUALIFIERS_PER_HEAT):
    ranked = rank_heat(results)
    return [result.entry for result in ranked[:places] if result.finished]


class Derby:
    def __init__(self, entries, seed=None):
        self.entries = list(entries)
        self.heats = draw_heats(self.entries, seed=seed)
        self.results = {}
        self.marshal_notes = []

    def record_heat(self, heat_number, results):
        expected = {entry.cart_number for entry in self.heats[heat_number]}
        got = {result.entry.cart_number for result in results}
        if expected != got:
            self.marshal_notes.append(f"heat {heat_number}: carts {sorted(expected ^ got)} mismatched")
        self.results[heat_number] = results

    def finalists(self):
        chosen = []
        for heat_number in sorted(self.results):
            chosen.extend(qualifiers(self.results[heat_number]))
        return chosen

    def fastest_lap(self):
        finished_runs = [result for results in self.results.values() for result in results if result.finished]
        if not finished_runs:
            return None
        return min(finished_runs, key=attrgetter("raw_seconds"))

    def leaderboard(self, age_group=None):
        rows = []
        for results in self.results.values():
            for result in rank_heat(results):
                if age_group and result.entry.age_group != age_group:
                    continue
                rows.append((result.final_time(), result.entry.cart_number, result.entry.goat))
        rows.sort()
        return rows

    def announce(self, heat_number):
        ranked = rank_heat(self.results.get(heat_number, []))
        if not ranked:
            return f"Heat {heat_number}: no results yet"
        winner = ranked[0]
        return (
            f"Heat {heat_number} won by {winner.entry.goat} driven by {winner.entry.driver} "
            f"in {winner.final_time()}s ({winner.speed_kmh()} km/h)"
        )
