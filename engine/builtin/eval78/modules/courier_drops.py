"""Drops for a bike courier firm: route legs, pay per drop and end-of-shift sheets."""

import math
from collections import OrderedDict

BASE_FEE = 4.5
PER_KM_FEE = 1.2
HEAVY_PARCEL_KG = 8.0
HEAVY_SURCHARGE = 3.0
AVERAGE_SPEED_KMH = 18.0
EARTH_RADIUS_KM = 6371.0


def distance_km(a, b):
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    dlat = lat2 - lat1
    dlon = lon2 - lon1
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def drop_fee(km, weight_kg, night=False, zone=None):
    fee = BASE_FEE + km * PER_KM_FEE
    if weight_kg > HEAVY_PARCEL_KG:
        fee += HEAVY_SURCHARGE
    if night:
        fee *= 1.25
    return round(fee, 2)


def leg_minutes(km, speed=AVERAGE_SPEED_KMH, stop_minutes=3):
    return math.ceil(km / speed * 60) + stop_minutes


def route_order(depot, drops):
    remaining = list(drops)
    ordered = []
    here = depot
    while remaining:
        nearest = min(remaining, key=lambda d: distance_km(here, d.location))
        remaining.remove(nearest)
        ordered.append(nearest)
        here = nearest.location
    return ordered


class Drop:
    def __init__(self, ref, location, weight_kg, signature=True):
        self.ref = ref
        self.location = location
        self.weight_kg = weight_kg
        self.signature = signature
        self.delivered = False
        self.attempts = 0

    def attempt(self, success):
        self.attempts += 1
        self.delivered = bool(success)
        return self.delivered


class Shift:
    def __init__(self, rider, depot, night=False):
        self.rider = rider
        self.depot = depot
        self.night = night
        self.drops = OrderedDict()
        self.earnings = 0.0

    def load(self, drops):
        for drop in route_order(self.depot, drops):
            self.drops[drop.ref] = drop
        return list(self.drops)

    def complete(self, ref, success=True):
        drop = self.drops[ref]
        if drop.attempt(success):
            km = distance_km(self.depot, drop.location)
            self.earnings += drop_fee(km, drop.weight_kg, night=self.night, zone="central")
        return self.earnings

    def planned_minutes(self):
        total = 0
        here = self.depot
        for drop in self.drops.values():
            km = distance_km(here, drop.location)
            total += leg_minutes(km)
            here = drop.location
        return total

    def sheet(self):
        done = [ref for ref, drop in self.drops.items() if drop.delivered]
        failed = [ref for ref, drop in self.drops.items() if not drop.delivered]
        lines = ["Rider: %s" % self.rider, "Delivered: %d" % len(done)]
        if failed:
            lines.append("Failed: %s" % ", ".join(failed))
        lines.append("Earnings: %.2f" % self.earnings)
        return "\n".join(lines)
