"""Vaccination records and reminders for a veterinary clinic.

Each species has a primary course (a number of doses a few weeks apart)
followed by boosters. The clinic sends reminders before boosters fall
due, keeps batch numbers for every dose given and tracks vaccine stock
in the fridge.
"""

from __future__ import annotations

import csv
import logging
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Iterable, Optional

log = logging.getLogger("vet.vaccinations")

REMINDER_LEAD = timedelta(days=21)
LAPSED_AFTER = timedelta(days=90)
MIN_AGE_WEEKS = 8
REMINDER_FILE = "reminders.csv"
FRIDGE_MIN_STOCK = 5
VACCINATION_FEE = 48.00
PRIMARY_COURSE_FEE = 72.00


# vaccine: (species, primary doses, gap between primary doses, booster interval)
SCHEDULES: dict[str, tuple[str, int, timedelta, timedelta]] = {
    "DHP": ("dog", 2, timedelta(weeks=4), timedelta(days=3 * 365)),
    "Lepto": ("dog", 2, timedelta(weeks=4), timedelta(days=365)),
    "KC": ("dog", 1, timedelta(0), timedelta(days=365)),
    "FVRCP": ("cat", 2, timedelta(weeks=3), timedelta(days=365)),
    "FeLV": ("cat", 2, timedelta(weeks=3), timedelta(days=365)),
    "RHDV2": ("rabbit", 1, timedelta(0), timedelta(days=365)),
}


@dataclass
class Dose:
    vaccine: str
    given_on: date
    batch: str
    vet: str


@dataclass
class Pet:
    """A registered patient and its vaccination history."""
    pet_id: str
    name: str
    species: str
    date_of_birth: date
    owner_email: str
    doses: list[Dose] = field(default_factory=list)
    deceased: bool = False

    def age_weeks(self, on: date) -> int:
        return (on - self.date_of_birth).days // 7

    def doses_of(self, vaccine: str) -> list[Dose]:
        return sorted((d for d in self.doses if d.vaccine == vaccine), key=lambda d: d.given_on)

    def next_due(self, vaccine: str) -> Optional[date]:
        _, primary_doses, dose_gap, booster_interval = SCHEDULES[vaccine]
        given = self.doses_of(vaccine)
        if not given:
            return None
        if len(given) < primary_doses:
            return given[-1].given_on + dose_gap
        return given[-1].given_on + booster_interval

    def status(self, vaccine: str, on: date) -> str:
        due = self.next_due(vaccine)
        if due is None:
            return "never given"
        if on <= due:
            return "covered"
        if on - due > LAPSED_AFTER:
            return "lapsed"
        return "overdue"


class VaccineFridge:
    """Batch-level stock of vaccines, used first-expiry-first-out."""

    def __init__(self) -> None:
        self._batches: dict[str, list[tuple[str, date, int]]] = defaultdict(list)

    def receive(self, vaccine: str, batch: str, expires: date, vials: int) -> None:
        self._batches[vaccine].append((batch, expires, vials))
        self._batches[vaccine].sort(key=lambda entry: entry[1])

    def stock(self, vaccine: str, on: Optional[date] = None) -> int:
        on = on or date.today()
        return sum(vials for _, expires, vials in self._batches[vaccine] if expires >= on)

    def draw(self, vaccine: str, on: date) -> str:
        """Take one vial and return its batch number."""
        batches = self._batches[vaccine]
        for index, (batch, expires, vials) in enumerate(batches):
            if expires < on or vials == 0:
                continue
            batches[index] = (batch, expires, vials - 1)
            return batch
        raise LookupError(f"no in-date {vaccine} in the fridge")

    def low_stock(self, minimum: int = FRIDGE_MIN_STOCK, on: Optional[date] = None) -> list[str]:
        return sorted(v for v in self._batches if self.stock(v, on) < minimum)


def _check_suitable(pet: Pet, vaccine: str, on: date) -> None:
    schedule = SCHEDULES.get(vaccine)
    if schedule is None:
        raise KeyError(f"unknown vaccine {vaccine}")
    if schedule[0] != pet.species:
        raise ValueError(f"{vaccine} is not licensed for a {pet.species}")
    if pet.age_weeks(on) < MIN_AGE_WEEKS:
        raise ValueError(f"{pet.name} is too young ({pet.age_weeks(on)} weeks)")
    if pet.deceased:
        raise ValueError(f"{pet.name} is recorded as deceased")


def vaccinate(pet: Pet, vaccine: str, fridge: VaccineFridge, vet: str, *, on: Optional[date] = None) -> Dose:
    """Give a dose from the fridge and record it against the pet."""
    on = on or date.today()
    _check_suitable(pet, vaccine, on)
    due = pet.next_due(vaccine)
    if due is not None and on < due - timedelta(days=14):
        log.warning("%s: %s given early (due %s)", pet.name, vaccine, due)
    dose = Dose(vaccine, on, fridge.draw(vaccine, on), vet)
    pet.doses.append(dose)
    return dose


def restart_needed(pet: Pet, vaccine: str, on: date) -> bool:
    """A lapsed course has to start again from the first primary dose."""
    return pet.status(vaccine, on) == "lapsed"


def visit_fee(pet: Pet, vaccines: Iterable[str], on: date) -> float:
    fee = 0.0
    for vaccine in vaccines:
        if not pet.doses_of(vaccine) or restart_needed(pet, vaccine, on):
            fee = max(fee, PRIMARY_COURSE_FEE)
        else:
            fee = max(fee, VACCINATION_FEE)
    return fee


def reminders_due(pets: Iterable[Pet], today: date, lead: timedelta = REMINDER_LEAD) -> list[tuple[Pet, str, date]]:
    """(pet, vaccine, due date) for doses falling due within ``lead``."""
    due: list[tuple[Pet, str, date]] = []
    for pet in pets:
        if pet.deceased:
            continue
        for vaccine, schedule in SCHEDULES.items():
            if schedule[0] != pet.species:
                continue
            next_date = pet.next_due(vaccine)
            if next_date is not None and today <= next_date <= today + lead:
                due.append((pet, vaccine, next_date))
    return sorted(due, key=lambda entry: entry[2])


def write_reminders(reminders: list[tuple[Pet, str, date]], directory: Path,
                    filename: str = REMINDER_FILE) -> Path:
    path = directory / filename
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["owner_email", "pet", "vaccine", "due"])
        for pet, vaccine, due in reminders:
            writer.writerow([pet.owner_email, pet.name, vaccine, due.isoformat()])
    log.info("wrote %d reminders to %s", len(reminders), path)
    return path


def coverage(pets: Iterable[Pet], on: date) -> dict[str, Counter]:
    """Per vaccine, how many eligible pets are covered, overdue, lapsed or never given it."""
    summary: dict[str, Counter] = defaultdict(Counter)
    for pet in pets:
        if pet.deceased:
            continue
        for vaccine, schedule in SCHEDULES.items():
            if schedule[0] == pet.species:
                summary[vaccine][pet.status(vaccine, on)] += 1
    return dict(summary)
