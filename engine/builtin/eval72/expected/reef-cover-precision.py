"""Dive logs and transect counts for a coral reef survey."""

import csv
from collections import Counter
from statistics import mean

MAX_DEPTH_M = 30
SAFETY_STOP_M = 5
TRANSECT_LENGTH_M = 50
BLEACHING_LEVELS = ("none", "pale", "partial", "severe")


class Dive:
    def __init__(self, site, diver, depth_m, minutes, buddy=None):
        self.site = site
        self.diver = diver
        self.depth_m = depth_m
        self.minutes = minutes
        self.buddy = buddy
        self.sightings = Counter()
        self.bleaching = []

    def log_sighting(self, species, count=1):
        if count <= 0:
            raise ValueError("count must be positive")
        self.sightings[species] += count

    def log_bleaching(self, colony_id, level):
        if level not in BLEACHING_LEVELS:
            raise ValueError(f"unknown bleaching level {level}")
        self.bleaching.append((colony_id, level))

    def is_deep(self):
        return self.depth_m > MAX_DEPTH_M * 0.6


class SurveyLog:
    def __init__(self, reef, season):
        self.reef = reef
        self.season = season
        self.dives = []

    def add_dive(self, dive):
        if dive.depth_m > MAX_DEPTH_M:
            raise ValueError("dive exceeds survey depth limit")
        if dive.buddy is None:
            print(f"warning: {dive.diver} logged a solo dive at {dive.site}")
        self.dives.append(dive)

    def species_totals(self):
        totals = Counter()
        for dive in self.dives:
            totals.update(dive.sightings)
        return totals

    def sites(self):
        return sorted({dive.site for dive in self.dives})


def coral_cover(points_hit, points_total, precision=2):
    if points_total == 0:
        return 0.0
    return round(100 * points_hit / points_total, precision)


def bleaching_index(dive, weights=(0, 1, 2, 3)):
    scores = dict(zip(BLEACHING_LEVELS, weights))
    if not dive.bleaching:
        return 0.0
    return mean(scores[level] for _, level in dive.bleaching)


def read_transect(path, site, delimiter=","):
    hits = 0
    total = 0
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            if row["site"] != site:
                continue
            total += 1
            if row["substrate"] == "coral":
                hits += 1
    return coral_cover(hits, total)


def survey_report(log, top=5, verbose=False):
    lines = [f"{log.reef} survey, {log.season}"]
    lines.append(f"dives: {len(log.dives)}, sites: {len(log.sites())}")
    for species, count in log.species_totals().most_common(top):
        lines.append(f"  {species}: {count}")
    deep = [dive for dive in log.dives if dive.is_deep()]
    lines.append(f"deep dives: {len(deep)}")
    return "\n".join(lines)


def print_survey(log):
    print(survey_report(log, top=10, verbose=True))
