"""
Permit checks for the household recycling centre.

Residents need a permit to bring a van or trailer; each permit allows a
limited number of visits per year, and some materials are restricted
to a number of bags per visit.
"""

import csv
import re
from datetime import date, timedelta

VISITS_PER_YEAR = 12
PERMIT_VALID_DAYS = 365
POSTCODE_PATTERN = re.compile(r"^(AB|BC|CD)\d{1,2} ?\d[A-Z]{2}$")
RESTRICTED_MATERIALS = {"rubble": 3, "plasterboard": 2, "tyres": 4, "asbestos": 0}
PERMIT_REGISTER = "permits.csv"


class PermitError(Exception):
    pass


class Permit:
    """A van or trailer permit for one vehicle registration."""

    def __init__(self, number, registration, postcode, issued, vehicle="van"):
        self.number = number
        self.registration = registration.replace(" ", "").upper()
        self.postcode = postcode.upper().strip()
        self.issued = issued
        self.vehicle = vehicle
        self.visits = []

    @property
    def expires(self):
        return self.issued + timedelta(days=PERMIT_VALID_DAYS)

    def is_valid(self, on=None):
        on = on or date.today()
        return self.issued <= on < self.expires

    def visits_left(self):
        return VISITS_PER_YEAR - len(self.visits)

    def record_visit(self, on, materials=None):
        check_visit(self, on, materials or {})
        self.visits.append((on, dict(materials or {})))
        return self.visits_left()


def is_resident_postcode(postcode):
    return bool(POSTCODE_PATTERN.match(postcode.upper().strip()))


def check_materials(materials, limits=RESTRICTED_MATERIALS):
    """List the problems with the materials brought, if any."""
    problems = []
    for material, bags in materials.items():
        limit = limits.get(material)
        if limit is None:
            continue
        if limit == 0:
            problems.append(f"{material} is not accepted at this site")
        elif bags > limit:
            problems.append(f"{material}: {bags} bags, limit is {limit}")
    return problems


def check_visit(permit, on, materials):
    if not permit.is_valid(on):
        raise PermitError(f"permit {permit.number} is not valid on {on}")
    if permit.visits_left() <= 0:
        raise PermitError(f"permit {permit.number} has used all {VISITS_PER_YEAR} visits")
    if any(visit_day == on for visit_day, _ in permit.visits):
        raise PermitError("only one permit visit per day")
    problems = check_materials(materials)
    if problems:
        raise PermitError("; ".join(problems))


def issue_permit(register, registration, postcode, on=None, vehicle="van"):
    """Issue a new permit for a resident's vehicle and add it to the register."""
    if not is_resident_postcode(postcode):
        raise PermitError(f"{postcode} is outside the council area")
    clean = registration.replace(" ", "").upper()
    for permit in register.values():
        if permit.registration == clean and permit.is_valid(on):
            raise PermitError(f"{clean} already holds permit {permit.number}")
    number = f"HRC{len(register) + 1:05d}"
    permit = Permit(number, registration, postcode, on or date.today(), vehicle=vehicle)
    register[number] = permit
    return permit


def load_register(path):
    register = {}
    try:
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                issued = date.fromisoformat(row["issued"])
                permit = Permit(row["number"], row["registration"], row["postcode"], issued,
                                vehicle=row.get("vehicle", "van"))
                register[permit.number] = permit
    except FileNotFoundError:
        pass
    return register


def save_register(register, path=PERMIT_REGISTER):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["number", "registration", "postcode", "issued", "vehicle", "visits"])
        for permit in sorted(register.values(), key=lambda p: p.number):
            writer.writerow([permit.number, permit.registration, permit.postcode,
                             permit.issued.isoformat(), permit.vehicle, len(permit.visits)])
    return len(register)


def expiring_soon(register, within_days=30, on=None):
    """Valid permits that expire within ``within_days``."""
    on = on or date.today()
    cutoff = on + timedelta(days=within_days)
    return [p for p in register.values() if p.is_valid(on) and p.expires <= cutoff]
