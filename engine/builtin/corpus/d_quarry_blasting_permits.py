"""Blast permit checks for the quarry.

Every blast needs a permit signed off by the shotfirer and the quarry
manager. The permit records the charge per delay, distances to the
nearest houses, and the predicted ground vibration and air overpressure,
which must stay under the planning consent limits.
"""
from __future__ import annotations

import json
import logging
import math
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Dict, List, Optional, Tuple

logger = logging.getLogger("quarry.blasting")

PPV_LIMIT_MM_S = 6.0
AIR_OVERPRESSURE_LIMIT_DB = 120.0
SITE_CONSTANT_K = 1140.0
SITE_EXPONENT_B = 1.6
BLAST_WINDOW = (time(10, 0), time(16, 0))
MIN_EXCLUSION_M = 300
PERMIT_VALID_FOR = timedelta(days=3)
PERMIT_FOLDER = "permits"


@dataclass
class Receptor:
    """A house, farm or structure the blast could be felt at."""

    name: str
    distance_m: float
    listed_building: bool = False


@dataclass
class BlastDesign:
    bench: str
    holes: int
    hole_depth_m: float
    burden_m: float
    spacing_m: float
    charge_per_hole_kg: float
    holes_per_delay: int = 1
    stemming_m: float = 2.5

    @property
    def max_instantaneous_charge(self) -> float:
        return self.charge_per_hole_kg * self.holes_per_delay

    @property
    def total_explosive_kg(self) -> float:
        return self.charge_per_hole_kg * self.holes

    @property
    def rock_volume_m3(self) -> float:
        return self.holes * self.burden_m * self.spacing_m * self.hole_depth_m

    def powder_factor(self, density_t_m3: float = 2.6) -> float:
        tonnes = self.rock_volume_m3 * density_t_m3
        if tonnes == 0:
            return 0.0
        return self.total_explosive_kg / tonnes


@dataclass
class Permit:
    number: str
    design: BlastDesign
    planned_for: datetime
    receptors: List[Receptor] = field(default_factory=list)
    status: str = "draft"  # draft -> checked -> approved -> fired, or cancelled
    shotfirer: Optional[str] = None
    manager: Optional[str] = None
    issued: Optional[datetime] = None
    problems: List[str] = field(default_factory=list)

    def nearest(self) -> Optional[Receptor]:
        if not self.receptors:
            return None
        return min(self.receptors, key=lambda r: r.distance_m)

    def expired(self, now: datetime) -> bool:
        return self.issued is not None and now - self.issued > PERMIT_VALID_FOR

    def approve(self, shotfirer: str, manager: str, now: Optional[datetime] = None) -> None:
        if self.status != "checked":
            raise ValueError(f"permit {self.number} is {self.status}, not checked")
        if shotfirer == manager:
            raise ValueError("the shotfirer and manager must be different people")
        self.shotfirer = shotfirer
        self.manager = manager
        self.issued = now or datetime.now()
        self.status = "approved"
        logger.info("permit %s approved for %s", self.number, self.planned_for)

    def cancel(self, reason: str) -> None:
        """Withdraw a permit that will not be fired, e.g. weather or a changed design."""
        if self.status == "fired":
            raise ValueError(f"permit {self.number} has already been fired")
        self.status = "cancelled"
        self.problems.append(f"cancelled: {reason}")
        logger.info("permit %s cancelled (%s)", self.number, reason)

    def record_firing(self, measured_ppv: Dict[str, float],
                      now: Optional[datetime] = None) -> Tuple[bool, List[str]]:
        now = now or datetime.now()
        if self.status != "approved" or self.expired(now):
            return False, [f"permit {self.number} is not valid to fire"]
        exceedances = [f"{name}: {value} mm/s" for name, value in measured_ppv.items()
                       if value > PPV_LIMIT_MM_S]
        self.status = "fired"
        return True, exceedances


def predicted_ppv(distance_m: float, charge_kg: float, *, k: float = SITE_CONSTANT_K,
                  b: float = SITE_EXPONENT_B) -> float:
    """Peak particle velocity in mm/s from the site's regression line."""
    if charge_kg <= 0:
        return 0.0
    scaled_distance = distance_m / math.sqrt(charge_kg)
    return k * scaled_distance ** (-b)


def predicted_overpressure(distance_m: float, charge_kg: float) -> float:
    cube_root_sd = distance_m / (charge_kg ** (1 / 3)) if charge_kg > 0 else math.inf
    if math.isinf(cube_root_sd):
        return 0.0
    pressure_pa = 185 * cube_root_sd ** -1.2 * 1000
    return 20 * math.log10(pressure_pa / 20e-6)


def max_charge_for(distance_m: float, limit: float = PPV_LIMIT_MM_S) -> float:
    """Largest charge per delay that keeps vibration at a receptor under the limit."""
    sd_needed = (SITE_CONSTANT_K / limit) ** (1 / SITE_EXPONENT_B)
    return (distance_m / sd_needed) ** 2


def _in_window(moment: datetime) -> bool:
    start, end = BLAST_WINDOW
    return moment.weekday() < 5 and start <= moment.time() <= end


def check_permit(permit: Permit, *, ppv_limit: float = PPV_LIMIT_MM_S,
                 air_limit: float = AIR_OVERPRESSURE_LIMIT_DB) -> List[str]:
    problems: List[str] = []
    charge = permit.design.max_instantaneous_charge
    if not _in_window(permit.planned_for):
        problems.append(f"{permit.planned_for:%a %H:%M} is outside the blasting window")
    if permit.design.stemming_m < permit.design.burden_m * 0.7:
        problems.append("stemming is short for the burden, risk of fly rock")
    for receptor in permit.receptors:
        limit = ppv_limit / 2 if receptor.listed_building else ppv_limit
        ppv = predicted_ppv(receptor.distance_m, charge)
        if ppv > limit:
            problems.append(f"{receptor.name}: predicted {ppv:.1f} mm/s over {limit} mm/s")
        air = predicted_overpressure(receptor.distance_m, charge)
        if air > air_limit:
            problems.append(f"{receptor.name}: predicted {air:.0f} dB air overpressure")
        if receptor.distance_m < MIN_EXCLUSION_M:
            problems.append(f"{receptor.name} is inside the {MIN_EXCLUSION_M} m exclusion zone")
    permit.problems = problems
    if not problems and permit.status == "draft":
        permit.status = "checked"
    return problems


def save(permit: Permit, root: Path, folder: str = PERMIT_FOLDER) -> Path:
    target = root / folder
    target.mkdir(parents=True, exist_ok=True)
    record = asdict(permit)
    record["planned_for"] = permit.planned_for.isoformat()
    record["issued"] = permit.issued.isoformat() if permit.issued else None
    path = target / f"{permit.number}.json"
    path.write_text(json.dumps(record, indent=2))
    return path


def blasts_this_month(permits: List[Permit], today: date) -> int:
    return sum(1 for p in permits if p.status == "fired"
               and p.planned_for.year == today.year and p.planned_for.month == today.month)
