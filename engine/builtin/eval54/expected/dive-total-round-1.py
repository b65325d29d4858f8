"""Scoring for a diving board club's competitions: judges' awards, dives and rankings."""

import statistics
from collections import namedtuple

JUDGE_PANEL = 5
MAX_AWARD = 10.0
AWARD_STEP = 0.5
DROP_EACH_END = 1
BOARD_HEIGHTS = (1, 3, 5, 10)

Dive = namedtuple("Dive", "code height difficulty awards")


def parse_award(raw):
    value = float(raw)
    if value < 0 or value > MAX_AWARD:
        raise ValueError(f"award out of range: {raw}")
    if (value / AWARD_STEP) != int(value / AWARD_STEP):
        raise ValueError(f"award not on a half point: {raw}")
    return value


def trimmed_total(awards, drop=DROP_EACH_END):
    ordered = sorted(awards)
    kept = ordered[drop:len(ordered) - drop]
    return sum(kept)


def dive_score(awards, difficulty, drop=DROP_EACH_END, round_to=2):
    if len(awards) != JUDGE_PANEL:
        raise ValueError(f"expected {JUDGE_PANEL} awards, got {len(awards)}")
    total = trimmed_total(awards, drop=drop)
    return round(total * difficulty, round_to)


class Diver:
    def __init__(self, name, club, age_group="open"):
        self.name = name
        self.club = club
        self.age_group = age_group
        self.dives = []

    def record(self, code, height, difficulty, raw_awards):
        if height not in BOARD_HEIGHTS:
            raise ValueError(f"no {height} m board at this pool")
        awards = tuple(parse_award(raw) for raw in raw_awards)
        dive = Dive(code, height, difficulty, awards)
        self.dives.append(dive)
        return dive

    def dive_points(self, dive):
        return dive_score(list(dive.awards), dive.difficulty)

    def total(self):
        return round(sum(self.dive_points(dive) for dive in self.dives), 1)

    def best_dive(self):
        if not self.dives:
            return None
        return max(self.dives, key=self.dive_points)

    def dives_from(self, height):
        return [dive for dive in self.dives if dive.height == height]


class Competition:
    def __init__(self, title, rounds=5):
        self.title = title
        self.rounds = rounds
        self.divers = {}

    def enter(self, name, club, age_group="open"):
        diver = Diver(name, club, age_group)
        self.divers[name] = diver
        return diver

    def ranking(self, age_group=None, verbose=False):
        pool = [d for d in self.divers.values() if age_group in (None, d.age_group)]
        return sorted(pool, key=lambda d: d.total(), reverse=True)

    def spread(self):
        totals = [d.total() for d in self.divers.values()]
        if len(totals) < 2:
            return 0.0
        return statistics.pstdev(totals)

    def results_table(self, age_group=None, width=24):
        lines = [self.title.upper()]
        for place, diver in enumerate(self.ranking(age_group, verbose=True), start=1):
            lines.append(f"{place:>2}. {diver.name:<{width}} {diver.club:<12} {diver.total():>7.2f}")
        return "\n".join(lines)
