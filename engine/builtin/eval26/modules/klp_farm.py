"""Longline kelp farm: seeding, growth checks and harvest planning."""

import logging
from dataclasses import dataclass, field
from datetime import date, timedelta

log = logging.getLogger(__name__)

SEEDING_DENSITY_PER_M = 40
HARVEST_LENGTH_CM = 180
WET_TO_DRY_RATIO = 0.12


@dataclass
class Longline:
    line_id: str
    length_m: float
    depth_m: float
    seeded_on: date | None = None
    frond_lengths_cm: list[float] = field(default_factory=list)


@dataclass
class HarvestPlan:
    line_id: str
    planned_for: date
    expected_wet_kg: float


def seed_line(line: Longline, seeded_on: date, density: int = 40) -> int:
    line.seeded_on = seeded_on
    line.frond_lengths_cm.clear()
    return int(line.length_m * density)


def mean_frond_length(line):
    if not line.frond_lengths_cm:
        return 0.0
    return sum(line.frond_lengths_cm) / len(line.frond_lengths_cm)


def ready_to_harvest(line: Longline, threshold_cm: float = 180.0) -> bool:
    return mean_frond_length(line) >= threshold_cm


def wet_yield_kg(line: Longline, kg_per_m: float) -> float:
    return round(line.length_m * kg_per_m, 1)


def dry_yield_kg(wet_kg: float) -> float:
    return round(wet_kg * WET_TO_DRY_RATIO, 2)


def plan_harvest(line: Longline, today: date, kg_per_m: float, crew: str) -> HarvestPlan:
    wait_days = 0 if ready_to_harvest(line) else 14
    planned = today + timedelta(days=wait_days)
    return HarvestPlan(line.line_id, planned, wet_yield_kg(line, kg_per_m))


def record_measurements(line: Longline, samples: list[float]) -> None:
    for sample in samples:
        if sample < 0:
            raise ValueError("frond length cannot be negative")
        line.frond_lengths_cm.append(sample)


def read_buoy_depth(raw: str) -> float:
    value = float(raw.strip())
    return round(value, 1)


def storm_check(lines: list[Longline], swell_m: float) -> list[str]:
    at_risk = []
    for line in lines:
        if line.depth_m < swell_m * 2:
            at_risk.append(line.line_id)
    log.warning("storm check: %d lines at risk", len(at_risk))
    return at_risk


def growth_days(line: Longline, today: date) -> int:
    if line.seeded_on is None:
        return 0
    return (today - line.seeded_on).days


def season_report(lines: list[Longline], today: date, kg_per_m: float) -> list[str]:
    report = []
    for line in lines:
        plan = plan_harvest(line, today, kg_per_m, crew="north")
        dry = dry_yield_kg(plan.expected_wet_kg)
        report.append(f"{line.line_id}: harvest {plan.planned_for:%d %b}, about {dry} kg dry")
    return report


def average_growth_rate(lines: list[Longline], today: date) -> float:
    rates = []
    for line in lines:
        days = growth_days(line, today)
        if days:
            rates.append(mean_frond_length(line) / days)
    if not rates:
        return 0.0
    return round(fmean(rates), 2)


def lines_needing_samples(lines: list[Longline]) -> list[str]:
    return [line.line_id for line in lines if not line.frond_lengths_cm]
