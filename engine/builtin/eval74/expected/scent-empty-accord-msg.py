"""Perfume blending: notes, accords and batch scaling for a small atelier."""

import json
from collections import defaultdict

TOP_NOTE_SHARE = 0.3
HEART_NOTE_SHARE = 0.5
BASE_NOTE_SHARE = 0.2
MAX_ALLERGEN_PERCENT = 1.0
DEFAULT_BATCH_ML = 100
ALCOHOL_STRENGTH = 0.8


def normalise(parts):
    total = sum(parts.values())
    if total == 0:
        raise ValueError("an accord needs at least one ingredient")
    return {name: amount / total for name, amount in parts.items()}


def scale_batch(formula, batch_ml=DEFAULT_BATCH_ML, concentrate=0.2):
    shares = normalise(formula)
    oil_ml = batch_ml * concentrate
    scaled = {name: round(share * oil_ml, 2) for name, share in shares.items()}
    scaled["alcohol"] = round((batch_ml - oil_ml) * ALCOHOL_STRENGTH, 2)
    scaled["water"] = round(batch_ml - oil_ml - scaled["alcohol"], 2)
    return scaled


def allergen_load(formula, allergens, concentrate=0.2):
    shares = normalise(formula)
    load = 0.0
    for name, share in shares.items():
        load += share * allergens.get(name, 0.0)
    return load * concentrate * 100


class Note:
    def __init__(self, name, tier, price_per_ml, allergen_percent=0.0):
        self.name = name
        self.tier = tier
        self.price_per_ml = price_per_ml
        self.allergen_percent = allergen_percent

    def cost(self, ml):
        return round(self.price_per_ml * ml, 2)


class Blend:
    def __init__(self, name, perfumer="house"):
        self.name = name
        self.perfumer = perfumer
        self.parts = {}
        self.notes = {}
        self.batches = []

    def add(self, note, parts):
        self.notes[note.name] = note
        self.parts[note.name] = self.parts.get(note.name, 0) + parts

    def tier_balance(self):
        shares = normalise(self.parts)
        balance = defaultdict(float)
        for name, share in shares.items():
            balance[self.notes[name].tier] += share
        return dict(balance)

    def is_balanced(self, tolerance=0.1):
        balance = self.tier_balance()
        targets = {"top": TOP_NOTE_SHARE, "heart": HEART_NOTE_SHARE, "base": BASE_NOTE_SHARE}
        for tier, target in targets.items():
            if abs(balance.get(tier, 0.0) - target) > tolerance:
                return False
        return True

    def allergens_ok(self, concentrate=0.2):
        allergens = {name: note.allergen_percent for name, note in self.notes.items()}
        return allergen_load(self.parts, allergens, concentrate=concentrate) <= MAX_ALLERGEN_PERCENT

    def make_batch(self, batch_ml=DEFAULT_BATCH_ML, concentrate=0.2):
        if not self.allergens_ok(concentrate=concentrate):
            raise ValueError(f"{self.name} is over the allergen limit")
        recipe = scale_batch(self.parts, batch_ml=batch_ml, concentrate=concentrate)
        self.batches.append(recipe)
        return recipe

    def batch_cost(self, recipe):
        cost = 0.0
        for name, ml in recipe.items():
            if name in self.notes:
                cost += self.notes[name].cost(ml)
        return round(cost, 2)

    def to_json(self):
        data = {
            "name": self.name,
            "perfumer": self.perfumer,
            "parts": self.parts,
            "batches": len(self.batches),
        }
        return json.dumps(data, indent=2, sort_keys=True)
