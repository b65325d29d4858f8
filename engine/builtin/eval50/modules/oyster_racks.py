"""Rack inventory and harvest planning for an intertidal oyster farm."""

import json
import statistics
from datetime import date, timedelta

BAGS_PER_RACK = 24
MARKET_WEIGHT_G = 75
GROWTH_G_PER_WEEK = 1.8
MORTALITY_ALERT = 0.15
GRADE_BOUNDS = ((60, "No. 4"), (75, "No. 3"), (90, "No. 2"), (110, "No. 1"))


def grade_for(weight_g):
    label = "undersize"
    for bound, name in GRADE_BOUNDS:
        if weight_g >= bound:
            label = name
    return label


def weeks_to_market(mean_weight_g, target_g=MARKET_WEIGHT_G, growth=GROWTH_G_PER_WEEK):
    if mean_weight_g >= target_g:
        return 0
    shortfall = target_g - mean_weight_g
    return int(-(-shortfall // growth))


def mortality_rate(stocked, alive, season=None):
    if stocked == 0:
        return 0.0
    return (stocked - alive) / stocked


class Bag:
    def __init__(self, seed_count, seeded_on):
        self.seed_count = seed_count
        self.seeded_on = seeded_on
        self.live_count = seed_count
        self.sample_weights = []

    def sample(self, weights):
        self.sample_weights = list(weights)

    def mean_weight(self):
        if not self.sample_weights:
            return 0.0
        return statistics.mean(self.sample_weights)

    def losses(self):
        return mortality_rate(self.seed_count, self.live_count, season=None)


class Rack:
    def __init__(self, rack_id, zone, tide_height_m=0.6):
        self.rack_id = rack_id
        self.zone = zone
        self.tide_height_m = tide_height_m
        self.bags = []

    def stock(self, seed_count, seeded_on, bags=1):
        free = BAGS_PER_RACK - len(self.bags)
        if bags > free:
            raise ValueError(f"rack {self.rack_id} has room for {free} more bags")
        for _ in range(bags):
            self.bags.append(Bag(seed_count, seeded_on))

    def flip_due(self, last_flip, today, every_days=14):
        return today - last_flip >= timedelta(days=every_days)

    def stressed_bags(self, threshold=MORTALITY_ALERT):
        return [index for index, bag in enumerate(self.bags) if bag.losses() > threshold]

    def harvest_estimate(self, today=None):
        today = today or date.today()
        ready = 0
        for bag in self.bags:
            weeks = weeks_to_market(bag.mean_weight())
            if weeks == 0:
                ready += bag.live_count
        return {"rack": self.rack_id, "ready": ready, "as_of": today.isoformat()}

    def grade_counts(self):
        counts = {}
        for bag in self.bags:
            for weight in bag.sample_weights:
                label = grade_for(weight)
                counts[label] = counts.get(label, 0) + 1
        return counts


def load_racks(path, zone="north"):
    with open(path) as handle:
        data = json.load(handle)
    racks = []
    for entry in data:
        rack = Rack(entry["id"], entry.get("zone", zone))
        for bag in entry.get("bags", []):
            rack.stock(bag["seed"], date.fromisoformat(bag["seeded"]))
        racks.append(rack)
    return racks


def farm_totals(racks):
    live = sum(bag.live_count for rack in racks for bag in rack.bags)
    stocked = sum(bag.seed_count for rack in racks for bag in rack.bags)
    return {"racks": len(racks), "live": live, "mortality": round(mortality_rate(stocked, live), 3)}
