"""Blend batches for a small perfumery: formulas, dilution and maceration."""

import json
from datetime import date, timedelta

ETHANOL_DENSITY = 0.789
MACERATION_DAYS = 28
CONCENTRATIONS = {"parfum": 0.25, "eau_de_parfum": 0.17, "eau_de_toilette": 0.1}
MAX_BATCH_ML = 5000
ALLERGEN_LIMITS = {"eugenol": 0.005, "citral": 0.006, "coumarin": 0.01}


def load_formula(path):
    with open(path) as handle:
        data = json.load(handle)
    return normalise({name: float(parts) for name, parts in data["materials"].items()})


def normalise(formula):
    total = sum(formula.values())
    if total <= 0:
        raise ValueError("formula has no materials")
    return {name: parts / total for name, parts in formula.items()}


def ethanol_grams(batch_ml, concentration):
    alcohol_ml = batch_ml * (1 - concentration)
    return round(alcohol_ml * ETHANOL_DENSITY, 1)


def allergen_report(fractions, concentration, limits=ALLERGEN_LIMITS):
    over = []
    for name, limit in limits.items():
        share = fractions.get(name, 0.0) * concentration
        if share > limit:
            over.append((name, round(share, 4)))
    return over


class BlendBatch:
    """One batch of a formula, diluted to a concentration and left to macerate."""

    def __init__(self, code, formula, strength="eau_de_parfum", batch_ml=1000):
        if batch_ml > MAX_BATCH_ML:
            raise ValueError("batch too large for the maceration tank")
        self.code = code
        self.fractions = normalise(formula)
        try:
            self.concentration = CONCENTRATIONS[strength]
        except KeyError:
            raise ValueError("unknown strength: " + strength)
        self.batch_ml = batch_ml
        self.started = None
        self.notes = []

    def concentrate_grams(self, density=0.95):
        concentrate_ml = self.batch_ml * self.concentration
        return round(concentrate_ml * density, 1)

    def weigh_out(self, density=0.95):
        grams = self.concentrate_grams(density)
        return {name: round(grams * share, 2) for name, share in self.fractions.items()}

    def start_maceration(self, on=None):
        self.started = on or date.today()
        self.notes.append("maceration started")
        return self.ready_on()

    def ready_on(self):
        if self.started is None:
            return None
        return self.started + timedelta(days=MACERATION_DAYS)

    def is_ready(self, today=None):
        ready = self.ready_on()
        return ready is not None and (today or date.today()) >= ready

    def allergens(self):
        return allergen_report(self.fractions, self.concentration)


class BatchLedger:
    def __init__(self):
        self.batches = {}

    def open_batch(self, code, formula, strength="eau_de_parfum", batch_ml=1000):
        if code in self.batches:
            raise KeyError("batch code already used: " + code)
        batch = BlendBatch(code, formula, strength, batch_ml)
        self.batches[code] = batch
        return batch

    def ready_batches(self, today=None):
        return [b for b in self.batches.values() if b.is_ready(today)]

    def flagged(self):
        flagged = {}
        for code, batch in self.batches.items():
            over = batch.allergens()
            if over:
                flagged[code] = over
        return flagged

    def ethanol_order(self):
        total = 0.0
        for batch in self.batches.values():
            total += ethanol_grams(batch.batch_ml, batch.concentration)
        return round(total / 1000, 2)
