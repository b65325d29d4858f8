"""Water test records and dosing advice for the aquarium's display tanks."""

from __future__ import annotations

import csv
import statistics
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from pathlib import Path
from typing import Optional

TEST_LOG = "water_tests.csv"
AMMONIA_LIMIT_PPM = 0.02
NITRITE_LIMIT_PPM = 0.1
MAX_WATER_CHANGE = 0.3
TREND_WINDOW = timedelta(days=14)
SAFE_RANGES: dict[str, dict[str, tuple[float, float]]] = {
    "reef": {"ph": (8.0, 8.4), "kh": (7.0, 11.0), "nitrate": (1.0, 10.0), "salinity": (1.024, 1.026)},
    "tropical": {"ph": (6.5, 7.5), "kh": (3.0, 8.0), "nitrate": (0.0, 40.0)},
    "coldwater": {"ph": (7.0, 8.0), "kh": (4.0, 10.0), "nitrate": (0.0, 50.0)},
}


class Severity(Enum):
    OK = 0
    WATCH = 1
    ACT = 2


@dataclass
class WaterTest:
    tank: str
    taken_at: datetime
    ph: float
    ammonia: float = 0.0
    nitrite: float = 0.0
    nitrate: float = 0.0
    kh: Optional[float] = None
    salinity: Optional[float] = None


@dataclass
class Tank:
    name: str
    system: str
    volume_litres: int
    tests: list[WaterTest] = field(default_factory=list)

    def latest(self) -> Optional[WaterTest]:
        return max(self.tests, key=lambda t: t.taken_at, default=None)

    def recent(self, now: datetime, window: timedelta = TREND_WINDOW) -> list[WaterTest]:
        return sorted((t for t in self.tests if now - t.taken_at <= window), key=lambda t: t.taken_at)


def check(test: WaterTest, system: str) -> list[tuple[str, Severity, str]]:
    findings = []
    if test.ammonia > AMMONIA_LIMIT_PPM:
        findings.append(("ammonia", Severity.ACT, f"{test.ammonia} ppm"))
    if test.nitrite > NITRITE_LIMIT_PPM:
        findings.append(("nitrite", Severity.ACT, f"{test.nitrite} ppm"))
    for parameter, (low, high) in SAFE_RANGES.get(system, {}).items():
        value = getattr(test, parameter)
        if value is None:
            continue
        if value < low or value > high:
            margin = (high - low) * 0.1
            severity = Severity.ACT if value < low - margin or value > high + margin else Severity.WATCH
            findings.append((parameter, severity, f"{value} outside {low}-{high}"))
    return findings


def water_change_fraction(nitrate: float, target: float) -> float:
    """Fraction of the tank to change to bring nitrate down to target."""
    if nitrate <= target:
        return 0.0
    return min(1 - target / nitrate, MAX_WATER_CHANGE)


def nitrate_trend(tank: Tank, now: datetime) -> float:
    tests = tank.recent(now)
    if len(tests) < 3:
        return 0.0
    days = [(t.taken_at - tests[0].taken_at).total_seconds() / 86400 for t in tests]
    return round(statistics.linear_regression(days, [t.nitrate for t in tests]).slope, 3)


def advice(tank: Tank, now: Optional[datetime] = None) -> list[str]:
    now = now or datetime.now()
    test = tank.latest()
    if test is None:
        return [f"{tank.name}: no tests recorded"]
    notes = [f"{tank.name}: {name} {detail} ({severity.name})"
             for name, severity, detail in check(test, tank.system)]
    target = SAFE_RANGES.get(tank.system, {}).get("nitrate", (0, 20))[1] / 2
    fraction = water_change_fraction(test.nitrate, target)
    if fraction:
        notes.append(f"{tank.name}: change {fraction * tank.volume_litres:.0f} litres")
    if nitrate_trend(tank, now) > 1.0:
        notes.append(f"{tank.name}: nitrate climbing, check feeding and filter")
    return notes


def load_tests(tanks: dict[str, Tank], path: Path = Path(TEST_LOG)) -> int:
    loaded = 0
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            tank = tanks.get(row["tank"])
            if tank is None:
                continue
            optional = {k: float(row[k]) for k in ("kh", "salinity") if row.get(k)}
            tank.tests.append(WaterTest(
                tank=row["tank"],
                taken_at=datetime.fromisoformat(row["taken_at"]),
                ph=float(row["ph"]),
                ammonia=float(row.get("ammonia") or 0),
                nitrite=float(row.get("nitrite") or 0),
                nitrate=float(row.get("nitrate") or 0),
                **optional,
            ))
            loaded += 1
    return loaded
