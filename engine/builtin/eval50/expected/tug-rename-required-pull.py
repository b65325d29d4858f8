"""Job sheets and tariff calculation for a harbour tugboat company."""

import math
from datetime import datetime

HOURLY_RATE = {"harbour": 420.0, "coastal": 610.0, "ocean": 950.0}
MIN_BOLLARD_PULL_T = 20
PULL_PER_1000_DWT = 1.1
STANDBY_RATE = 150.0
PILOT_BOARDING_FEE = 85.0


def needed_pull(deadweight_t, wind_knots=10, margin=1.25):
    base = deadweight_t / 1000 * PULL_PER_1000_DWT
    if wind_knots > 25:
        base *= 1.4
    return max(MIN_BOLLARD_PULL_T, base * margin)


def tugs_needed(deadweight_t, pull_per_tug, wind_knots=10):
    total = needed_pull(deadweight_t, wind_knots)
    return max(1, math.ceil(total / pull_per_tug))


def billable_hours(started, finished, minimum=2.0):
    hours = (finished - started).total_seconds() / 3600
    return max(minimum, math.ceil(hours * 4) / 4)


class Tug:
    def __init__(self, name, bollard_pull_t, crew=3):
        self.name = name
        self.bollard_pull_t = bollard_pull_t
        self.crew = crew
        self.engine_hours = 0.0
        self.busy = False

    def assign(self):
        if self.busy:
            raise RuntimeError(f"{self.name} is already on a job")
        self.busy = True
        print(f"{self.name} assigned")

    def release(self, hours):
        self.engine_hours += hours
        self.busy = False


class TowJob:
    def __init__(self, vessel, deadweight_t, area="harbour", wind_knots=10):
        self.vessel = vessel
        self.deadweight_t = deadweight_t
        self.area = area
        self.wind_knots = wind_knots
        self.tugs = []
        self.started = None
        self.finished = None
        self.standby_hours = 0.0

    def allocate(self, fleet):
        free = sorted((tug for tug in fleet if not tug.busy), key=lambda tug: tug.bollard_pull_t, reverse=True)
        needed = needed_pull(self.deadweight_t, self.wind_knots)
        pulled = 0.0
        for tug in free:
            if pulled >= needed:
                break
            tug.assign()
            self.tugs.append(tug)
            pulled += tug.bollard_pull_t
        if pulled < needed:
            for tug in self.tugs:
                tug.busy = False
            self.tugs = []
            raise RuntimeError(f"not enough pull for {self.vessel}")
        return self.tugs

    def start(self, when=None):
        self.started = when or datetime.now()

    def finish(self, when=None):
        self.finished = when or datetime.now()
        hours = billable_hours(self.started, self.finished)
        for tug in self.tugs:
            tug.release(hours)
        return hours

    def invoice(self, with_pilot=False):
        hours = billable_hours(self.started, self.finished)
        rate = HOURLY_RATE[self.area]
        total = hours * rate * len(self.tugs)
        total += self.standby_hours * STANDBY_RATE
        if with_pilot:
            total += PILOT_BOARDING_FEE
        return round(total, 2)


def plan_job(vessel, deadweight_t, fleet, area="harbour", wind_knots=10):
    job = TowJob(vessel, deadweight_t, area=area, wind_knots=wind_knots)
    job.allocate(fleet)
    return job


def fleet_report(fleet, service_interval=500):
    lines = []
    for tug in fleet:
        state = "on job" if tug.busy else "free"
        if tug.engine_hours >= service_interval:
            state += ", service due"
        lines.append(f"{tug.name:<14}{tug.bollard_pull_t:>5} t  {state}")
    return "\n".join(lines)
