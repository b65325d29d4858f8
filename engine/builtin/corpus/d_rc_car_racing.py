"""Heat results and points for the club's radio-controlled car racing nights."""
from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from enum import Enum
from typing import Dict, List, Optional, Sequence

HEAT_MINUTES = 5
POINTS_TABLE = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6)
MIN_LAP_SECONDS = 9.0
DROP_WORST_ROUNDS = 1
TRANSPONDER_PREFIX = "TX"


class CarClass(Enum):
    BUGGY_2WD = "2wd buggy"
    BUGGY_4WD = "4wd buggy"
    TOURING = "touring"
    TRUCK = "stadium truck"


@dataclass
class Driver:
    name: str
    transponder: str
    car_class: CarClass
    round_points: List[int] = field(default_factory=list)

    def championship_total(self, drop: int = DROP_WORST_ROUNDS) -> int:
        kept = sorted(self.round_points, reverse=True)
        if drop and len(kept) > drop:
            kept = kept[:-drop]
        return sum(kept)


@dataclass
class HeatResult:
    transponder: str
    lap_times: List[float]

    @property
    def laps(self) -> int:
        return len(self.lap_times)

    @property
    def total_time(self) -> float:
        return sum(self.lap_times)

    @property
    def best_lap(self) -> Optional[float]:
        return min(self.lap_times) if self.lap_times else None

    @property
    def consistency(self) -> float:
        """Standard deviation of lap times; lower means a steadier drive."""
        if self.laps < 2:
            return 0.0
        return round(statistics.stdev(self.lap_times), 3)


def clean_laps(lap_times: Sequence[float], minimum: float = MIN_LAP_SECONDS) -> List[float]:
    """Drop impossible laps caused by double reads at the timing loop."""
    return [t for t in lap_times if t >= minimum]


def valid_transponder(code: str) -> bool:
    return code.startswith(TRANSPONDER_PREFIX) and code[len(TRANSPONDER_PREFIX):].isdigit()


def rank_heat(results: List[HeatResult]) -> List[HeatResult]:
    return sorted(results, key=lambda r: (-r.laps, r.total_time))


def award_points(ranked: List[HeatResult], table: Sequence[int] = POINTS_TABLE) -> Dict[str, int]:
    points = {}
    for position, result in enumerate(ranked):
        points[result.transponder] = table[position] if position < len(table) else 1
    return points


def run_round(drivers: List[Driver], raw_laps: Dict[str, List[float]], *,
              heat_size: int = 8) -> Dict[CarClass, List[str]]:
    by_class: Dict[CarClass, List[Driver]] = defaultdict(list)
    for driver in drivers:
        if valid_transponder(driver.transponder):
            by_class[driver.car_class].append(driver)
    podiums = {}
    for car_class, entrants in by_class.items():
        results = [HeatResult(d.transponder, clean_laps(raw_laps.get(d.transponder, [])))
                   for d in entrants[:heat_size]]
        ranked = rank_heat(results)
        points = award_points(ranked)
        lookup = {d.transponder: d for d in entrants}
        for transponder, score in points.items():
            lookup[transponder].round_points.append(score)
        podiums[car_class] = [lookup[r.transponder].name for r in ranked[:3]]
    return podiums


def projected_laps(result: HeatResult, minutes: float = HEAT_MINUTES) -> int:
    """Laps a driver would complete over a full heat at their average pace."""
    if not result.laps or not result.total_time:
        return 0
    return int(minutes * 60 // (result.total_time / result.laps))


def standings(drivers: List[Driver], car_class: CarClass) -> List[str]:
    field_ = [d for d in drivers if d.car_class is car_class]
    field_.sort(key=lambda d: d.championship_total(), reverse=True)
    return [f"{i}. {d.name} ({d.championship_total()} pts)" for i, d in enumerate(field_, 1)]
