"""Daily and annual safety inspections for fairground rides."""

import csv
import logging
from dataclasses import dataclass
from datetime import date, datetime

log = logging.getLogger(__name__)

MAX_WIND_MPH = 35
ANNUAL_INSPECTION_DAYS = 365
BOLT_TORQUE_TOLERANCE = 0.1
CHECKLIST = (
    "restraints lock and release",
    "emergency stop tested",
    "perimeter fencing secure",
    "operator briefing done",
)


@dataclass
class Ride:
    name: str
    operator: str
    max_riders: int
    min_height_cm: int
    last_annual: date
    wind_sensitive: bool = True


class InspectionRecord:
    def __init__(self, ride, inspector, when=None):
        self.ride = ride
        self.inspector = inspector
        self.when = when or datetime.now()
        self.ticked = set()
        self.faults = []
        self.wind_mph = None

    def tick(self, item):
        if item not in CHECKLIST:
            raise KeyError(f"not on the checklist: {item}")
        self.ticked.add(item)

    def log_fault(self, description, severity="minor"):
        self.faults.append((severity, description))
        if severity == "critical":
            log.warning("critical fault on %s: %s", self.ride.name, description)

    def missing_items(self):
        return [item for item in CHECKLIST if item not in self.ticked]

    def passed(self):
        if self.missing_items():
            return False
        if any(severity == "critical" for severity, _ in self.faults):
            return False
        return wind_ok(self.ride, self.wind_mph)


def wind_ok(ride, wind_mph, limit=MAX_WIND_MPH):
    if wind_mph is None or not ride.wind_sensitive:
        return True
    return wind_mph <= limit


def torque_within_tolerance(measured, specified, tolerance=BOLT_TORQUE_TOLERANCE):
    if specified <= 0:
        raise ValueError("specified torque must be positive")
    return abs(measured - specified) / specified <= tolerance


def annual_overdue(ride, today=None, grace_days=0):
    today = today or date.today()
    age = (today - ride.last_annual).days
    return age > ANNUAL_INSPECTION_DAYS + grace_days


def parse_wind_reading(text):
    value = text.strip().lower().removesuffix("mph").strip()
    return float(value)


def morning_round(rides, inspector, wind_text, bolt_readings, weather_source="anemometer"):
    wind = parse_wind_reading(wind_text)
    results = {}
    for ride in rides:
        record = InspectionRecord(ride, inspector)
        record.wind_mph = wind
        for item in CHECKLIST:
            record.tick(item)
        for measured, specified in bolt_readings.get(ride.name, []):
            if not torque_within_tolerance(measured, specified):
                record.log_fault(f"bolt torque {measured} vs {specified}", severity="critical")
        if annual_overdue(ride, grace_days=14):
            record.log_fault("annual inspection overdue", severity="critical")
        results[ride.name] = record
    return results


def sign_off_sheet(results, site="Riverside Fair"):
    lines = [f"{site} - safety sign-off {date.today():%d/%m/%Y}"]
    for name, record in sorted(results.items()):
        verdict = "OPEN" if record.passed() else "CLOSED"
        lines.append(f"{name:<20} {verdict:<7} {record.inspector}")
        for severity, description in record.faults:
            lines.append(f"    [{severity}] {description}")
    return "\n".join(lines)


def run_day(rides, inspector, wind_text, bolt_readings):
    results = morning_round(rides, inspector, wind_text, bolt_readings, weather_source="handheld")
    return sign_off_sheet(results)
