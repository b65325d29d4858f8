"""Fermentation tank tracking for a small craft brewery.

Keeps a log of gravity and temperature readings per tank, estimates
attenuation and ABV, and flags tanks that need attention from the brewer.
"""

import logging
import statistics
from collections import namedtuple
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from typing import Dict, List, Optional, Tuple

log = logging.getLogger(__name__)

ABV_FACTOR = 131.25
TARGET_TEMP_RANGE: Tuple[float, float] = (17.0, 21.0)
STABLE_GRAVITY_DAYS = 3
STABLE_GRAVITY_TOLERANCE = 0.001
MAX_FERMENT_DURATION = timedelta(days=21)
CRASH_TEMP = 2.0
TANK_CAPACITY_LITRES: Dict[str, int] = {"FV1": 1000, "FV2": 1000, "FV3": 2000, "FV4": 2000}


class TankState(Enum):
    EMPTY = "empty"
    FERMENTING = "fermenting"
    CONDITIONING = "conditioning"
    CRASHING = "crashing"
    CLEANING = "cleaning"


Reading = namedtuple("Reading", "taken_at gravity temperature note", defaults=("",))


@dataclass
class Batch:
    """One brew, from pitching the yeast until it leaves the tank."""
    code: str
    style: str
    original_gravity: float
    volume_litres: int
    pitched_at: datetime
    yeast_strain: str = "US-05"
    readings: List[Reading] = field(default_factory=list)

    @property
    def latest(self) -> Optional[Reading]:
        if not self.readings:
            return None
        return max(self.readings, key=lambda r: r.taken_at)

    @property
    def current_gravity(self) -> float:
        reading = self.latest
        return reading.gravity if reading else self.original_gravity

    def days_in_tank(self, now: Optional[datetime] = None) -> float:
        """Days since the yeast was pitched."""
        now = now or datetime.now()
        return (now - self.pitched_at).total_seconds() / 86400


class FermentationTank:
    """A single fermentation vessel and whatever batch is in it."""

    def __init__(self, name: str, capacity: Optional[int] = None) -> None:
        self.name = name
        self.capacity = capacity or TANK_CAPACITY_LITRES.get(name, 1000)
        self.state = TankState.EMPTY
        self.batch: Optional[Batch] = None
        self.history: List[str] = []

    def fill(self, batch: Batch) -> None:
        """Transfer a batch into the tank; the tank must be clean and empty."""
        if self.state is not TankState.EMPTY:
            raise ValueError(f"{self.name} is not empty (currently {self.state.value})")
        if batch.volume_litres > self.capacity:
            raise ValueError(
                f"batch {batch.code} is {batch.volume_litres}L but {self.name} holds {self.capacity}L"
            )
        self.batch = batch
        self.state = TankState.FERMENTING
        self.history.append(f"filled with {batch.code}")
        log.info("Tank %s filled with %s (%s)", self.name, batch.code, batch.style)

    def record(self, gravity: float, temperature: float, *, note: str = "",
               taken_at: Optional[datetime] = None) -> Reading:
        """Add a gravity and temperature reading for the current batch."""
        if self.batch is None:
            raise ValueError(f"{self.name} has no batch to record against")
        reading = Reading(taken_at or datetime.now(), gravity, temperature, note)
        self.batch.readings.append(reading)
        return reading

    def start_crash(self) -> None:
        if self.state not in (TankState.FERMENTING, TankState.CONDITIONING):
            return
        self.state = TankState.CRASHING
        self.history.append(f"crash to {CRASH_TEMP}C")

    def empty(self) -> Optional[Batch]:
        """Rack the batch out and mark the tank for cleaning."""
        batch, self.batch = self.batch, None
        self.state = TankState.CLEANING
        if batch:
            self.history.append(f"emptied {batch.code}")
        return batch

    def mark_clean(self) -> None:
        self.state = TankState.EMPTY
        self.history.append("cleaned and sanitised")

    @property
    def fill_ratio(self) -> float:
        if self.batch is None:
            return 0.0
        return self.batch.volume_litres / self.capacity


def estimate_abv(original_gravity: float, final_gravity: float) -> float:
    """Standard homebrew ABV approximation."""
    return round((original_gravity - final_gravity) * ABV_FACTOR, 2)


def apparent_attenuation(original_gravity: float, current_gravity: float) -> float:
    """Percentage of the original gravity points the yeast has consumed."""
    points = original_gravity - 1.0
    if points <= 0:
        return 0.0
    return round((original_gravity - current_gravity) / points * 100, 1)


def _readings_in_window(batch: Batch, days: int, now: datetime) -> List[Reading]:
    cutoff = now - timedelta(days=days)
    return sorted((r for r in batch.readings if r.taken_at >= cutoff), key=lambda r: r.taken_at)


def gravity_is_stable(batch: Batch, *, days: int = STABLE_GRAVITY_DAYS,
                      tolerance: float = STABLE_GRAVITY_TOLERANCE,
                      now: Optional[datetime] = None) -> bool:
    """True once readings over the last few days agree within tolerance.

    This is the usual sign that primary fermentation has finished.
    """
    now = now or datetime.now()
    window = _readings_in_window(batch, days, now)
    if len(window) < 2:
        return False
    gravities = [r.gravity for r in window]
    return max(gravities) - min(gravities) <= tolerance


def temperature_alerts(batch: Batch, low: float = TARGET_TEMP_RANGE[0],
                       high: float = TARGET_TEMP_RANGE[1]) -> List[str]:
    alerts = []
    for reading in batch.readings:
        if reading.temperature < low:
            alerts.append(f"{reading.taken_at:%d %b %H:%M} cold at {reading.temperature:.1f}C")
        elif reading.temperature > high:
            alerts.append(f"{reading.taken_at:%d %b %H:%M} warm at {reading.temperature:.1f}C")
    return alerts


def tank_report(tank: FermentationTank, now: Optional[datetime] = None) -> Dict[str, object]:
    """Summary of a tank for the morning brewhouse check."""
    now = now or datetime.now()
    if tank.batch is None:
        return {"tank": tank.name, "state": tank.state.value}
    batch = tank.batch
    temps = [r.temperature for r in batch.readings]
    report: Dict[str, object] = {
        "tank": tank.name,
        "state": tank.state.value,
        "batch": batch.code,
        "style": batch.style,
        "days": round(batch.days_in_tank(now), 1),
        "gravity": batch.current_gravity,
        "attenuation": apparent_attenuation(batch.original_gravity, batch.current_gravity),
        "abv_so_far": estimate_abv(batch.original_gravity, batch.current_gravity),
        "mean_temp": round(statistics.mean(temps), 1) if temps else None,
        "stable": gravity_is_stable(batch, now=now),
    }
    flags = temperature_alerts(batch)
    if batch.days_in_tank(now) > MAX_FERMENT_DURATION.days:
        flags.append("over maximum ferment time")
    report["flags"] = flags
    return report


def tanks_ready_to_crash(tanks: List[FermentationTank], now: Optional[datetime] = None) -> List[str]:
    ready = []
    for tank in tanks:
        if tank.state is not TankState.FERMENTING or tank.batch is None:
            continue
        if gravity_is_stable(tank.batch, now=now):
            ready.append(tank.name)
    return ready
