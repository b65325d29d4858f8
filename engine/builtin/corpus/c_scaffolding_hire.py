"""Scaffolding hire: job specs, weekly hire charges and inspection records.

A job is quoted from the elevation (length and height of the face to be
scaffolded), hired by the week after an initial period, and must carry a
current inspection tag while anyone is working on it.
"""

from __future__ import annotations

import logging
import math
from collections import namedtuple
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from enum import Enum
from typing import Iterable, Optional

log = logging.getLogger(__name__)

LIFT_HEIGHT_M = 2.0
BAY_LENGTH_M = 2.5
INITIAL_HIRE = timedelta(weeks=4)
INSPECTION_INTERVAL = timedelta(days=7)
ERECTION_RATE_PER_M2 = Decimal("9.50")
WEEKLY_RATE_PER_M2 = Decimal("1.20")
ALARM_WEEKLY = Decimal("35.00")
LOAD_CLASSES: dict[int, float] = {1: 0.75, 2: 1.5, 3: 2.0, 4: 3.0, 5: 4.5, 6: 6.0}


class Duty(Enum):
    INSPECTION = 2
    GENERAL = 3
    HEAVY = 4
    MASONRY = 5

    @property
    def kn_per_m2(self) -> float:
        return LOAD_CLASSES[self.value]


@dataclass
class Elevation:
    name: str
    length_m: float
    height_m: float
    returns: int = 0

    @property
    def area_m2(self) -> float:
        return self.length_m * self.height_m

    @property
    def lifts(self) -> int:
        return math.ceil(self.height_m / LIFT_HEIGHT_M)

    @property
    def bays(self) -> int:
        return math.ceil(self.length_m / BAY_LENGTH_M)


Inspection = namedtuple("Inspection", "on inspector safe remarks", defaults=("",))


@dataclass
class ScaffoldJob:
    reference: str
    site_address: str
    client: str
    elevations: list[Elevation] = field(default_factory=list)
    duty: Duty = Duty.GENERAL
    alarm: bool = False
    status: str = "quoted"
    erected_on: Optional[date] = None
    struck_on: Optional[date] = None
    inspections: list[Inspection] = field(default_factory=list)

    @property
    def area_m2(self) -> float:
        return round(sum(e.area_m2 for e in self.elevations), 2)

    def component_estimate(self) -> dict[str, int]:
        """Rough count of tubes and boards for the yard to load."""
        standards = ledgers = boards = 0
        for elevation in self.elevations:
            standards += (elevation.bays + 1) * 2
            ledgers += elevation.bays * elevation.lifts * 2
            boards += elevation.bays * 5 * elevation.lifts
            standards += elevation.returns * 2
        if self.duty in (Duty.HEAVY, Duty.MASONRY):
            boards = math.ceil(boards * 1.2)
        return {"standards": standards, "ledgers": ledgers, "transoms": ledgers, "boards": boards}

    def erect(self, on: date) -> None:
        if self.status != "quoted":
            raise ValueError(f"{self.reference} is already {self.status}")
        self.status = "erected"
        self.erected_on = on

    def strike(self, on: date) -> None:
        if self.status != "erected":
            raise ValueError(f"{self.reference} is not up")
        self.status = "struck"
        self.struck_on = on

    def inspect(self, on: date, inspector: str, safe: bool = True, remarks: str = "") -> Inspection:
        inspection = Inspection(on, inspector, safe, remarks)
        self.inspections.append(inspection)
        if not safe:
            log.warning("%s failed inspection: %s", self.reference, remarks or "no remarks")
        return inspection

    def tag_valid(self, today: date) -> bool:
        if not self.inspections:
            return False
        last = max(self.inspections, key=lambda i: i.on)
        return last.safe and today - last.on <= INSPECTION_INTERVAL


def quote(job: ScaffoldJob, *, discount: Decimal = Decimal("0")) -> Decimal:
    area = Decimal(str(job.area_m2))
    price = area * ERECTION_RATE_PER_M2
    if job.duty in (Duty.HEAVY, Duty.MASONRY):
        price *= Decimal("1.15")
    price -= price * discount
    return price.quantize(Decimal("0.01"))


def extra_hire_weeks(job: ScaffoldJob, until: date) -> int:
    if job.erected_on is None:
        return 0
    end = job.struck_on or until
    overrun = (end - job.erected_on) - INITIAL_HIRE
    if overrun <= timedelta(0):
        return 0
    return math.ceil(overrun.days / 7)


def hire_invoice(job: ScaffoldJob, until: date) -> dict[str, Decimal]:
    weeks = extra_hire_weeks(job, until)
    lines = {"erection and dismantle": quote(job)}
    if weeks:
        lines[f"extended hire ({weeks} weeks)"] = (
            Decimal(str(job.area_m2)) * WEEKLY_RATE_PER_M2 * weeks).quantize(Decimal("0.01"))
    if job.alarm and job.erected_on:
        alarm_weeks = math.ceil(((job.struck_on or until) - job.erected_on).days / 7)
        lines[f"scaffold alarm ({alarm_weeks} weeks)"] = ALARM_WEEKLY * alarm_weeks
    lines["total"] = sum(lines.values(), Decimal("0"))
    return lines


def inspections_due(jobs: Iterable[ScaffoldJob], today: date, *, days_ahead: int = 1) -> list[str]:
    horizon = today + timedelta(days=days_ahead)
    due = []
    for job in jobs:
        if job.status != "erected":
            continue
        if not job.inspections:
            due.append(job.reference)
            continue
        last = max(i.on for i in job.inspections)
        if last + INSPECTION_INTERVAL <= horizon:
            due.append(job.reference)
    return due


def safe_working_load(job: ScaffoldJob, bay_area_m2: float = BAY_LENGTH_M * 1.2) -> float:
    """Total kN a single bay lift may carry for this job's duty."""
    return round(job.duty.kn_per_m2 * bay_area_m2, 2)


def yard_load_list(jobs: Iterable[ScaffoldJob], erect_on: date) -> dict[str, int]:
    totals: dict[str, int] = {}
    for job in jobs:
        if job.status == "quoted" and job.erected_on in (None, erect_on):
            for component, count in job.component_estimate().items():
                totals[component] = totals.get(component, 0) + count
    return totals


def overrunning_jobs(jobs: Iterable[ScaffoldJob], today: date) -> list[tuple[str, int]]:
    """Erected jobs now into extended hire, longest overrun first."""
    overruns = []
    for job in jobs:
        if job.status != "erected":
            continue
        weeks = extra_hire_weeks(job, today)
        if weeks:
            overruns.append((job.reference, weeks))
    return sorted(overruns, key=lambda entry: entry[1], reverse=True)
