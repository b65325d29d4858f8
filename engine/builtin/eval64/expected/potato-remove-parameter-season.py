"""Tally a potato farm's harvest by field and variety."""

import csv
import statistics
from collections import defaultdict

TONNES_PER_TRAILER = 12.5
GRADES = ("ware", "seed", "chats")
REJECT_GRADE = "chats"
MIN_TUBER_MM = 35


def grade_tuber(size_mm, blemished=False):
    if blemished or size_mm < MIN_TUBER_MM:
        return REJECT_GRADE
    if size_mm <= 55:
        return "seed"
    return "ware"


def trailer_count(tonnes, capacity=TONNES_PER_TRAILER):
    full, part = divmod(tonnes, capacity)
    return int(full) + (1 if part else 0)


def read_weighbridge(path, delimiter=","):
    rows = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            rows.append(row)
    return rows


def yield_per_hectare(tonnes, hectares):
    if hectares <= 0:
        return 0.0
    return round(tonnes / hectares, 2)


class FieldRecord:
    def __init__(self, name, hectares, variety="Maris Piper"):
        self.name = name
        self.hectares = hectares
        self.variety = variety
        self.loads = []
        self.graded = defaultdict(float)

    def add_load(self, tonnes, grade="ware"):
        if grade not in GRADES:
            raise ValueError(f"unknown grade {grade!r}")
        self.loads.append(tonnes)
        self.graded[grade] += tonnes
        return len(self.loads)

    def total_tonnes(self):
        return sum(self.loads)

    def yield_rate(self):
        return yield_per_hectare(self.total_tonnes(), self.hectares)

    def reject_share(self):
        total = self.total_tonnes()
        if not total:
            return 0.0
        return self.graded[REJECT_GRADE] / total


class HarvestTally:
    def __init__(self, farm, season_year):
        self.farm = farm
        self.season_year = season_year
        self.fields = {}

    def field(self, name, hectares=1.0, variety="Maris Piper"):
        if name not in self.fields:
            self.fields[name] = FieldRecord(name, hectares, variety)
        return self.fields[name]

    def import_weighbridge(self, path):
        count = 0
        for row in read_weighbridge(path):
            record = self.field(row["field"], float(row["hectares"]))
            tonnes = float(row["tonnes"])
            record.add_load(tonnes, row.get("grade", "ware"))
            count += 1
        return count

    def trailers_needed(self):
        total = sum(f.total_tonnes() for f in self.fields.values())
        return trailer_count(total)

    def median_yield(self):
        rates = [f.yield_rate() for f in self.fields.values() if f.hectares]
        if not rates:
            return 0.0
        return statistics.median(rates)

    def by_variety(self):
        totals = defaultdict(float)
        for record in self.fields.values():
            totals[record.variety] += record.total_tonnes()
        return dict(totals)


def season_summary(tally, top=3):
    ranked = sorted(tally.fields.values(), key=lambda f: f.yield_rate(), reverse=True)
    best = [f.name for f in ranked[:top]]
    return {
        "farm": tally.farm,
        "year": tally.season_year,
        "fields": len(tally.fields),
        "best": best,
        "trailers": tally.trailers_needed(),
        "median_yield": tally.median_yield(),
    }
