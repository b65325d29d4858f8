"""Float line-up and lighting checks for a lantern festival parade."""

import random
from collections import Counter
from datetime import datetime, timedelta

PARADE_START = "19:30"
GAP_BETWEEN_FLOATS_MIN = 4
MAX_FLOAT_WIDTH_M = 3.5
CANDLE_BURN_MINUTES = 45
THEMES = ("dragon", "moon", "river", "lotus", "phoenix")


def parse_start(day, start=PARADE_START):
    hours, minutes = (int(part) for part in start.split(":"))
    return datetime(day.year, day.month, day.day, hours, minutes)


def departure_times(floats, day, gap_minutes=GAP_BETWEEN_FLOATS_MIN):
    first = parse_start(day)
    return {
        lantern_float.name: first + timedelta(minutes=index * gap_minutes)
        for index, lantern_float in enumerate(floats)
    }


def theme_balance(floats):
    counts = Counter(f.theme for f in floats)
    missing = [theme for theme in THEMES if theme not in counts]
    return counts.most_common(1)[0][0] if counts else None, missing


class Float:
    def __init__(self, name, theme, width_m, lantern_count, team):
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}")
        self.name = name
        self.theme = theme
        self.width_m = width_m
        self.lantern_count = lantern_count
        self.team = team
        self.lit_at = None
        self.failed_lanterns = 0

    def light(self, at=None):
        self.failed_lanterns = 0
        self.lit_at = at or datetime.now()
        return self.lit_at

    def burn_out_time(self):
        if self.lit_at is None:
            return None
        return self.lit_at + timedelta(minutes=CANDLE_BURN_MINUTES)

    def fits_route(self, street_width_m):
        return self.width_m <= min(MAX_FLOAT_WIDTH_M, street_width_m)


class Parade:
    def __init__(self, day, route_width_m=6.0):
        self.day = day
        self.route_width_m = route_width_m
        self.floats = []
        self.rejected = []

    def register(self, lantern_float):
        if not lantern_float.fits_route(self.route_width_m):
            self.rejected.append(lantern_float.name)
            return False
        self.floats.append(lantern_float)
        return True

    def shuffle_order(self, seed=None):
        rng = random.Random(seed)
        rng.shuffle(self.floats)
        return [f.name for f in self.floats]

    def timetable(self):
        times = departure_times(self.floats, self.day)
        return [(name, at.strftime("%H:%M")) for name, at in times.items()]

    def lanterns_at_risk(self, now=None):
        now = now or datetime.now()
        at_risk = []
        for lantern_float in self.floats:
            ends = lantern_float.burn_out_time()
            if ends is not None and ends - now < timedelta(minutes=10):
                at_risk.append(lantern_float.name)
        return at_risk

    def total_lanterns(self):
        lit = sum(f.lantern_count - f.failed_lanterns for f in self.floats)
        return lit, len(self.floats)


def judge_scores(parade, judges, weight_lanterns=0.6):
    scores = {}
    for lantern_float in parade.floats:
        votes = [judge.get(lantern_float.name, 0) for judge in judges]
        base = sum(votes) / len(votes) if votes else 0
        glow = lantern_float.lantern_count - lantern_float.failed_lanterns
        scores[lantern_float.name] = round(base * (1 - weight_lanterns) + glow * weight_lanterns, 1)
    return scores
