"""Species counts from the parish hedgerow survey."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

SURVEY_LENGTH_M = 30
WOODY_SPECIES_THRESHOLD = 7
NATIVE_WOODY = frozenset({
    "hawthorn", "blackthorn", "hazel", "field maple", "dogwood", "holly",
    "spindle", "guelder rose", "elder", "dog rose", "ash", "oak",
})
MIN_HEIGHT_M = 1.5
GAP_TOLERANCE = 0.1


def tidy_species(name):
    return " ".join(name.strip().lower().split())


def woody_score(species, native=NATIVE_WOODY):
    return len({s for s in species if s in native})


def is_important(species, length_m=SURVEY_LENGTH_M, threshold=WOODY_SPECIES_THRESHOLD):
    score = woody_score(species)
    scaled = score * SURVEY_LENGTH_M / length_m
    return scaled >= threshold


class SectionRecord:
    def __init__(self, hedge_id, section, surveyor):
        self.hedge_id = hedge_id
        self.section = section
        self.surveyor = surveyor
        self.counts = Counter()
        self.height_m = None
        self.gap_m = 0.0
        self.notes = []

    def add(self, species, count=1):
        self.counts[tidy_species(species)] += count

    def gap_fraction(self, length_m=SURVEY_LENGTH_M):
        return self.gap_m / length_m

    def condition(self):
        problems = []
        if self.height_m is not None and self.height_m < MIN_HEIGHT_M:
            problems.append("too short")
        if self.gap_fraction() > GAP_TOLERANCE:
            problems.append("gappy")
        return problems or ["favourable"]


class HedgeSurvey:
    def __init__(self, parish, year, min_woody=WOODY_SPECIES_THRESHOLD):
        self.parish = parish
        self.year = year
        self.min_woody = min_woody
        self.sections = []

    def find_or_add(self, hedge_id, section, surveyor):
        for record in self.sections:
            if record.hedge_id == hedge_id and record.section == section:
                return record
        record = SectionRecord(hedge_id, section, surveyor)
        self.sections.append(record)
        return record

    def load_csv(self, path):
        with Path(path).open(newline="") as handle:
            for row in csv.DictReader(handle):
                record = self.find_or_add(row["hedge"], int(row["section"]), row["surveyor"])
                record.add(row["species"], int(row.get("count") or 1))
                if row.get("height"):
                    record.height_m = float(row["height"])
        return len(self.sections)

    def species_totals(self):
        totals = Counter()
        for record in self.sections:
            totals.update(record.counts)
        return totals

    def important_hedges(self):
        by_hedge = {}
        for record in self.sections:
            by_hedge.setdefault(record.hedge_id, set()).update(record.counts)
        return sorted(
            h for h, species in by_hedge.items() if is_important(species, threshold=self.min_woody)
        )

    def poor_sections(self):
        return [record for record in self.sections if record.condition() != ["favourable"]]


def summary_lines(survey, top=5):
    lines = [f"Hedgerow survey, {survey.parish} {survey.year}"]
    for species, count in survey.species_totals().most_common(top):
        lines.append(f"  {species:<16} {count:>5}")
    lines.append(f"Important hedges: {', '.join(survey.important_hedges()) or 'none'}")
    return lines
