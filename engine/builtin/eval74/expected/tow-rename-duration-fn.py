"""Tow log for a harbour tugboat company: jobs, bollard pull and billing."""

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta

BASE_RATE_PER_HOUR = 420.0
MIN_BOLLARD_PULL = 35
NIGHT_SURCHARGE = 1.25
MAX_TOW_LENGTH_M = 300
FUEL_LITRES_PER_NM = 18.5


def required_tugs(displacement_tonnes, wind_knots=10, pull_per_tug=MIN_BOLLARD_PULL):
    """Estimate how many tugs a vessel needs for a harbour move."""
    needed_pull = displacement_tonnes / 1000 * 2.2
    if wind_knots > 25:
        needed_pull *= 1.4
    tugs = math.ceil(needed_pull / pull_per_tug)
    return max(tugs, 1)


def sailing_time(distance_nm, speed_knots=6.0, mooring_minutes=30):
    hours = distance_nm / speed_knots
    return timedelta(hours=hours, minutes=mooring_minutes)


def quote_tow(distance_nm, displacement_tonnes, start, wind_knots=10, night=False):
    duration = sailing_time(distance_nm, speed_knots=5.5)
    tugs = required_tugs(displacement_tonnes, wind_knots=wind_knots)
    hours = duration.total_seconds() / 3600
    price = hours * BASE_RATE_PER_HOUR * tugs
    if night or start.hour >= 22 or start.hour < 6:
        price *= NIGHT_SURCHARGE
    fuel = distance_nm * FUEL_LITRES_PER_NM * tugs
    return {"tugs": tugs, "hours": round(hours, 2), "price": round(price, 2), "fuel": fuel}


@dataclass
class TowJob:
    vessel: str
    displacement_tonnes: float
    distance_nm: float
    start: datetime
    tow_length_m: int = 150
    crew: list = field(default_factory=list)

    def is_long_tow(self):
        return self.tow_length_m > MAX_TOW_LENGTH_M / 2

    def quote(self, wind_knots=10):
        return quote_tow(self.distance_nm, self.displacement_tonnes, self.start,
                         wind_knots=wind_knots)

    def finish_time(self):
        return self.start + sailing_time(self.distance_nm)


class TowLog:
    def __init__(self, harbour, skipper="unassigned"):
        self.harbour = harbour
        self.skipper = skipper
        self.jobs = []
        self.cancelled = 0

    def book(self, job):
        if job.tow_length_m > MAX_TOW_LENGTH_M:
            raise ValueError(f"tow line too long for {job.vessel}")
        self.jobs.append(job)
        return len(self.jobs)

    def cancel(self, vessel):
        before = len(self.jobs)
        self.jobs = [job for job in self.jobs if job.vessel != vessel]
        removed = before - len(self.jobs)
        self.cancelled += removed
        return removed

    def jobs_on(self, day):
        return [job for job in self.jobs if job.start.date() == day]

    def total_fuel(self, wind_knots=10):
        total = 0.0
        for job in self.jobs:
            total += job.quote(wind_knots=wind_knots)["fuel"]
        return total

    def busiest_day(self):
        counts = {}
        for job in self.jobs:
            day = job.start.date()
            counts[day] = counts.get(day, 0) + 1
        if not counts:
            return None
        return max(counts, key=counts.get)

    def summary(self):
        lines = [f"Tow log for {self.harbour} (skipper {self.skipper})"]
        for job in sorted(self.jobs, key=lambda j: j.start):
            quote = job.quote()
            lines.append(
                f"{job.start:%d %b %H:%M} {job.vessel}: {quote['tugs']} tugs, "
                f"£{quote['price']:.2f}"
            )
        lines.append(f"{self.cancelled} cancelled")
        return "\n".join(lines)
