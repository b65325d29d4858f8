"""Tide-pool survey records: quadrats, species counts and low-tide windows."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import date, time

MAX_QUADRATS = 12
MIN_TIDE_HEIGHT_M = 0.4
DEFAULT_ZONE = "mid"
ZONES = ("high", "mid", "low", "splash")


@dataclass
class SpeciesCount:
    species: str
    count: int
    cover_pct: float = 0.0


class Quadrat:
    def __init__(self, label, zone=DEFAULT_ZONE):
        self.label = label
        self.zone = zone
        self.counts = []
        self.substrate = "rock"

    def add_count(self, species, count, cover_percent=0.0):
        if count < 0:
            raise ValueError(f"negative count for {species}")
        self.counts.append(SpeciesCount(species, count, cover_percent))

    def total_individuals(self):
        return sum(c.count for c in self.counts)

    def richness(self):
        return len({c.species for c in self.counts})

    def dominant_species(self):
        if not self.counts:
            return None
        best = max(self.counts, key=lambda c: c.count)
        return best.species


class PoolSurvey:
    def __init__(self, site, survey_day, low_tide_at):
        self.site = site
        self.survey_day = survey_day
        self.low_tide_at = low_tide_at
        self.quadrats = []
        self.observers = []

    def add_quadrat(self, quadrat):
        if len(self.quadrats) >= MAX_QUADRATS:
            raise ValueError(f"survey at {self.site} is already full")
        if quadrat.zone not in ZONES:
            raise ValueError(f"unknown zone {quadrat.zone!r}")
        self.quadrats.append(quadrat)

    def quadrats_in_zone(self, zone):
        return [q for q in self.quadrats if q.zone == zone]

    def mean_richness(self):
        if not self.quadrats:
            return 0.0
        return statistics.mean(q.richness() for q in self.quadrats)

    def species_totals(self):
        totals = {}
        for quadrat in self.quadrats:
            for entry in quadrat.counts:
                totals[entry.species] = totals.get(entry.species, 0) + entry.count
        return totals


def tide_is_workable(height_m, threshold=MIN_TIDE_HEIGHT_M):
    return height_m <= threshold


def summarize_survey(survey):
    totals = survey.species_totals()
    lines = [f"Site: {survey.site} ({survey.survey_day.isoformat()})"]
    lines.append("Low tide: " + survey.low_tide_at.strftime("%H:%M"))
    for species, n in sorted(totals.items(), key=lambda kv: -kv[1]):
        lines.append(f"  {species:<24} {n:>5}")
    lines.append(f"Mean richness: {survey.mean_richness():.2f}")
    return "\n".join(lines)


def zone_breakdown(survey):
    breakdown = {}
    for zone in ZONES:
        quads = survey.quadrats_in_zone(zone)
        breakdown[zone] = sum(q.total_individuals() for q in quads)
    return breakdown


def parse_count_line(line):
    parts = [p.strip() for p in line.split(",")]
    if len(parts) < 3:
        raise ValueError(f"expected label,species,count but got {line!r}")
    label, species, raw = parts[:3]
    cover = float(parts[3]) if len(parts) > 3 else 0.0
    return label, species, int(raw), cover


def load_counts(survey, lines):
    by_label = {q.label: q for q in survey.quadrats}
    skipped = 0
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        label, species, count, cover = parse_count_line(line)
        quadrat = by_label.get(label)
        if quadrat is None:
            skipped += 1
            continue
        quadrat.add_count(species, count, cover_percent=cover)
    return skipped


def example_survey():
    survey = PoolSurvey("Kelp Point", date(2024, 6, 21), time(5, 42))
    for i in range(1, 4):
        survey.add_quadrat(Quadrat(f"Q{i}", zone="low"))
    survey.add_quadrat(Quadrat("Q4"))
    return survey
