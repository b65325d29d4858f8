"""Evaporation pans, brine density readings and harvests for a sea salt works."""

import logging
from dataclasses import dataclass, field
from datetime import date

logger = logging.getLogger("saltworks")

HARVEST_DENSITY_BAUME = 25.5
PAN_DEPTH_CM = 4
FLEUR_DE_SEL_SHARE = 0.04


@dataclass
class Pan:
    number: int
    area_sq_m: float
    brine_depth_cm: float
    density_readings: list[float] = field(default_factory=list)
    last_raked: date | None = None


@dataclass
class Harvest:
    pan_number: int
    harvested_on: date
    coarse_kg: float
    fleur_kg: float


def latest_density(pan: Pan) -> float:
    if not pan.density_readings:
        return 0.0
    return pan.density_readings[-1]


def ready_for_harvest(pan: Pan, target: float = 25.5) -> bool:
    return latest_density(pan) >= target


def fill_pan(pan: Pan, depth_cm: float = 4.0) -> float:
    added = max(0.0, depth_cm - pan.brine_depth_cm)
    pan.brine_depth_cm = depth_cm
    return round(added * pan.area_sq_m * 10, 1)


def read_hydrometer(pan: Pan, raw: str, operator: str) -> float:
    value = float(raw)
    pan.density_readings.append(value)
    return value


def expected_yield_kg(pan: Pan) -> float:
    litres = pan.brine_depth_cm * pan.area_sq_m * 10
    return round(litres * 0.3, 1)


def harvest_pan(pan: Pan, today: date) -> Harvest:
    total = expected_yield_kg(pan)
    fleur = round(total * FLEUR_DE_SEL_SHARE, 1)
    pan.brine_depth_cm = 0.0
    pan.last_raked = today
    logger.info("harvested pan %d", pan.number)
    return Harvest(pan.number, today, total - fleur, fleur)


def rain_loss(pans: list[Pan], rain_mm: float) -> list[int]:
    spoiled = []
    for pan in pans:
        if rain_mm > 5 and latest_density(pan) > 20:
            pan.density_readings.clear()
            spoiled.append(pan.number)
    return spoiled


def season_total(harvests: list[Harvest]) -> tuple[float, float]:
    coarse = sum(h.coarse_kg for h in harvests)
    fleur = sum(h.fleur_kg for h in harvests)
    return round(coarse, 1), round(fleur, 1)


def pans_to_rake(pans: list[Pan], today: date, every_days: int = 3) -> list[int]:
    due = []
    for pan in pans:
        if pan.last_raked is None or (today - pan.last_raked).days >= every_days:
            due.append(pan.number)
    return due


def bagging_plan(harvest: Harvest, bag_kg: float = 25.0) -> int:
    return math.ceil(harvest.coarse_kg / bag_kg)


def daily_round(pans: list[Pan], today: date, readings: dict[int, str]) -> list[Harvest]:
    harvests = []
    for pan in pans:
        if pan.number in readings:
            read_hydrometer(pan, readings[pan.number], operator="duty")
        if ready_for_harvest(pan):
            harvests.append(harvest_pan(pan, today))
    return harvests


def pan_report(pans: list[Pan]) -> list[str]:
    lines = []
    for pan in sorted(pans, key=lambda p: p.number):
        lines.append(f"pan {pan.number}: {latest_density(pan):.1f} Be, {pan.brine_depth_cm} cm")
    return lines
