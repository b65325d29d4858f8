"""Servicing schedule for portable fire extinguishers on customer sites.

Follows the usual British Standard pattern: a basic annual service, an
extended service (discharge test) every five years for most types, and
overhaul or replacement at ten years. Engineers record each visit and
the module works out what is due next and what to quote.
"""

import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from typing import Dict, Iterable, List, Optional, Tuple

log = logging.getLogger("extinguishers")

ANNUAL_SERVICE_FEE = 9.50
EXTENDED_SERVICE_FEE = 24.00
REFILL_FEES: Dict[str, float] = {"water": 18.0, "foam": 22.0, "powder": 26.0, "co2": 35.0, "wet chemical": 38.0}
EXTENDED_INTERVAL_YEARS = 5
CO2_OVERHAUL_YEARS = 10
SERVICE_GRACE = timedelta(days=30)
VISIT_CALL_OUT = 45.0


class Agent(Enum):
    """Extinguishing agent; each has its own label colour band."""
    WATER = "water"
    FOAM = "foam"
    POWDER = "powder"
    CO2 = "co2"
    WET_CHEMICAL = "wet chemical"

    @property
    def label_colour(self) -> str:
        return {
            Agent.WATER: "red",
            Agent.FOAM: "cream",
            Agent.POWDER: "blue",
            Agent.CO2: "black",
            Agent.WET_CHEMICAL: "yellow",
        }[self]


@dataclass
class Extinguisher:
    serial: str
    agent: Agent
    capacity: str
    location: str
    manufactured: date
    last_service: Optional[date] = None
    last_extended: Optional[date] = None
    condemned: bool = False
    history: List[Tuple[date, str]] = field(default_factory=list)

    def age_years(self, on: Optional[date] = None) -> int:
        on = on or date.today()
        return on.year - self.manufactured.year - ((on.month, on.day) < (self.manufactured.month, self.manufactured.day))

    def next_basic_due(self) -> date:
        """Annual basic service date."""
        base = self.last_service or self.manufactured
        return base + timedelta(days=365)

    def extended_due(self, on: Optional[date] = None) -> bool:
        """Whether the five-yearly discharge test is due."""
        on = on or date.today()
        if self.agent is Agent.CO2:
            return False  # CO2 units go to overhaul instead
        reference = self.last_extended or self.manufactured
        return (on - reference).days >= EXTENDED_INTERVAL_YEARS * 365

    def overhaul_due(self, on: Optional[date] = None) -> bool:
        return self.agent is Agent.CO2 and self.age_years(on) >= CO2_OVERHAUL_YEARS


class Site:
    """A customer premises and its extinguishers."""

    def __init__(self, name: str, address: str, contact: str = "") -> None:
        self.name = name
        self.address = address
        self.contact = contact
        self.units: Dict[str, Extinguisher] = {}

    def install(self, unit: Extinguisher) -> None:
        self.units[unit.serial] = unit

    def active_units(self) -> List[Extinguisher]:
        return [u for u in self.units.values() if not u.condemned]

    def units_at(self, location: str) -> List[Extinguisher]:
        wanted = location.strip().lower()
        return [u for u in self.active_units() if u.location.lower() == wanted]

    def coverage(self) -> Dict[str, int]:
        counts: Dict[str, int] = {}
        for unit in self.active_units():
            counts[unit.agent.value] = counts.get(unit.agent.value, 0) + 1
        return counts

    def missing_cover(self, has_kitchen: bool = False, has_electrics: bool = True) -> List[str]:
        """Gaps in the site's fire cover to note on the certificate."""
        cover = self.coverage()
        gaps = []
        if not cover.get("water") and not cover.get("foam"):
            gaps.append("no water or foam for class A fires")
        if has_electrics and not cover.get("co2"):
            gaps.append("no CO2 near electrical equipment")
        if has_kitchen and not cover.get("wet chemical"):
            gaps.append("no wet chemical for cooking oil fires")
        return gaps


def record_service(unit: Extinguisher, on: date, *, extended: bool = False,
                   discharged: bool = False, passed: bool = True, engineer: str = "") -> float:
    """Log a service visit on one unit and return its line charge."""
    charge = EXTENDED_SERVICE_FEE if extended else ANNUAL_SERVICE_FEE
    if not passed:
        unit.condemned = True
        unit.history.append((on, f"condemned by {engineer or 'engineer'}"))
        log.info("Unit %s condemned at %s", unit.serial, unit.location)
        return charge
    unit.last_service = on
    if extended:
        unit.last_extended = on
    if discharged or extended:
        charge += REFILL_FEES[unit.agent.value]
    unit.history.append((on, "extended service" if extended else "basic service"))
    return charge


def units_due(site: Site, on: Optional[date] = None, grace: timedelta = SERVICE_GRACE) -> List[Tuple[str, str]]:
    """Serial and work needed for every unit due at the next visit."""
    on = on or date.today()
    due = []
    for unit in site.active_units():
        if unit.overhaul_due(on):
            due.append((unit.serial, "overhaul or replace"))
        elif unit.extended_due(on):
            due.append((unit.serial, "extended service"))
        elif unit.next_basic_due() <= on + grace:
            due.append((unit.serial, "basic service"))
    return due


def quote_visit(site: Site, on: Optional[date] = None, replacement_price: float = 65.0) -> Dict[str, float]:
    """Itemised quote for the work due, including the call-out charge."""
    lines: Dict[str, float] = {"call out": VISIT_CALL_OUT}
    units = {u.serial: u for u in site.active_units()}
    for serial, work in units_due(site, on):
        unit = units[serial]
        if work == "basic service":
            cost = ANNUAL_SERVICE_FEE
        elif work == "extended service":
            cost = EXTENDED_SERVICE_FEE + REFILL_FEES[unit.agent.value]
        else:
            cost = replacement_price
        lines[f"{serial} ({unit.location}) {work}"] = round(cost, 2)
    lines["total"] = round(sum(lines.values()), 2)
    return lines


def certificate_lines(site: Site, on: date) -> Iterable[str]:
    yield f"Service certificate - {site.name}, {site.address}"
    yield f"Date of visit: {on:%d/%m/%Y}"
    for unit in sorted(site.units.values(), key=lambda u: u.location):
        state = "CONDEMNED" if unit.condemned else "OK"
        yield (f"{unit.serial:<10} {unit.agent.value:<13} {unit.capacity:<5} "
               f"{unit.agent.label_colour:<7} {unit.location:<24} {state}")
    for gap in site.missing_cover():
        yield f"Recommendation: {gap}"


def visits_due(sites: Iterable[Site], month: int, year: int) -> List[Tuple[str, int]]:
    """Sites with any unit falling due in the given month, busiest first."""
    first = date(year, month, 1)
    busy = []
    for site in sites:
        count = sum(
            1 for unit in site.active_units()
            if unit.next_basic_due().replace(day=1) <= first or unit.extended_due(first)
        )
        if count:
            busy.append((site.name, count))
    return sorted(busy, key=lambda pair: (-pair[1], pair[0]))
