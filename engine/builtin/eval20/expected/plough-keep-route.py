"""Route planning for the municipal snow plough fleet."""

import json
import math
from collections import defaultdict

SALT_KG_PER_KM = 12.0
PRIORITY_ORDER = ("arterial", "bus", "collector", "residential")


class Street:
    def __init__(self, name, kind, length_km, gradient=0.0):
        self.name = name
        self.kind = kind
        self.length_km = length_km
        self.gradient = gradient
        self.cleared = False


class Plough:
    def __init__(self, unit, salt_capacity_kg, speed_kmh=18.0):
        self.unit = unit
        self.salt_capacity_kg = salt_capacity_kg
        self.speed_kmh = speed_kmh
        self.salt_left_kg = salt_capacity_kg
        self.route = []

    def can_cover(self, street):
        return self.salt_left_kg >= salt_needed(street)

    def assign(self, street):
        self.route.append(street)
        self.salt_left_kg -= salt_needed(street)

    def reload(self):
        self.salt_left_kg = self.salt_capacity_kg


def salt_needed(street, storm_factor=1.0):
    extra = 1.0 + max(street.gradient, 0.0) / 10
    return street.length_km * SALT_KG_PER_KM * extra * storm_factor


def priority_rank(street):
    return PRIORITY_ORDER.index(street.kind)


def sort_streets(streets):
    return sorted(streets, key=lambda s: (priority_rank(s), -s.length_km))


def route_hours(plough, passes=2):
    distance = sum(s.length_km for s in plough.route) * passes
    return distance / plough.speed_kmh


def plan_routes(streets, ploughs, shift_hours=8.0):
    queue = sort_streets(streets)
    for plough in ploughs:
        for street in list(queue):
            if not plough.can_cover(street):
                continue
            plough.assign(street)
            if route_hours(plough) > shift_hours:
                plough.route.pop()
                plough.salt_left_kg += salt_needed(street)
                continue
            queue.remove(street)
    return queue


def load_streets(path):
    with open(path) as handle:
        raw = json.load(handle)
    streets = []
    for item in raw:
        streets.append(Street(item["name"], item["kind"], item["length_km"], item.get("gradient", 0.0)))
    return streets


def streets_by_kind(streets):
    groups = defaultdict(list)
    for street in streets:
        groups[street.kind].append(street)
    return dict(groups)


def trucks_needed(total_km, km_per_truck, spare):
    return math.ceil(total_km / km_per_truck)


def fleet_size(streets):
    total = sum(s.length_km for s in streets)
    return trucks_needed(total, 40.0, 1)


def mark_cleared(plough):
    for street in plough.route:
        street.cleared = True
    cleared = len(plough.route)
    return cleared


def shift_report(ploughs):
    rows = []
    for plough in ploughs:
        hours = route_hours(plough)
        used = plough.salt_capacity_kg - plough.salt_left_kg
        rows.append(f"{plough.unit}: {len(plough.route)} streets, {hours:.1f} h, {used:.0f} kg salt")
    return "\n".join(rows)


def uncleared(streets):
    return [s.name for s in streets if not s.cleared]
