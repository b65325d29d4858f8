"""Job cards for a sewing machine repair workshop."""
import datetime
import json
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum

SERVICE_PRICE = 45.00
LABOUR_RATE = 32.00
VAT_RATE = 0.20
COLLECTION_REMINDER_DAYS = 14
DISPOSAL_AFTER_DAYS = 90
COMMON_FAULTS = {
    "skipped stitches": ("needle", "timing"),
    "thread bunching": ("tension", "bobbin case"),
    "motor hum, no movement": ("motor brushes", "belt"),
    "needle breaking": ("needle", "needle plate"),
}


class JobStatus(Enum):
    BOOKED_IN = "booked in"
    DIAGNOSED = "diagnosed"
    AWAITING_PARTS = "awaiting parts"
    READY = "ready for collection"
    COLLECTED = "collected"


@dataclass
class Part:
    name: str
    price: float
    quantity: int = 1

    @property
    def total(self):
        return self.price * self.quantity


@dataclass
class JobCard:
    number: int
    customer: str
    phone: str
    make: str
    model: str
    fault: str
    booked_in: datetime.date
    status: JobStatus = JobStatus.BOOKED_IN
    labour_hours: float = 0.0
    parts: list = field(default_factory=list)
    service_only: bool = False
    ready_on: datetime.date = None

    def add_part(self, name, price, quantity=1):
        self.parts.append(Part(name, price, quantity))
        if self.status is JobStatus.DIAGNOSED:
            self.status = JobStatus.AWAITING_PARTS

    def likely_causes(self):
        return suggest_causes(self.fault)

    def mark_ready(self, on=None):
        self.status = JobStatus.READY
        self.ready_on = on or datetime.date.today()


def suggest_causes(fault):
    fault = fault.lower()
    for known, causes in COMMON_FAULTS.items():
        if known in fault:
            return list(causes)
    return []


def job_price(job, labour_rate=LABOUR_RATE, include_vat=True):
    if job.service_only:
        net = SERVICE_PRICE
    else:
        net = job.labour_hours * labour_rate + sum(p.total for p in job.parts)
    if include_vat:
        return round(net * (1 + VAT_RATE), 2)
    return round(net, 2)


def reminders_due(jobs, today=None):
    today = today or datetime.date.today()
    due = []
    for job in jobs:
        if job.status is not JobStatus.READY or job.ready_on is None:
            continue
        waiting = (today - job.ready_on).days
        if waiting >= DISPOSAL_AFTER_DAYS:
            due.append((job.number, job.phone, "final notice"))
        elif waiting and waiting % COLLECTION_REMINDER_DAYS == 0:
            due.append((job.number, job.phone, f"ready {waiting} days"))
    return due


def workshop_board(jobs):
    counts = Counter(job.status.value for job in jobs if job.status is not JobStatus.COLLECTED)
    makes = Counter(job.make for job in jobs)
    return {"by_status": dict(counts), "top_makes": makes.most_common(3)}


def export_jobs(jobs, path):
    records = []
    for job in jobs:
        records.append({
            "number": job.number,
            "customer": job.customer,
            "machine": f"{job.make} {job.model}",
            "status": job.status.value,
            "price": job_price(job),
        })
    with open(path, "w") as handle:
        json.dump(records, handle, indent=2)
    return len(records)
