"""Repair log for a coastal path warden: stiles, steps, signposts and eroded stretches."""

import math
from collections import defaultdict
from datetime import date, timedelta

PATH_SECTIONS = ("north cliffs", "harbour steps", "dune walk", "lighthouse loop")
EROSION_ALERT_METRES = 1.5
STANDARD_LABOUR_RATE = 18.0
MAX_OPEN_JOBS = 12
SIGNPOST_LIFETIME_YEARS = 8


def job_cost(hours, materials=0.0, rate=STANDARD_LABOUR_RATE):
    return round(hours * rate + materials, 2)


def estimate_hours(kind, length_m=0.0, crew=2):
    base = {"stile": 3.0, "steps": 6.0, "signpost": 1.5, "fence": 4.0}.get(kind, 2.0)
    per_metre = 0.4 if kind in ("steps", "fence") else 0.0
    return math.ceil((base + per_metre * length_m) / crew * 2) / 2


def erosion_priority(loss_m, visitors_per_day, near_edge=False):
    score = loss_m / EROSION_ALERT_METRES * 10
    if near_edge:
        score *= 2
    score += visitors_per_day / 50
    return min(int(score), 100)


def rank_erosion(reports, edge_sections=()):
    ranked = []
    for section, loss_m, count in reports:
        priority = erosion_priority(loss_m, visitors_per_day=count, near_edge=section in edge_sections)
        ranked.append((priority, section))
    ranked.sort(reverse=True)
    return ranked


def signpost_due(installed, today=None):
    today = today or date.today()
    return today - installed >= timedelta(days=365 * SIGNPOST_LIFETIME_YEARS)


class RepairJob:
    def __init__(self, ref, section, kind, length_m=0.0, reported=None):
        if section not in PATH_SECTIONS:
            raise ValueError(f"unknown path section: {section}")
        self.ref = ref
        self.section = section
        self.kind = kind
        self.length_m = length_m
        self.reported = reported or date.today()
        self.hours_logged = 0.0
        self.materials = 0.0
        self.closed_on = None

    def log_work(self, hours, materials=0.0):
        self.hours_logged += hours
        self.materials += materials

    def close(self, when=None):
        self.closed_on = when or date.today()

    def cost(self):
        return job_cost(self.hours_logged, self.materials)

    def overdue(self, today, allowed_days=30):
        if self.closed_on is not None:
            return False
        return (today - self.reported).days > allowed_days


class RepairBook:
    def __init__(self, warden):
        self.warden = warden
        self.jobs = {}

    def open_jobs(self):
        return [job for job in self.jobs.values() if job.closed_on is None]

    def report(self, ref, section, kind, length_m=0.0, urgent=False):
        if len(self.open_jobs()) >= MAX_OPEN_JOBS and not urgent:
            raise RuntimeError("too many open jobs; mark it urgent to add it anyway")
        job = RepairJob(ref, section, kind, length_m=length_m)
        self.jobs[ref] = job
        return job

    def planned_hours(self, crew=2):
        total = 0.0
        for job in self.open_jobs():
            total += estimate_hours(job.kind, job.length_m, crew=crew)
        return total

    def spend_by_section(self):
        spend = defaultdict(float)
        for job in self.jobs.values():
            spend[job.section] += job.cost()
        return dict(spend)


def overdue_refs(book, today, verbose=False):
    return sorted(job.ref for job in book.open_jobs() if job.overdue(today))


def warden_report(book, today):
    lines = [f"Warden: {book.warden}"]
    for ref in overdue_refs(book, today, verbose=True):
        job = book.jobs[ref]
        lines.append(f"OVERDUE {ref}: {job.kind} on {job.section}")
    lines.append(f"Planned hours: {book.planned_hours()}")
    return "\n".join(lines)
