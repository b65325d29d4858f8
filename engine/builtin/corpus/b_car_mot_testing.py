"""MOT test recording for an approved testing station.

Testers enter defects against the inspection manual categories; the
module decides the outcome, works out the expiry date (including the
early-renewal rule), checks emissions and produces the customer
summary and the bay's daily statistics.
"""

import logging
import re
from collections import Counter, namedtuple
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from typing import Dict, Iterable, List, Optional, Tuple

log = logging.getLogger("mot")

MAX_TEST_FEE = 54.85
EARLY_RENEWAL_WINDOW = timedelta(days=30)
RETEST_FREE_WORKING_DAYS = 10
DIESEL_SMOKE_LIMIT_POST_2014 = 0.70
PETROL_CO_LIMITS: Tuple[Tuple[int, float], ...] = ((2002, 0.3), (1996, 0.3), (1987, 3.5), (1975, 4.5))
FIRST_TEST_AGE_YEARS = 3
REGISTRATION_PATTERN = re.compile(r"^[A-Z]{2}\d{2}\s?[A-Z]{3}$")


class DefectCategory(Enum):
    ADVISORY = "advisory"
    MINOR = "minor"
    MAJOR = "major"
    DANGEROUS = "dangerous"

    @property
    def fails_test(self) -> bool:
        """Major and dangerous defects fail the test."""
        return self in (DefectCategory.MAJOR, DefectCategory.DANGEROUS)


Defect = namedtuple(
    "Defect", "item description category location repaired_during_test", defaults=("", False)
)


@dataclass
class Vehicle:
    registration: str
    make: str
    model: str
    first_registered: date
    fuel: str = "petrol"
    mileage: int = 0
    previous_expiry: Optional[date] = None

    @property
    def age_years(self) -> int:
        today = date.today()
        years = today.year - self.first_registered.year
        if (today.month, today.day) < (self.first_registered.month, self.first_registered.day):
            years -= 1
        return years

    def needs_mot(self) -> bool:
        """Cars need their first MOT three years after registration."""
        return self.age_years >= FIRST_TEST_AGE_YEARS


@dataclass
class TestRecord:
    """One MOT test of one vehicle, as entered by the tester."""
    vehicle: Vehicle
    tester: str
    tested_on: date
    defects: List[Defect] = field(default_factory=list)
    emissions: Dict[str, float] = field(default_factory=dict)
    fee: float = MAX_TEST_FEE

    def add_defect(self, item: str, description: str, category: DefectCategory,
                   location: str = "", *, repaired: bool = False) -> Defect:
        defect = Defect(item, description, category, location, repaired)
        self.defects.append(defect)
        return defect

    @property
    def outstanding(self) -> List[Defect]:
        """Defects not put right while the car was still in the bay."""
        return [d for d in self.defects if not d.repaired_during_test]

    @property
    def passed(self) -> bool:
        if not emissions_ok(self.vehicle, self.emissions):
            return False
        return not any(d.category.fails_test for d in self.outstanding)

    @property
    def dangerous(self) -> bool:
        return any(d.category is DefectCategory.DANGEROUS for d in self.outstanding)

    def expiry(self) -> Optional[date]:
        """New certificate expiry, or None for a fail."""
        if not self.passed:
            return None
        return expiry_date(self.tested_on, self.vehicle.previous_expiry)


def valid_registration(registration: str) -> bool:
    """Check a current-style registration mark, e.g. AB12 CDE."""
    return bool(REGISTRATION_PATTERN.match(registration.strip().upper()))


def expiry_date(tested_on: date, previous_expiry: Optional[date] = None) -> date:
    """A pass up to a month minus a day early keeps the old anniversary."""
    if previous_expiry and previous_expiry - EARLY_RENEWAL_WINDOW < tested_on <= previous_expiry:
        base = previous_expiry
    else:
        base = tested_on - timedelta(days=1)
    try:
        return base.replace(year=base.year + 1)
    except ValueError:  # 29 February
        return base.replace(year=base.year + 1, day=28)


def _co_limit(first_registered: date) -> float:
    """Carbon monoxide limit (percent) by year of first registration."""
    for year, limit in PETROL_CO_LIMITS:
        if first_registered.year >= year:
            return limit
    return 4.5


def emissions_ok(vehicle: Vehicle, readings: Dict[str, float]) -> bool:
    if not readings:
        return True
    if vehicle.fuel == "diesel":
        smoke = readings.get("smoke_k", 0.0)
        limit = DIESEL_SMOKE_LIMIT_POST_2014 if vehicle.first_registered.year >= 2014 else 1.5
        return smoke <= limit
    if vehicle.fuel in ("electric",):
        return True
    return readings.get("co_percent", 0.0) <= _co_limit(vehicle.first_registered)


def free_retest_deadline(tested_on: date, working_days: int = RETEST_FREE_WORKING_DAYS) -> date:
    """Last day a partial retest is free, counting working days only."""
    day = tested_on
    while working_days:
        day += timedelta(days=1)
        if day.weekday() < 5:
            working_days -= 1
    return day


def customer_summary(record: TestRecord) -> str:
    """Plain-text result for the customer, grouped by defect category."""
    vehicle = record.vehicle
    outcome = "PASS" if record.passed else "FAIL"
    if record.dangerous:
        outcome += " (DANGEROUS - do not drive)"
    lines = [
        f"{vehicle.registration}  {vehicle.make} {vehicle.model}  {vehicle.mileage:,} miles",
        f"Tested {record.tested_on:%d/%m/%Y} by {record.tester}: {outcome}",
    ]
    expiry = record.expiry()
    if expiry:
        lines.append(f"Expires {expiry:%d %B %Y}")
    else:
        lines.append(f"Free partial retest until {free_retest_deadline(record.tested_on):%d/%m/%Y}")
    for category in DefectCategory:
        found = [d for d in record.outstanding if d.category is category]
        if not found:
            continue
        lines.append(f"{category.value.title()}:")
        for defect in found:
            where = f" ({defect.location})" if defect.location else ""
            lines.append(f"  - {defect.item}: {defect.description}{where}")
    return "\n".join(lines)


def daily_statistics(records: Iterable[TestRecord]) -> Dict[str, object]:
    records = list(records)
    if not records:
        return {"tests": 0}
    failures = Counter(
        d.item for r in records for d in r.outstanding if d.category.fails_test
    )
    passes = sum(1 for r in records if r.passed)
    log.debug("Computed statistics for %d tests", len(records))
    return {
        "tests": len(records),
        "pass_rate": round(passes / len(records) * 100, 1),
        "dangerous": sum(1 for r in records if r.dangerous),
        "takings": round(sum(r.fee for r in records), 2),
        "top_failures": failures.most_common(3),
    }
