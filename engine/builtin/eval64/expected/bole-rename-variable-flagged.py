"""Record a survey of bee boles: wall recesses that once held straw skeps."""

from __future__ import annotations

import re
from collections import Counter

SURVEY_AREA = "Cumbria"
MIN_WIDTH_CM = 30
MAX_DEPTH_CM = 80
CONDITION_SCALE = ("good", "fair", "poor", "lost")
GRID_PATTERN = re.compile(r"^[A-Z]{2}\d{4,10}$")


def valid_grid_ref(ref):
    return bool(GRID_PATTERN.match(ref.replace(" ", "")))


def classify_recess(width_cm, depth_cm, arched=False):
    if width_cm < MIN_WIDTH_CM:
        return "too small"
    if depth_cm > MAX_DEPTH_CM:
        return "alcove"
    return "arched bole" if arched else "square bole"


def condition_rank(condition):
    if condition not in CONDITION_SCALE:
        raise ValueError(f"unknown condition {condition!r}")
    return CONDITION_SCALE.index(condition)


class Bole:
    def __init__(self, site, number, width_cm, depth_cm, arched=False):
        self.site = site
        self.number = number
        self.width_cm = width_cm
        self.depth_cm = depth_cm
        self.arched = arched
        self.condition = "fair"

    def kind(self):
        return classify_recess(self.width_cm, self.depth_cm, arched=self.arched)

    def volume_litres(self):
        return self.width_cm * self.width_cm * self.depth_cm / 1000


class BoleSite:
    def __init__(self, name, grid_ref, wall_facing="south"):
        if not valid_grid_ref(grid_ref):
            raise ValueError(f"bad grid reference {grid_ref!r}")
        self.name = name
        self.grid_ref = grid_ref
        self.wall_facing = wall_facing
        self.boles = []
        self.visits = 0

    def add_bole(self, width_cm, depth_cm, arched=False):
        bole = Bole(self.name, len(self.boles) + 1, width_cm, depth_cm, arched)
        self.boles.append(bole)
        return bole

    def record_visit(self, conditions):
        self.visits += 1
        for bole, condition in zip(self.boles, conditions):
            condition_rank(condition)
            bole.condition = condition
        return self.visits

    def worst_condition(self):
        if not self.boles:
            return None
        return max((b.condition for b in self.boles), key=condition_rank)


def survey_counts(sites, area=SURVEY_AREA):
    kinds = Counter()
    for site in sites:
        for bole in site.boles:
            kinds[bole.kind()] += 1
    return {"area": area, "sites": len(sites), "kinds": dict(kinds)}


def at_risk(sites, threshold="poor"):
    limit = condition_rank(threshold)
    risky_boles = []
    for site in sites:
        for bole in site.boles:
            if condition_rank(bole.condition) >= limit:
                risky_boles.append((site.name, bole.number))
    return risky_boles


def survey_report(sites, area=SURVEY_AREA):
    counts = survey_counts(sites, area=area)
    lines = [f"Bee bole survey: {counts['area']}", f"Sites visited: {counts['sites']}"]
    for kind, count in sorted(counts["kinds"].items()):
        lines.append(f"  {kind}: {count}")
    flagged = at_risk(sites)
    if flagged:
        lines.append(f"At risk: {len(flagged)}")
    return "\n".join(lines)
