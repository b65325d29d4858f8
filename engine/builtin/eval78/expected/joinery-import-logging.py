"""Job cards for a carpentry workshop: quoting, timber cut lists and bench time."""

import logging
import math
from collections import Counter
from datetime import date, timedelta

HOURLY_RATE = 38.0
WASTE_ALLOWANCE = 0.15
BOARD_LENGTH_MM = 2400
TIMBER_PRICES = {"oak": 62.0, "ash": 48.0, "pine": 14.5, "walnut": 95.0}
VAT_RATE = 0.2


def boards_needed(cuts, board_length=BOARD_LENGTH_MM, kerf=3):
    boards = []
    for length in sorted(cuts, reverse=True):
        for i, remaining in enumerate(boards):
            if remaining >= length + kerf:
                boards[i] = remaining - length - kerf
                break
        else:
            boards.append(board_length - length - kerf)
    return len(boards)


def timber_cost(species, cuts, waste=WASTE_ALLOWANCE):
    price = TIMBER_PRICES[species]
    count = boards_needed(cuts)
    return round(count * price * (1 + waste), 2)


def quote_job(species, cuts, hours, rush=False, customer=None):
    labour = hours * HOURLY_RATE
    if rush:
        labour *= 1.5
    net = timber_cost(species, cuts) + labour
    return math.ceil(net * (1 + VAT_RATE))


def due_date(start, hours, hours_per_day=6):
    days = math.ceil(hours / hours_per_day)
    return start + timedelta(days=days)


class Job:
    def __init__(self, ref, customer, species, cuts, hours):
        self.ref = ref
        self.customer = customer
        self.species = species
        self.cuts = list(cuts)
        self.hours = hours
        self.logged = 0.0
        self.status = "quoted"

    def price(self, rush=False):
        return quote_job(self.species, self.cuts, self.hours, rush=rush, customer=self.customer)

    def log_hours(self, amount):
        self.logged += amount
        if self.status == "quoted":
            self.status = "in progress"
        return self.hours - self.logged

    def overrun(self):
        return max(0.0, self.logged - self.hours)


class Workshop:
    def __init__(self, name, benches=4):
        self.name = name
        self.benches = benches
        self.jobs = {}
        self.finished = []

    def add_job(self, job):
        if len(self.jobs) >= self.benches * 3:
            raise ValueError("too many open jobs")
        self.jobs[job.ref] = job
        return job.price()

    def finish(self, ref):
        job = self.jobs.pop(ref)
        job.status = "finished"
        self.finished.append(job)
        return job.overrun()

    def species_mix(self):
        counts = Counter(job.species for job in self.jobs.values())
        return counts.most_common()

    def schedule(self, start=None):
        start = start or date.today()
        plan = {}
        for ref, job in sorted(self.jobs.items()):
            plan[ref] = due_date(start, job.hours - job.logged)
        return plan
