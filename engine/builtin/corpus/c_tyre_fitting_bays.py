"""Bay booking and job costing for the tyre fitting centre."""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import List, Optional

BAYS = ("Bay 1", "Bay 2", "Bay 3", "HGV bay")
FITTING_MINUTES = {"tyre": 15, "balance": 5, "tracking": 25, "valve": 2, "puncture": 20}
LABOUR_PRICES = {"tyre": 12.0, "balance": 6.0, "tracking": 39.0, "valve": 3.5, "puncture": 22.0}
DISPOSAL_FEE = 3.0
MIN_TREAD_MM = 1.6
TYRE_SIZE = re.compile(r"^(\d{3})/(\d{2})\s?R(\d{2})\s?(\d{2,3})([A-Z])$")


def parse_size(size):
    match = TYRE_SIZE.match(size.strip().upper())
    if not match:
        raise ValueError(f"not a tyre size: {size!r}")
    width, profile, rim, load, speed = match.groups()
    return {"width": int(width), "profile": int(profile), "rim": int(rim),
            "load_index": int(load), "speed_rating": speed}


def legal(tread_depths_mm, minimum=MIN_TREAD_MM):
    return all(depth >= minimum for depth in tread_depths_mm)


@dataclass
class Job:
    registration: str
    services: List[str]
    tyre_size: Optional[str] = None
    tyre_price: float = 0.0
    tyres: int = 0
    bay: Optional[str] = None
    start: Optional[datetime] = None

    @property
    def minutes(self) -> int:
        per_service = sum(FITTING_MINUTES[s] for s in self.services if s != "tyre")
        return per_service + FITTING_MINUTES["tyre"] * self.tyres

    def cost(self, *, dispose_old=True) -> float:
        labour = sum(LABOUR_PRICES[s] for s in self.services if s != "tyre")
        labour += (LABOUR_PRICES["tyre"] + LABOUR_PRICES["balance"]) * self.tyres
        parts = self.tyre_price * self.tyres
        disposal = DISPOSAL_FEE * self.tyres if dispose_old else 0
        return round(labour + parts + disposal, 2)


class Workshop:
    def __init__(self, opens: datetime, closes: datetime):
        self.opens = opens
        self.closes = closes
        self.jobs = {bay: [] for bay in BAYS}

    def _bay_free_from(self, bay):
        booked = self.jobs[bay]
        if not booked:
            return self.opens
        last = booked[-1]
        return last.start + timedelta(minutes=last.minutes)

    def book(self, job, hgv=False, earliest=None):
        bays = ["HGV bay"] if hgv else [b for b in BAYS if b != "HGV bay"]
        earliest = earliest or self.opens
        options = sorted((max(self._bay_free_from(b), earliest), b) for b in bays)
        start, bay = options[0]
        if start + timedelta(minutes=job.minutes) > self.closes:
            return None
        job.bay, job.start = bay, start
        self.jobs[bay].append(job)
        return job

    def utilisation(self):
        open_minutes = (self.closes - self.opens).total_seconds() / 60
        return {bay: round(100 * sum(j.minutes for j in jobs) / open_minutes)
                for bay, jobs in self.jobs.items()}

    def day_sheet(self):
        rows = []
        for bay, jobs in self.jobs.items():
            for job in jobs:
                rows.append(f"{job.start:%H:%M} {bay:<8} {job.registration:<8} "
                            f"{', '.join(job.services)} £{job.cost():.2f}")
        return sorted(rows)
