"""Weekly vehicle rota for a bus depot.

Each bus is assigned to routes for a service day, subject to mileage
between inspections, fuel range and the number of buses held back as
spares. The rota can be exported to CSV for the depot office.
"""

import csv
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Dict, List, Optional, Tuple

logger = logging.getLogger("depot.rota")

INSPECTION_INTERVAL_KM = 10_000
INSPECTION_WARNING_KM = 500
SPARE_RATIO = 0.1
MIN_SPARES = 2
ROTA_FILENAME = "vehicle_rota.csv"
DOUBLE_DECK_ROUTES = ("7", "12", "X40")
SERVICE_DAYS = 7


@dataclass
class Bus:
    """One vehicle in the depot's fleet."""
    fleet_number: int
    registration: str
    odometer_km: int
    last_inspection_km: int
    double_deck: bool = False
    range_km: int = 350
    off_road_reason: Optional[str] = None

    @property
    def available(self) -> bool:
        return self.off_road_reason is None

    @property
    def km_since_inspection(self) -> int:
        return self.odometer_km - self.last_inspection_km

    @property
    def km_to_inspection(self) -> int:
        return INSPECTION_INTERVAL_KM - self.km_since_inspection

    def inspection_due(self, margin_km: int = INSPECTION_WARNING_KM) -> bool:
        return self.km_to_inspection <= margin_km

    def can_run(self, route_km: int) -> bool:
        if not self.available:
            return False
        if route_km > self.range_km:
            return False
        return self.km_to_inspection >= route_km

    def suits(self, duty: "RouteDuty") -> bool:
        if duty.needs_double_deck and not self.double_deck:
            return False
        return self.can_run(duty.daily_km)


@dataclass
class RouteDuty:
    route: str
    duty_number: int
    daily_km: int
    needs_double_deck: bool = False

    @classmethod
    def for_route(cls, route: str, duty_number: int, daily_km: int) -> "RouteDuty":
        return cls(route, duty_number, daily_km, needs_double_deck=route in DOUBLE_DECK_ROUTES)


@dataclass
class DayRota:
    service_date: date
    assignments: Dict[int, RouteDuty] = field(default_factory=dict)
    spares: List[int] = field(default_factory=list)
    uncovered: List[RouteDuty] = field(default_factory=list)

    @property
    def covered_count(self) -> int:
        return len(self.assignments)

    def bus_for(self, route: str, duty_number: int) -> Optional[int]:
        for fleet_number, duty in self.assignments.items():
            if duty.route == route and duty.duty_number == duty_number:
                return fleet_number
        return None

    def apply_mileage(self, fleet: List[Bus]) -> int:
        """Add each assigned duty's distance to its bus; return total km run."""
        by_number = {b.fleet_number: b for b in fleet}
        total = 0
        for fleet_number, duty in self.assignments.items():
            by_number[fleet_number].odometer_km += duty.daily_km
            total += duty.daily_km
        return total


def spares_required(fleet_size: int, ratio: float = SPARE_RATIO, minimum: int = MIN_SPARES) -> int:
    """Number of serviceable buses to keep off the road as spares."""
    return max(minimum, round(fleet_size * ratio))


def _pick_bus(candidates: List[Bus], duty: RouteDuty) -> Optional[Bus]:
    suitable = [b for b in candidates if b.suits(duty)]
    if not suitable:
        return None
    # Prefer the bus with the most headroom before inspection so that
    # buses close to their limit are held back for short duties.
    if duty.daily_km > 200:
        return max(suitable, key=lambda b: b.km_to_inspection)
    return min(suitable, key=lambda b: b.km_to_inspection)


def build_day_rota(service_date: date, fleet: List[Bus], duties: List[RouteDuty],
                   *, keep_spares: bool = True) -> DayRota:
    """Assign buses to the day's duties, keeping spares back where possible."""
    rota = DayRota(service_date)
    available = [b for b in fleet if b.available]
    reserve = spares_required(len(fleet)) if keep_spares else 0

    ordered = sorted(duties, key=lambda d: (not d.needs_double_deck, -d.daily_km))
    pool = list(available)
    for duty in ordered:
        if len(pool) <= reserve:
            rota.uncovered.append(duty)
            continue
        chosen = _pick_bus(pool, duty)
        if chosen is None:
            rota.uncovered.append(duty)
            logger.warning("no bus for route %s duty %d on %s", duty.route, duty.duty_number, service_date)
            continue
        rota.assignments[chosen.fleet_number] = duty
        pool.remove(chosen)

    rota.spares = [b.fleet_number for b in pool]
    return rota


def build_week(start: date, fleet: List[Bus], duties: List[RouteDuty],
               days: int = SERVICE_DAYS) -> List[DayRota]:
    """Build consecutive day rotas, wearing the fleet forward each day."""
    week: List[DayRota] = []
    for offset in range(days):
        service_date = start + timedelta(days=offset)
        todays_duties = duties if service_date.weekday() < 6 else [d for d in duties if d.duty_number == 1]
        rota = build_day_rota(service_date, fleet, todays_duties)
        rota.apply_mileage(fleet)
        week.append(rota)
    return week


def inspections_due(fleet: List[Bus], margin_km: int = INSPECTION_WARNING_KM) -> List[Tuple[int, int]]:
    """Buses within ``margin_km`` of inspection, most urgent first."""
    return sorted(
        ((b.fleet_number, b.km_to_inspection) for b in fleet if b.inspection_due(margin_km)),
        key=lambda pair: pair[1],
    )


def export_rota(week: List[DayRota], directory: Path, filename: str = ROTA_FILENAME) -> Path:
    """Write the week's rota, with uncovered duties, to a CSV file."""
    target = directory / filename
    with target.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["date", "fleet_number", "route", "duty", "km"])
        for rota in week:
            for fleet_number, duty in sorted(rota.assignments.items()):
                writer.writerow([rota.service_date.isoformat(), fleet_number,
                                 duty.route, duty.duty_number, duty.daily_km])
            for duty in rota.uncovered:
                writer.writerow([rota.service_date.isoformat(), "UNCOVERED",
                                 duty.route, duty.duty_number, duty.daily_km])
    logger.info("wrote rota for %d days to %s", len(week), target)
    return target


def coverage_summary(week: List[DayRota]) -> Dict[str, float]:
    per_route: Dict[str, List[int]] = defaultdict(lambda: [0, 0])
    for rota in week:
        for duty in rota.assignments.values():
            per_route[duty.route][0] += 1
            per_route[duty.route][1] += 1
        for duty in rota.uncovered:
            per_route[duty.route][1] += 1
    return {route: round(covered / total, 2) for route, (covered, total) in per_route.items()}
