"""Mushroom foraging permits for a country park: quotas, zones and seizures."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

DAILY_LIMIT_GRAMS = 1500
PERMIT_FEE = 12.0
SEASON_START_MONTH = 8
SEASON_END_MONTH = 11
PROTECTED_SPECIES = frozenset({"hericium", "sparassis", "morchella"})


@dataclass
class Zone:
    code: str
    hectares: float
    closed: bool = False


@dataclass
class Permit:
    number: int
    holder: str
    issued: date
    zones: list[str]
    commercial: bool = False

    def allows(self, zone_code: str) -> bool:
        return zone_code in self.zones


@dataclass
class Haul:
    permit_number: int
    day: date
    zone_code: str
    species: str
    grams: int


@dataclass
class Ledger:
    permits: dict[int, Permit] = field(default_factory=dict)
    hauls: list[Haul] = field(default_factory=list)

    def issue(self, permit: Permit) -> float:
        self.permits[permit.number] = permit
        return permit_price(permit)

    def grams_on(self, permit_number: int, day: date) -> int:
        return sum(h.grams for h in self.hauls if h.permit_number == permit_number and h.day == day)

    def log_haul(self, haul: Haul) -> list[str]:
        problems = check_haul(self, haul)
        if not problems:
            self.hauls.append(haul)
        return problems


def in_season(day: date) -> bool:
    return SEASON_START_MONTH <= day.month <= SEASON_END_MONTH


def permit_price(permit: Permit) -> float:
    price = PERMIT_FEE
    if permit.commercial:
        price *= 4
    return price


def check_haul(ledger: Ledger, haul: Haul) -> list[str]:
    problems = []
    permit = ledger.permits.get(haul.permit_number)
    if permit is None:
        return ["no such permit"]
    if not in_season(haul.day):
        problems.append("out of season")
    if not permit.allows(haul.zone_code):
        problems.append("zone not on permit")
    if haul.species in PROTECTED_SPECIES:
        problems.append("protected species")
    already = ledger.grams_on(haul.permit_number, haul.day)
    if already + haul.grams > DAILY_LIMIT_GRAMS:
        problems.append("over the daily limit")
    return problems


def zone_pressure(ledger: Ledger, zones: list[Zone]) -> dict[str, float]:
    pressure = {}
    for zone in zones:
        picked = sum(h.grams for h in ledger.hauls if h.zone_code == zone.code)
        pressure[zone.code] = round(picked / zone.hectares, 1)
    return pressure


def zones_to_close(ledger: Ledger, zones: list[Zone], limit_per_hectare: float = 400.0) -> list[str]:
    pressure = zone_pressure(ledger, zones)
    return [code for code, value in pressure.items() if value > limit_per_hectare]


def close_zones(zones: list[Zone], codes: list[str]) -> int:
    count = 0
    for zone in zones:
        if zone.code in codes and not zone.closed:
            zone.closed = True
            count += 1
    return count


def holder_totals(ledger: Ledger) -> dict[str, int]:
    totals: dict[str, int] = {}
    for haul in ledger.hauls:
        holder = ledger.permits[haul.permit_number].holder
        totals[holder] = totals.get(holder, 0) + haul.grams
    return totals


def season_income(ledger: Ledger, year: int) -> float:
    return sum(permit_price(p) for p in ledger.permits.values() if p.issued.year == year)
