"""Find logs, permits and drying batches for a mushroom foraging co-op."""

import csv
import statistics
from datetime import date, timedelta

DAILY_LIMIT_KG = 1.5
DRYING_LOSS = 0.9
EDIBLE = {"chanterelle", "porcini", "hedgehog", "oyster", "chicken of the woods"}


class Find:
    def __init__(self, forager, species, weight_kg, site, day):
        self.forager = forager
        self.species = species
        self.weight_kg = weight_kg
        self.site = site
        self.day = day
        self.verified = False


class Permit:
    def __init__(self, holder, issued, valid_days=90):
        self.holder = holder
        self.issued = issued
        self.valid_days = valid_days
        self.renewals = 0

    def expires(self):
        return self.issued + timedelta(days=self.valid_days)

    def valid_on(self, day):
        return self.issued <= day < self.expires()


def verify(find, checker):
    if find.species not in EDIBLE:
        return False
    find.verified = True
    return True


def daily_total(finds, forager, day):
    return sum(f.weight_kg for f in finds if f.forager == forager and f.day == day)


def over_limit(finds, day, limit=DAILY_LIMIT_KG):
    foragers = {f.forager for f in finds if f.day == day}
    return sorted(p for p in foragers if daily_total(finds, p, day) > limit)


def dried_weight(fresh_kg):
    return fresh_kg * (1 - DRYING_LOSS)


def load_finds(path):
    finds = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                day = date.fromisoformat(row["day"])
            except ValueError:
                continue
            finds.append(Find(row["forager"], row["species"], float(row["kg"]), row["site"], day))
    return finds


def site_yields(finds):
    by_site = {}
    for find in finds:
        by_site.setdefault(find.site, []).append(find.weight_kg)
    return {site: round(sum(w), 2) for site, w in by_site.items()}


def typical_find(finds, species):
    weights = [f.weight_kg for f in finds if f.species == species]
    if not weights:
        return 0.0
    return statistics.median(weights)


def permit_holders(permits, day):
    return [p.holder for p in permits if p.valid_on(day)]


def unlicensed(finds, permits):
    flagged = []
    for find in finds:
        holders = permit_holders(permits, find.day)
        if find.forager not in holders:
            flagged.append(find)
    return flagged


def drying_batch(finds, species, rack_capacity_kg=4.0):
    batch = []
    load = 0.0
    for find in finds:
        if find.species != species or not find.verified:
            continue
        if load + find.weight_kg > rack_capacity_kg:
            break
        batch.append(find)
        load += find.weight_kg
    return batch


def season_report(finds, start, end):
    in_season = [f for f in finds if start <= f.day <= end]
    total = sum(f.weight_kg for f in in_season)
    species = sorted({f.species for f in in_season})
    return f"{len(in_season)} finds, {total:.1f} kg, species: {', '.join(species)}"


def top_forager(finds):
    totals = {}
    for find in finds:
        totals[find.forager] = totals.get(find.forager, 0.0) + find.weight_kg
    return max(totals, key=totals.get) if totals else None
