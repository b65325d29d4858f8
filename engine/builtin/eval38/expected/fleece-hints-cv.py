"""Fleece records for an alpaca farm: shearing weights, micron tests and fibre grading."""

import csv
from dataclasses import dataclass
from datetime import date

MICRON_GRADES = (
    (15.0, "Royal"),
    (17.5, "Ultrafine"),
    (20.0, "Superfine"),
    (23.0, "Fine"),
    (26.5, "Medium"),
    (30.0, "Intermediate"),
)
COARSE_LABEL = "Coarse"
BLANKET_MIN_GRAMS = 1800
CV_LIMIT = 24.0
CSV_FIELDS = ["tag", "name", "blanket", "clean", "micron", "cv", "grade", "shorn_on"]


def grade_fleece(micron, fallback=COARSE_LABEL):
    for ceiling, grade in MICRON_GRADES:
        if micron <= ceiling:
            return grade
    return fallback


def coefficient_of_variation(std_dev: float, micron: float) -> float:
    if micron == 0:
        return 0.0
    return round(std_dev / micron * 100, 1)


def clean_weight(blanket_grams, skirting_loss=0.12, vegetable_matter=0.0, breed="huacaya"):
    return round(blanket_grams * (1 - skirting_loss - vegetable_matter))


@dataclass
class Alpaca:
    tag: str
    name: str
    born: date
    colour: str = "fawn"
    breed: str = "huacaya"

    def age_at(self, when):
        years = when.year - self.born.year
        if (when.month, when.day) < (self.born.month, self.born.day):
            years -= 1
        return years


class FleeceRegister:
    def __init__(self, farm, clip_year):
        self.farm = farm
        self.clip_year = clip_year
        self.herd = {}
        self.fleeces = []

    def add_animal(self, animal):
        if animal.tag in self.herd:
            raise ValueError(f"tag {animal.tag} is already registered")
        self.herd[animal.tag] = animal

    def record_shearing(self, tag, blanket_grams, micron, std_dev, shorn_on=None):
        animal = self.herd[tag]
        cv = coefficient_of_variation(std_dev, micron)
        entry = {
            "tag": tag,
            "name": animal.name,
            "blanket": blanket_grams,
            "clean": clean_weight(blanket_grams, breed=animal.breed),
            "micron": micron,
            "cv": cv,
            "grade": grade_fleece(micron),
            "shorn_on": shorn_on or date(self.clip_year, 5, 1),
        }
        self.fleeces.append(entry)
        return entry

    def show_quality(self):
        return [f for f in self.fleeces if f["blanket"] >= BLANKET_MIN_GRAMS and f["cv"] <= CV_LIMIT]

    def by_grade(self):
        groups = {}
        for fleece in self.fleeces:
            groups.setdefault(fleece["grade"], []).append(fleece["tag"])
        return groups

    def total_clean(self):
        return sum(fleece["clean"] for fleece in self.fleeces)

    def yearlings(self):
        cutoff = date(self.clip_year, 6, 1)
        return [animal for animal in self.herd.values() if animal.age_at(cutoff) < 2]

    def export_csv(self, path):
        with open(path, "w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=CSV_FIELDS)
            writer.writeheader()
            for fleece in self.fleeces:
                writer.writerow(fleece)
        return len(self.fleeces)

    def summary(self):
        grades = self.by_grade()
        lines = [f"{self.farm} clip {self.clip_year}: {len(self.fleeces)} fleeces, {self.total_clean()} g clean"]
        for grade, tags in sorted(grades.items()):
            lines.append(f"  {grade:<13} {len(tags):>3}")
        return "\n".join(lines)
