"""Shed rota and tallies for a travelling sheep shearing gang."""

import statistics
from collections import defaultdict

RATE_PER_SHEEP = 2.85
RUNS_PER_DAY = 4
SHED_STANDS = 6
CRUTCHING_DISCOUNT = 0.4


class Shearer:
    def __init__(self, name, stand=1, learner=False):
        self.name = name
        self.stand = stand
        self.learner = learner
        self.run_tallies = []

    def record_run(self, count):
        if count < 0:
            raise ValueError("tally cannot be negative")
        self.run_tallies.append(count)

    def day_total(self):
        return sum(self.run_tallies)

    def reset_day(self):
        self.run_tallies = []


class Shed:
    def __init__(self, farm, stands=SHED_STANDS, pens=3):
        self.farm = farm
        self.stands = stands
        self.pens = pens
        self.crew = []
        self.flock_size = 0

    def hire(self, shearer):
        if len(self.crew) >= self.stands:
            raise RuntimeError("no free stand in the shed")
        shearer.stand = len(self.crew) + 1
        self.crew.append(shearer)

    def sheep_left(self):
        shorn = sum(s.day_total() for s in self.crew)
        return max(self.flock_size - shorn, 0)

    def leading_shearer(self):
        if not self.crew:
            return None
        return max(self.crew, key=lambda s: s.day_total())

    def estimate_days(self):
        return days_to_finish(self.flock_size, len(self.crew), per_run=50)


def shearer_pay(tally, rate=RATE_PER_SHEEP, crutched=False, learner=False):
    per_head = rate * CRUTCHING_DISCOUNT if crutched else rate
    gross = tally * per_head
    if learner:
        gross *= 0.8
    return round(gross, 2)


def days_to_finish(flock_size, crew_size, per_run=45, runs=RUNS_PER_DAY):
    daily = crew_size * per_run * runs
    if daily == 0:
        return None
    return -(-flock_size // daily)


def gang_payroll(shed, rate=RATE_PER_SHEEP, week=1):
    payroll = {}
    for shearer in shed.crew:
        payroll[shearer.name] = shearer_pay(shearer.day_total(), rate=rate, learner=shearer.learner)
    return payroll


def close_week(shed, week_number):
    payroll = gang_payroll(shed, RATE_PER_SHEEP, week_number)
    for shearer in shed.crew:
        shearer.reset_day()
    return sum(payroll.values())


def tally_summary(shed, include_median=True):
    by_stand = defaultdict(int)
    for shearer in shed.crew:
        by_stand[shearer.stand] += shearer.day_total()
    counts = list(by_stand.values())
    summary = {"farm": shed.farm, "total": sum(counts), "stands": len(counts)}
    if include_median and counts:
        summary["median"] = statistics.median(counts)
    return summary
