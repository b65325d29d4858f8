"""Still-room records for a lavender farm: distillation runs, yields and oil stock."""

from __future__ import annotations

import math
from collections import defaultdict
from datetime import datetime

STILL_CAPACITY_KG = 150
OIL_YIELD_BY_VARIETY = {
    "angustifolia": 0.012,
    "grosso": 0.020,
    "super": 0.016,
}
DEFAULT_YIELD = 0.010
BOTTLE_ML = 10
OIL_DENSITY = 0.885  # grams per ml


def expected_oil_ml(fresh_kg, variety, moisture=0.0):
    rate = OIL_YIELD_BY_VARIETY.get(variety, DEFAULT_YIELD)
    dry_kg = fresh_kg * (1 - moisture)
    grams = dry_kg * 1000 * rate
    return grams / OIL_DENSITY


def loads_needed(fresh_kg, capacity=STILL_CAPACITY_KG):
    return math.ceil(fresh_kg / capacity)


def bottles_from(oil_ml, bottle_ml=BOTTLE_ML):
    return int(oil_ml // bottle_ml)


class DistillationRun:
    """One load of cut lavender through the still."""

    def __init__(self, variety, fresh_kg, started=None):
        self.variety = variety
        self.fresh_kg = fresh_kg
        self.started = started or datetime.now()
        self.finished = None
        self.oil_ml = 0.0
        self.hydrosol_l = 0.0

    def finish(self, oil_ml, hydrosol_l, when=None):
        self.finished = when or datetime.now()
        self.oil_ml = oil_ml
        self.hydrosol_l = hydrosol_l

    def hours(self):
        if self.finished is None:
            return 0.0
        return (self.finished - self.started).total_seconds() / 3600

    def efficiency(self):
        forecast = expected_oil_ml(self.fresh_kg, self.variety)
        if not forecast:
            return 0.0
        return self.oil_ml / forecast


class StillRoom:
    """All runs for the season and the oil sitting in the store."""

    def __init__(self, farm):
        self.farm = farm
        self.runs: list[DistillationRun] = []
        self.stock_ml = defaultdict(float)
        self.hydrosol_total_l = 0.0

    def start_run(self, variety, fresh_kg):
        if fresh_kg > STILL_CAPACITY_KG:
            raise ValueError(f"{fresh_kg} kg will not fit; split it into {loads_needed(fresh_kg)} loads")
        run = DistillationRun(variety, fresh_kg)
        self.runs.append(run)
        return run

    def close_run(self, run, oil_ml, hydrosol_l):
        run.finish(oil_ml, hydrosol_l)
        self.stock_ml[run.variety] += oil_ml
        self.hydrosol_total_l += hydrosol_l
        return bottles_from(oil_ml)

    def sell(self, variety, bottles):
        needed = bottles * BOTTLE_ML
        if self.stock_ml[variety] < needed:
            raise ValueError(f"only {bottles_from(self.stock_ml[variety])} bottles of {variety} left")
        self.stock_ml[variety] -= needed
        return self.stock_ml[variety]

    def season_report(self):
        lines = [f"{self.farm} still room"]
        for variety, ml in sorted(self.stock_ml.items()):
            lines.append(f"  {variety}: {ml:.0f} ml ({bottles_from(ml)} bottles)")
        done = [r for r in self.runs if r.finished]
        if done:
            mean_eff = sum(r.efficiency() for r in done) / len(done)
            lines.append(f"  mean efficiency {mean_eff:.0%}")
        lines.append(f"  hydrosol {self.hydrosol_total_l:.1f} l")
        return "\n".join(lines)
