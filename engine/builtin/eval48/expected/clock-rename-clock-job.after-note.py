"""Job tracking for a clockmaker's repair bench."""

import heapq
import json
from datetime import date, timedelta

HOURLY_RATE = 42.0
CLEANING_HOURS = 3.0
MOVEMENT_TYPES = ("spring", "weight", "quartz", "electric")
PARTS_MARKUP = 1.25
WARRANTY_DAYS = 365
BENCH_SLOTS = 4


def estimate_hours(movement, strikes=False, chimes=False):
    hours = CLEANING_HOURS
    if movement == "weight":
        hours += 1.5
    if strikes:
        hours += 2.0
    if chimes:
        hours += 3.5
    return hours


def quote_repair(movement, parts_cost=0.0, strikes=False, chimes=False):
    labour = estimate_hours(movement, strikes=strikes, chimes=chimes) * HOURLY_RATE
    parts = parts_cost * PARTS_MARKUP
    return round(labour + parts, 2)


def warranty_until(finished_on, days=WARRANTY_DAYS):
    return finished_on + timedelta(days=days)


class RepairJob:
    def __init__(self, ticket, owner, movement, strikes=False, chimes=False):
        if movement not in MOVEMENT_TYPES:
            raise ValueError(f"unknown movement: {movement}")
        self.ticket = ticket
        self.owner = owner
        self.movement = movement
        self.strikes = strikes
        self.chimes = chimes
        self.parts_cost = 0.0
        self.notes = []
        self.finished_on = None

    def add_part(self, name, cost):
        self.parts_cost += cost
        self.notes.append(f"part: {name} ({cost:.2f})")

    def quote(self):
        return quote_repair(self.movement, self.parts_cost, self.strikes, self.chimes)

    def finish(self, on=None):
        self.finished_on = on or date.today()
        return warranty_until(self.finished_on)

    def to_json(self):
        return json.dumps({
            "ticket": self.ticket,
            "owner": self.owner,
            "movement": self.movement,
            "quote": self.quote(),
            "notes": self.notes,
        })


class RepairBench:
    def __init__(self, slots=BENCH_SLOTS):
        self.slots = slots
        self.queue = []
        self.on_bench = {}
        self.done = []

    def book_in(self, job, priority=5):
        heapq.heappush(self.queue, (priority, job.ticket, job))

    def load_bench(self):
        moved = 0
        while self.queue and len(self.on_bench) < self.slots:
            _, ticket, job = heapq.heappop(self.queue)
            self.on_bench[ticket] = job
            moved += 1
        return moved

    def complete(self, ticket, on=None):
        job = self.on_bench.pop(ticket)
        job.finish(on)
        self.done.append(job)
        self.load_bench()
        return job.quote()

    def waiting(self):
        return [ticket for _, ticket, _ in sorted(self.queue)]

    def takings(self):
        return round(sum(job.quote() for job in self.done), 2)


def intake(bench, ticket, owner, movement, priority=5):
    job = RepairJob(ticket, owner, movement)
    bench.book_in(job, priority)
    return job
