"""Animals, adopters and matching for the rescue shelter.

Staff add animals as they arrive, track their vet work, and match them
with approved adopters. Fees depend on species, age and what vet work has
been done.
"""

import json
import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from collections import namedtuple
from itertools import chain
from pathlib import Path
from typing import Optional

log = logging.getLogger("shelter")

ADOPTION_FEES = {"dog": 175, "cat": 95, "rabbit": 45, "guinea pig": 25}
SENIOR_AGE_YEARS = {"dog": 8, "cat": 10, "rabbit": 5, "guinea pig": 4}
SENIOR_DISCOUNT = 0.5
QUARANTINE = timedelta(days=7)
HOME_CHECK_VALID = timedelta(days=180)
KENNEL_CAPACITY = 40
RECORDS_FILE = "shelter_animals.json"


class Status(Enum):
    QUARANTINE = "quarantine"
    AVAILABLE = "available"
    RESERVED = "reserved"
    ADOPTED = "adopted"
    FOSTERED = "fostered"


@dataclass
class Animal:
    shelter_id: str
    name: str
    species: str
    age_years: float
    arrived: date
    good_with_children: bool = True
    good_with_cats: Optional[bool] = None
    needs_garden: bool = False
    neutered: bool = False
    vaccinated: bool = False
    microchipped: bool = False
    status: Status = Status.QUARANTINE
    notes: list = field(default_factory=list)

    @property
    def is_senior(self):
        return self.age_years >= SENIOR_AGE_YEARS.get(self.species, 99)

    def days_in_care(self, today: date) -> int:
        return (today - self.arrived).days

    def ready_for_homing(self) -> bool:
        return self.vaccinated and self.microchipped and (self.neutered or self.age_years < 0.5)


Adopter = namedtuple(
    "Adopter",
    "name email has_children has_cats has_garden home_check_passed preferred_species",
    defaults=(False, False, False, None, ("dog", "cat")),
)


def home_check_current(adopter, today):
    if adopter.home_check_passed is None:
        return False
    return today - adopter.home_check_passed <= HOME_CHECK_VALID


def adoption_fee(animal, *, include_microchip=True):
    fee = ADOPTION_FEES.get(animal.species, 50)
    if animal.is_senior:
        fee *= SENIOR_DISCOUNT
    if not animal.neutered and animal.species in ("dog", "cat"):
        fee -= 40
    if include_microchip and not animal.microchipped:
        fee += 15
    return max(round(fee), 0)


def compatible(animal, adopter):
    """Reasons an adopter isn't a match; empty when they are."""
    reasons = []
    if animal.species not in adopter.preferred_species:
        reasons.append("species")
    if adopter.has_children and not animal.good_with_children:
        reasons.append("children")
    if adopter.has_cats and animal.good_with_cats is False:
        reasons.append("cats")
    if animal.needs_garden and not adopter.has_garden:
        reasons.append("garden")
    return reasons


class Shelter:
    def __init__(self, capacity=KENNEL_CAPACITY):
        self.capacity = capacity
        self.animals = {}
        self.adopters = []
        self.adoptions = []

    @property
    def occupancy(self):
        in_care = (Status.QUARANTINE, Status.AVAILABLE, Status.RESERVED)
        return sum(1 for a in self.animals.values() if a.status in in_care)

    def admit(self, animal: Animal) -> bool:
        if self.occupancy >= self.capacity:
            log.warning("shelter full, cannot admit %s", animal.name)
            return False
        self.animals[animal.shelter_id] = animal
        animal.notes.append(f"{animal.arrived}: admitted")
        return True

    def release_from_quarantine(self, today):
        released = []
        for animal in self.animals.values():
            if animal.status is Status.QUARANTINE and today - animal.arrived >= QUARANTINE:
                animal.status = Status.AVAILABLE
                released.append(animal.name)
        return released

    def matches_for(self, adopter, today):
        if not home_check_current(adopter, today):
            return []
        found = [
            a for a in self.animals.values()
            if a.status is Status.AVAILABLE and not compatible(a, adopter)
        ]
        return sorted(found, key=lambda a: a.days_in_care(today), reverse=True)

    def reserve(self, shelter_id, adopter, today):
        animal = self.animals[shelter_id]
        if animal.status is not Status.AVAILABLE:
            raise ValueError(f"{animal.name} is {animal.status.value}")
        problems = compatible(animal, adopter)
        if problems:
            raise ValueError(f"{animal.name} not suitable: {', '.join(problems)}")
        animal.status = Status.RESERVED
        animal.notes.append(f"{today}: reserved by {adopter.name}")
        return animal

    def complete_adoption(self, shelter_id, adopter, today, paid):
        animal = self.animals[shelter_id]
        fee = adoption_fee(animal)
        if paid < fee:
            raise ValueError(f"fee is £{fee}, only £{paid} paid")
        animal.status = Status.ADOPTED
        animal.notes.append(f"{today}: adopted by {adopter.name}")
        self.adoptions.append((today, shelter_id, adopter.email, paid))
        return fee

    def long_stayers(self, today, days=90):
        return [a.name for a in self.animals.values()
                if a.status is Status.AVAILABLE and a.days_in_care(today) > days]

    def save(self, path=RECORDS_FILE):
        records = []
        for animal in self.animals.values():
            record = dict(vars(animal))
            record["arrived"] = animal.arrived.isoformat()
            record["status"] = animal.status.value
            records.append(record)
        Path(path).write_text(json.dumps(records, indent=2))
        return len(records)

    @classmethod
    def load(cls, path=RECORDS_FILE, capacity=KENNEL_CAPACITY):
        shelter = cls(capacity)
        for record in json.loads(Path(path).read_text()):
            record["arrived"] = date.fromisoformat(record["arrived"])
            record["status"] = Status(record["status"])
            animal = Animal(**record)
            shelter.animals[animal.shelter_id] = animal
        return shelter

    def all_notes(self):
        return list(chain.from_iterable(a.notes for a in self.animals.values()))
