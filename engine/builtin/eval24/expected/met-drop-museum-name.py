"""Meteorite catalogue: specimens, classifications, weights and loans."""

import csv
import re
from dataclasses import dataclass
from datetime import date

GRAMS_PER_KG = 1000
MIN_LOAN_DAYS = 14
MAX_LOAN_DAYS = 180
CLASS_PATTERN = re.compile(r"^(H|L|LL|CI|CM|CV|Iron|Pallasite)\d?$")


@dataclass
class Specimen:
    catalogue_no: str
    name: str
    classification: str
    mass_g: float
    found_year: int
    fall: bool = False
    on_loan: bool = False


class Catalogue:
    def __init__(self, institution):
        self.institution = institution
        self.specimens = {}
        self.loans = []

    def register(self, specimen):
        if specimen.catalogue_no in self.specimens:
            raise ValueError(f"duplicate catalogue number {specimen.catalogue_no}")
        if not CLASS_PATTERN.match(specimen.classification):
            raise ValueError(f"unrecognised class {specimen.classification!r}")
        self.specimens[specimen.catalogue_no] = specimen

    def by_class(self, classification):
        return [s for s in self.specimens.values() if s.classification == classification]

    def total_mass_kg(self):
        return sum(s.mass_g for s in self.specimens.values()) / GRAMS_PER_KG

    def heaviest(self, count=5):
        ranked = sorted(self.specimens.values(), key=lambda s: s.mass_g, reverse=True)
        return ranked[:count]

    def falls(self):
        return [s for s in self.specimens.values() if s.fall]


@dataclass
class Loan:
    catalogue_no: str
    borrower: str
    start: date
    days: int


def lend(catalogue, catalogue_no, borrower, start, days=30):
    specimen = catalogue.specimens[catalogue_no]
    if specimen.on_loan:
        raise ValueError(f"{catalogue_no} is already on loan")
    if not MIN_LOAN_DAYS <= days <= MAX_LOAN_DAYS:
        raise ValueError(f"loan length {days} outside {MIN_LOAN_DAYS}-{MAX_LOAN_DAYS} days")
    specimen.on_loan = True
    loan = Loan(catalogue_no, borrower, start, days)
    catalogue.loans.append(loan)
    return loan


def return_specimen(catalogue, catalogue_no):
    specimen = catalogue.specimens[catalogue_no]
    specimen.on_loan = False
    catalogue.loans = [ln for ln in catalogue.loans if ln.catalogue_no != catalogue_no]
    return specimen


def parse_mass(text):
    text = text.strip().lower()
    if text.endswith("kg"):
        return float(text[:-2]) * GRAMS_PER_KG
    if text.endswith("g"):
        return float(text[:-1])
    return float(text)


def import_rows(catalogue, path):
    added = 0
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            specimen = Specimen(
                catalogue_no=row["no"],
                name=row["name"],
                classification=row["class"],
                mass_g=parse_mass(row["mass"]),
                found_year=int(row["year"]),
                fall=row.get("fall", "").lower() == "yes",
            )
            catalogue.register(specimen)
            added += 1
    return added


def class_summary(catalogue, precision=1):
    summary = {}
    for specimen in catalogue.specimens.values():
        entry = summary.setdefault(specimen.classification, [0, 0.0])
        entry[0] += 1
        entry[1] += specimen.mass_g
    return {k: (n, round(g / GRAMS_PER_KG, precision)) for k, (n, g) in summary.items()}


def label_text(specimen):
    kind = "Fall" if specimen.fall else "Find"
    mass = f"{specimen.mass_g:.1f} g"
    return f"{specimen.name} ({specimen.classification}), {mass}, {kind} {specimen.found_year}"


def overdue_loans(catalogue, today):
    late = []
    for loan in catalogue.loans:
        if (today - loan.start).days > loan.days:
            late.append(loan)
    return late
