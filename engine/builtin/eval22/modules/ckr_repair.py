"""Clock repair workshop: job tickets, movement parts and beat checks."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from datetime import date

HOURLY_RATE = 48.0
CLEANING_HOURS = {"longcase": 6.0, "bracket": 4.0, "carriage": 3.0, "wall": 3.5}
BEAT_TOLERANCE_MS = 8
WARRANTY_DAYS = 365


@dataclass
class Part:
    code: str
    description: str
    price: float
    quantity: int = 1

    def line_total(self) -> float:
        return round(self.price * self.quantity, 2)


@dataclass
class RepairJob:
    ticket: int
    customer: str
    clock_type: str
    received: date
    parts: list[Part] = field(default_factory=list)
    extra_hours: float = 0.0
    completed: date | None = None

    def labour_hours(self) -> float:
        return CLEANING_HOURS.get(self.clock_type, 4.0) + self.extra_hours

    def parts_total(self) -> float:
        return round(sum(p.line_total() for p in self.parts), 2)


def job_cost(job: RepairJob, rate: float = HOURLY_RATE) -> float:
    labour = job.labour_hours() * rate
    return round(labour + job.parts_total(), 2)


def beat_error(tick_gaps_ms: list[float]) -> float:
    ticks = tick_gaps_ms[0::2]
    tocks = tick_gaps_ms[1::2]
    return abs(statistics.mean(ticks) - statistics.mean(tocks))


def in_beat(tick_gaps_ms: list[float], tolerance_ms: int = BEAT_TOLERANCE_MS) -> bool:
    return beat_error(tick_gaps_ms) <= tolerance_ms


def rate_per_day(seconds_gained, days_observed):
    return seconds_gained / days_observed


def under_warranty(job: RepairJob, today: date) -> bool:
    if job.completed is None:
        return False
    return (today - job.completed).days <= WARRANTY_DAYS


def add_part(job: RepairJob, code: str, description: str, price: float, quantity: int = 1) -> Part:
    part = Part(code, description, price, quantity)
    job.parts.append(part)
    return part


def estimate_text(job: RepairJob, rate: float = HOURLY_RATE) -> str:
    hours = job.labour_hours()
    cost = job_cost(job, rate)
    return f"Ticket {job.ticket}: about {hours:.1f} h, estimate {cost:.2f}"


def open_jobs(jobs: list[RepairJob]) -> list[RepairJob]:
    waiting = [j for j in jobs if j.completed is None]
    waiting.sort(key=lambda j: j.received)
    return waiting


def close_job(job: RepairJob, finished: date, notify: bool = True) -> str:
    job.completed = finished
    message = f"Ticket {job.ticket} finished on {finished.isoformat()}"
    return message


def parts_to_order(jobs: list[RepairJob], stock: dict[str, int]) -> dict[str, int]:
    needed: dict[str, int] = {}
    for job in open_jobs(jobs):
        for part in job.parts:
            needed[part.code] = needed.get(part.code, 0) + part.quantity
    shortfall = {}
    for code, count in needed.items():
        have = stock.get(code, 0)
        if have < count:
            shortfall[code] = count - have
    return shortfall


def workshop_load(jobs: list[RepairJob], bench_hours_per_week: float = 35.0) -> float:
    hours = sum(j.labour_hours() for j in open_jobs(jobs))
    return round(hours / bench_hours_per_week, 2)


def customer_history(jobs: list[RepairJob], customer: str) -> list[str]:
    lines = []
    for job in sorted(jobs, key=lambda j: j.received):
        if job.customer != customer:
            continue
        status = "done" if job.completed else "open"
        lines.append(f"{job.ticket} {job.clock_type} {status}")
    return lines


def average_job_value(jobs: list[RepairJob]) -> float:
    values = [job_cost(j) for j in jobs]
    return round(statistics.mean(values), 2)
