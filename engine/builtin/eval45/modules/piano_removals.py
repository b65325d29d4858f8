"""Job planning for a piano removals firm: crews, stairs and quotes."""

import math
from datetime import date

PIANO_WEIGHTS = {"upright": 250, "baby_grand": 300, "grand": 450, "concert_grand": 500}
LIFT_PER_MOVER_KG = 70
STAIR_FEE = 4.0
MILEAGE_RATE = 1.45
MINIMUM_CHARGE = 180.0
INSURANCE_RATE = 0.015


class Crew:
    def __init__(self, lead, movers=2, has_skid_board=True):
        self.lead = lead
        self.movers = movers
        self.has_skid_board = has_skid_board
        self.jobs = []

    def can_lift(self, weight_kg):
        capacity = self.movers * LIFT_PER_MOVER_KG
        if self.has_skid_board:
            capacity *= 1.5
        return capacity >= weight_kg

    def assign(self, job):
        if not self.can_lift(job.weight_kg()):
            raise ValueError(f"the crew led by {self.lead} cannot lift a {job.piano}")
        self.jobs.append(job)
        job.crew = self
        return len(self.jobs)

    def total_weight(self):
        return sum(job.weight_kg() for job in self.jobs)


class RemovalJob:
    def __init__(self, customer, piano, miles, stairs=0, value=0.0):
        self.customer = customer
        self.piano = piano
        self.miles = miles
        self.stairs = stairs
        self.value = value
        self.crew = None
        self.booked_for = None

    def weight_kg(self):
        return PIANO_WEIGHTS.get(self.piano, 300)

    def book(self, when):
        if when < date.today():
            raise ValueError("cannot book a removal in the past")
        self.booked_for = when
        return when.isoformat()

    def describe(self):
        flights = f", {self.stairs} stairs" if self.stairs else ""
        return f"{self.piano} for {self.customer}, {self.miles} miles{flights}"


def movers_needed(weight_kg, skid_board=True):
    per_mover = LIFT_PER_MOVER_KG * (1.5 if skid_board else 1.0)
    return max(2, math.ceil(weight_kg / per_mover))


def quote_job(job, rate=MILEAGE_RATE, fuel_surcharge=0.0, include_insurance=True):
    movers = movers_needed(job.weight_kg())
    labour = movers * 45.0
    travel = job.miles * rate
    stairs = job.stairs * STAIR_FEE * movers
    total = labour + travel + stairs
    if include_insurance:
        total += job.value * INSURANCE_RATE
    total = max(total, MINIMUM_CHARGE)
    return round(total, 2)


def plan_day(jobs, crews):
    plan = []
    for job in jobs:
        for crew in crews:
            if crew.can_lift(job.weight_kg()):
                crew.assign(job)
                plan.append((crew.lead, job.customer, quote_job(job, fuel_surcharge=0.0)))
                break
        else:
            plan.append((None, job.customer, None))
    return plan


def summarise(plan):
    quoted = [q for _, _, q in plan if q is not None]
    unassigned = [c for lead, c, _ in plan if lead is None]
    return {"jobs": len(plan), "revenue": round(sum(quoted), 2), "unassigned": unassigned}
