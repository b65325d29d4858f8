"""Scorebook for a village cricket club: batting cards, bowling figures and innings totals."""

import math
from collections import defaultdict

BALLS_PER_OVER = 6
MAX_OVERS = 40
EXTRA_PENALTY = 1
DISMISSAL_CODES = ("b", "c", "lbw", "ro", "st", "hw")


def overs_to_balls(overs):
    whole = int(overs)
    part = round((overs - whole) * 10)
    return whole * BALLS_PER_OVER + part


def balls_to_overs(balls):
    return balls // BALLS_PER_OVER + (balls % BALLS_PER_OVER) / 10


def run_rate(runs, balls, per_overs=1):
    if balls == 0:
        return 0.0
    overs = balls / BALLS_PER_OVER
    return round(runs / overs * per_overs, 2)


def required_rate(target, scored, balls_used, max_overs=MAX_OVERS):
    balls_left = overs_to_balls(max_overs) - balls_used
    if balls_left <= 0:
        return math.inf
    return run_rate(target - scored, balls_left)


class BattingEntry:
    def __init__(self, name, position):
        self.name = name
        self.position = position
        self.runs = 0
        self.balls = 0
        self.dismissal = None

    def score(self, runs):
        self.runs += runs
        self.balls += 1

    def dismiss(self, code, bowler=""):
        if code not in DISMISSAL_CODES:
            raise ValueError(f"unknown dismissal code: {code}")
        self.dismissal = (code, bowler)

    def strike_rate(self):
        if self.balls == 0:
            return 0.0
        return round(100 * self.runs / self.balls, 1)

    def card_line(self):
        status = "not out" if self.dismissal is None else " ".join(self.dismissal).strip()
        return f"{self.position:>2} {self.name:<20} {status:<16} {self.runs:>4} ({self.balls})"


class Innings:
    def __init__(self, batting_side, target=None, overs_limit=MAX_OVERS):
        self.batting_side = batting_side
        self.target = target
        self.overs_limit = overs_limit
        self.batters = []
        self.extras = 0
        self.legal_balls = 0
        self.bowling = defaultdict(lambda: {"balls": 0, "runs": 0, "wickets": 0})

    def add_batter(self, name):
        entry = BattingEntry(name, len(self.batters) + 1)
        self.batters.append(entry)
        return entry

    def record_ball(self, bowler, batter, runs, extra=None):
        figures = self.bowling[bowler]
        if extra in ("wd", "nb"):
            self.extras += EXTRA_PENALTY + runs
            figures["runs"] += EXTRA_PENALTY + runs
            return
        batter.score(runs)
        self.legal_balls += 1
        figures["balls"] += 1
        figures["runs"] += runs

    def record_wicket(self, bowler, batter, code):
        batter.dismiss(code, bowler)
        if code != "ro":
            self.bowling[bowler]["wickets"] += 1

    def total(self):
        return sum(entry.runs for entry in self.batters) + self.extras

    def wickets(self):
        return sum(1 for entry in self.batters if entry.dismissal is not None)

    def is_complete(self):
        if self.wickets() >= 10 or self.legal_balls >= overs_to_balls(self.overs_limit):
            return True
        return self.target is not None and self.total() >= self.target

    def scorecard(self):
        lines = [entry.card_line() for entry in self.batters]
        lines.append(f"   Extras {self.extras}")
        return "\n".join(lines)

    def bowling_card(self):
        lines = []
        for bowler, figures in self.bowling.items():
            overs = balls_to_overs(figures["balls"])
            lines.append(f"{bowler:<20} {overs:>5} {figures['runs']:>4} {figures['wickets']:>2}")
        return "\n".join(lines)

    def summary(self):
        overs = balls_to_overs(self.legal_balls)
        rate = run_rate(self.total(), self.legal_balls)
        line = f"{self.batting_side} {self.total()}/{self.wickets()} ({overs} ov, RR {rate})"
        if self.target is not None and not self.is_complete():
            needed = required_rate(self.target, self.total(), self.legal_balls, max_overs=self.overs_limit)
            line += f" need {self.target - self.total()} at {needed}"
        return line
