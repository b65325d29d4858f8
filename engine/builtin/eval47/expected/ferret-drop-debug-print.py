"""Matching ferrets with adopters, and the paperwork, for a small ferret rescue."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, timedelta

ADOPTION_FEE = 85
BONDED_PAIR_DISCOUNT = 30
HOME_CHECK_VALID_DAYS = 180
MIN_ADOPTER_AGE = 18
RISKY_HOUSEMATES = ("rabbit", "bird", "hamster", "rat", "guinea pig")


@dataclass
class Ferret:
    name: str
    sex: str
    born: date
    bonded_with: str | None = None
    adopted: bool = False
    notes: list[str] = field(default_factory=list)

    def age_years(self, today=None):
        today = today or date.today()
        return (today - self.born).days // 365


def home_check_current(applicant, today=None, valid_days=HOME_CHECK_VALID_DAYS):
    checked = applicant.get("home_check_on")
    if checked is None:
        return False
    today = today or date.today()
    return today - checked <= timedelta(days=valid_days)


def suitability_problems(applicant, ferret, today=None):
    problems = []
    if applicant["age"] < MIN_ADOPTER_AGE:
        problems.append("applicant under age")
    if not home_check_current(applicant, today=today):
        problems.append("home check missing or expired")
    for pet in applicant.get("other_pets", []):
        if pet.lower() in RISKY_HOUSEMATES:
            problems.append(f"lives with a {pet}")
    if not applicant.get("has_cage") and ferret.age_years(today) < 1:
        problems.append("kits need a cage set up first")
    return problems


def adoption_fee(ferrets, waive=False):
    if waive:
        return 0
    fee = ADOPTION_FEE * len(ferrets)
    if len(ferrets) == 2 and ferrets[0].bonded_with == ferrets[1].name:
        fee -= BONDED_PAIR_DISCOUNT
    return fee


class AdoptionDesk:
    """The rescue's list of ferrets and the adoptions done so far."""

    def __init__(self, rescue_name, ferrets):
        self.rescue_name = rescue_name
        self.ferrets = {f.name: f for f in ferrets}
        self.completed = []

    def available(self):
        return [f for f in self.ferrets.values() if not f.adopted]

    def bonded_group(self, name):
        ferret = self.ferrets[name]
        group = [ferret]
        if ferret.bonded_with and ferret.bonded_with in self.ferrets:
            group.append(self.ferrets[ferret.bonded_with])
        return group

    def adopt(self, applicant, name, today=None, volunteer=None):
        group = self.bonded_group(name)
        problems = []
        for ferret in group:
            problems.extend(suitability_problems(applicant, ferret, today))
        if problems:
            return None, problems
        for ferret in group:
            ferret.adopted = True
        record = {
            "applicant": applicant["name"],
            "ferrets": [f.name for f in group],
            "fee": adoption_fee(group),
            "date": (today or date.today()).isoformat(),
        }
        self.completed.append(record)
        return record, []

    def export(self, path, indent=2):
        with open(path, "w") as handle:
            json.dump(self.completed, handle, indent=indent)
        return len(self.completed)


def walk_in(desk, applicant, name):
    record, problems = desk.adopt(applicant, name, volunteer="front desk")
    if record is None:
        return "sorry: " + "; ".join(problems)
    return f"{', '.join(record['ferrets'])} going home for {record['fee']}"
