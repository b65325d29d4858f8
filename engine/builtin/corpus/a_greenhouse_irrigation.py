"""Irrigation scheduling for a commercial greenhouse.

Each bench has a crop with a target soil moisture; readings from the
probes decide how long each zone's valve stays open.
"""

import logging
import statistics
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta

logger = logging.getLogger("greenhouse.irrigation")

FLOW_LITRES_PER_MINUTE = 4.5
MAX_RUN_MINUTES = 20
MIN_RUN_MINUTES = 2
NIGHT_START, NIGHT_END = time(21, 0), time(5, 30)
CROP_TARGETS = {"tomato": 0.32, "cucumber": 0.38, "pepper": 0.30, "lettuce": 0.42, "basil": 0.35}
EVAPORATION_PER_DEGREE = 0.004


@dataclass
class Zone:
    name: str
    crop: str
    bench_area_m2: float
    readings: list = field(default_factory=list)
    last_watered: datetime | None = None

    @property
    def target(self) -> float:
        return CROP_TARGETS.get(self.crop, 0.35)

    def add_reading(self, moisture: float, at: datetime):
        if not 0.0 <= moisture <= 1.0:
            logger.warning("zone %s: discarding probe reading %.3f", self.name, moisture)
            return
        self.readings.append((at, moisture))
        self.readings = self.readings[-24:]

    def current_moisture(self, window=3):
        if not self.readings:
            return None
        recent = [m for _, m in self.readings[-window:]]
        return statistics.median(recent)


def _is_night(at: datetime) -> bool:
    t = at.time()
    return t >= NIGHT_START or t < NIGHT_END


def deficit_litres(zone, temperature_c=20.0):
    """Litres needed to bring the zone back up to its target moisture."""
    moisture = zone.current_moisture()
    if moisture is None:
        return 0.0
    # Warmer air dries the benches faster, so aim a little above target.
    target = zone.target + max(0.0, temperature_c - 20.0) * EVAPORATION_PER_DEGREE
    shortfall = target - moisture
    if shortfall <= 0:
        return 0.0
    # Roughly 10 litres per square metre raises moisture by one tenth.
    return shortfall * zone.bench_area_m2 * 100


def run_minutes(litres: float, flow: float = FLOW_LITRES_PER_MINUTE) -> int:
    if litres <= 0:
        return 0
    minutes = round(litres / flow)
    return max(MIN_RUN_MINUTES, min(MAX_RUN_MINUTES, minutes))


def schedule(zones, now: datetime, temperature_c=20.0, *, allow_night=False, rest=timedelta(hours=2)):
    """Return a list of (zone name, start, minutes) valve openings, run one at a time."""
    if _is_night(now) and not allow_night:
        return []
    plan = []
    start = now
    needy = sorted(zones, key=lambda z: (z.current_moisture() or 1.0) - z.target)
    for zone in needy:
        if zone.last_watered and now - zone.last_watered < rest:
            continue
        minutes = run_minutes(deficit_litres(zone, temperature_c))
        if not minutes:
            continue
        plan.append((zone.name, start, minutes))
        start += timedelta(minutes=minutes)
    return plan


def apply_schedule(zones, plan):
    by_name = {z.name: z for z in zones}
    used = 0.0
    for name, start, minutes in plan:
        by_name[name].last_watered = start
        used += minutes * FLOW_LITRES_PER_MINUTE
    logger.info("scheduled %d runs, %.0f litres", len(plan), used)
    return used


def dry_zones(zones, margin=0.05):
    """Zones reading well below target, as (name, moisture) pairs."""
    result = []
    for zone in zones:
        moisture = zone.current_moisture()
        if moisture is not None and moisture < zone.target - margin:
            result.append((zone.name, round(moisture, 3)))
    return result
