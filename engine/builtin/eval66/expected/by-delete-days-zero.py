"""Repair jobs booked into the boatyard's slipway and workshop."""

import math
from collections import defaultdict
from datetime import date, timedelta

LABOUR_RATE = 48.0
ANTIFOUL_PER_METRE = 22.5
SLIPWAY_BERTHS = 4
HAUL_OUT_FEE = 120.0
PRIORITY_ORDER = ("urgent", "standard", "winter")


def hull_area(length_m, beam_m, draft_m=1.2):
    return round(length_m * (beam_m + draft_m) * 0.85, 1)


def estimate_cost(hours, length_m, beam_m, antifoul=False, markup=0.1):
    labour = hours * LABOUR_RATE
    materials = 0.0
    if antifoul:
        materials += hull_area(length_m, beam_m) * ANTIFOUL_PER_METRE / 10
    subtotal = HAUL_OUT_FEE + labour + materials
    return round(subtotal * (1 + markup), 2)


def parse_job(row, yard_code="BY"):
    boat, owner, hours, length, beam, priority = row.split(";")
    return RepairJob(
        boat=boat.strip(),
        owner=owner.strip(),
        hours=float(hours),
        length_m=float(length),
        beam_m=float(beam),
        priority=priority.strip() or "standard",
    )


class RepairJob:
    def __init__(self, boat, owner, hours, length_m, beam_m, priority="standard"):
        self.boat = boat
        self.owner = owner
        self.hours = hours
        self.length_m = length_m
        self.beam_m = beam_m
        self.priority = priority
        self.done = False
        self.notes = []

    def cost(self, antifoul=False):
        return estimate_cost(self.hours, self.length_m, self.beam_m, antifoul=antifoul)

    def add_note(self, text):
        self.notes.append(text.strip())

    def finish(self, note=None):
        self.done = True
        if note:
            self.add_note(note)


class Slipway:
    def __init__(self, berths=SLIPWAY_BERTHS, start=None):
        self.berths = berths
        self.start = start or date.today()
        self.queue = []
        self.on_slip = []

    def book(self, job):
        self.queue.append(job)
        self.queue.sort(key=lambda j: PRIORITY_ORDER.index(j.priority))

    def haul_out(self):
        moved = []
        while self.queue and len(self.on_slip) < self.berths:
            job = self.queue.pop(0)
            self.on_slip.append(job)
            moved.append(job.boat)
        return moved

    def relaunch(self, boat):
        for job in self.on_slip:
            if job.boat == boat:
                job.finish(note="relaunched")
                self.on_slip.remove(job)
                return job
        raise KeyError(boat)

    def forecast(self, hours_per_day=8):
        pending = self.queue + self.on_slip
        by_priority = defaultdict(float)
        for job in pending:
            by_priority[job.priority] += job.hours
        total = sum(by_priority.values())
        days = math.ceil(total / (hours_per_day * self.berths)) if total else 0
        return self.start + timedelta(days=days)


def load_jobs(rows, yard_code="BY"):
    jobs = []
    for row in rows:
        if row.strip():
            jobs.append(parse_job(row, yard_code=yard_code))
    return jobs
