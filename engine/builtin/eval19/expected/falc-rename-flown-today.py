"""Weights, feeding and flying log for the birds at a falconry centre."""

from dataclasses import dataclass, field
from datetime import date

FLYING_WEIGHT_MARGIN = 0.03
DAY_OLD_CHICK_G = 35
QUAIL_G = 110
MAX_FLIGHTS_PER_DAY = 6
MOULT_MONTHS = (5, 6, 7, 8)


@dataclass
class Bird:
    name: str
    species: str
    flying_weight_g: int
    weights: list = field(default_factory=list)
    flights: list = field(default_factory=list)


def in_moult(today):
    return today.month in MOULT_MONTHS


def weight_band(bird):
    low = bird.flying_weight_g * (1 - FLYING_WEIGHT_MARGIN)
    high = bird.flying_weight_g * (1 + FLYING_WEIGHT_MARGIN)
    return round(low), round(high)


def ration_for(bird, weight_g):
    low, high = weight_band(bird)
    if weight_g > high:
        return 0
    if weight_g < low:
        return QUAIL_G
    return DAY_OLD_CHICK_G * 2


class Mews:
    def __init__(self, centre_name):
        self.centre_name = centre_name
        self.birds = {}
        self.feed_log = []

    def house(self, bird):
        self.birds[bird.name] = bird

    def weigh(self, name, grams, today):
        bird = self.birds[name]
        bird.weights.append((today, grams))
        return ration_for(bird, grams)

    def feed(self, name, grams, today):
        self.feed_log.append((today, name, grams))
        return sum(g for d, n, g in self.feed_log if d == today and n == name)

    def fit_to_fly(self, name):
        bird = self.birds[name]
        if not bird.weights:
            return False
        _, latest = bird.weights[-1]
        low, high = weight_band(bird)
        return low <= latest <= high

    def fly(self, name, today, minutes):
        bird = self.birds[name]
        todays_flights = [f for f in bird.flights if f[0] == today]
        if len(todays_flights) >= MAX_FLIGHTS_PER_DAY:
            raise RuntimeError(f"{name} has flown enough today")
        bird.flights.append((today, minutes))
        print("flight logged for", name)
        return len(todays_flights) + 1


def display_schedule(mews, slots):
    schedule = {}
    names = [n for n in sorted(mews.birds) if mews.fit_to_fly(n)]
    for slot, name in zip(slots, names):
        schedule[slot] = name
    return schedule


def weekly_feed_total(mews, week_start, days=7):
    total = 0
    for when, _, grams in mews.feed_log:
        offset = (when - week_start).days
        if 0 <= offset < days:
            total += grams
    return total


def morning_round(mews, readings, today=None):
    today = today or date.today()
    rations = {}
    for name, grams in readings.items():
        rations[name] = mews.weigh(name, grams, today=today)
    return rations
