"""Parcel delivery routes: stops on a city grid, vans with a weight limit, a greedy tour."""

import json
import math
from dataclasses import dataclass
from pathlib import Path

DEPOT = (0.0, 0.0)
VAN_CAPACITY_KG = 750
AVERAGE_SPEED_KMH = 32
MINUTES_PER_STOP = 4


@dataclass
class Stop:
    name: str
    x: float
    y: float
    weight_kg: float = 0.0
    deadline: int | None = None  # minutes after the van leaves the depot

    @property
    def position(self):
        return (self.x, self.y)


class VanRoute:
    def __init__(self, van, stops=None):
        self.van = van
        self.stops = list(stops or [])

    def load_kg(self):
        return sum(stop.weight_kg for stop in self.stops)

    def fits(self, stop, capacity=VAN_CAPACITY_KG):
        return self.load_kg() + stop.weight_kg <= capacity

    def length_km(self, start=DEPOT):
        points = [start] + [stop.position for stop in self.stops] + [start]
        return sum(distance(a, b) for a, b in zip(points, points[1:]))

    def arrival_times(self, start=DEPOT, speed=AVERAGE_SPEED_KMH):
        """Minutes from leaving the depot to reaching each stop, by stop name."""
        times = {}
        clock = 0.0
        here = start
        for stop in self.stops:
            clock += travel_minutes(here, stop.position, speed=speed)
            times[stop.name] = round(clock)
            clock += MINUTES_PER_STOP
            here = stop.position
        return times

    def late_stops(self):
        times = self.arrival_times()
        return [
            stop.name
            for stop in self.stops
            if stop.deadline is not None and times[stop.name] > stop.deadline
        ]


def distance(a, b):
    return math.hypot(a[0] - b[0], a[1] - b[1])


def travel_minutes(a, b, speed=AVERAGE_SPEED_KMH):
    return distance(a, b) / speed * 60


def nearest_neighbour(stops, start=DEPOT):
    remaining = list(stops)
    order = []
    here = start
    while remaining:
        nearest = min(remaining, key=lambda stop: distance(here, stop.position))
        remaining.remove(nearest)
        order.append(nearest)
        here = nearest.position
    return order


def plan_routes(stops, vans, capacity=VAN_CAPACITY_KG, verbose=False):
    """Share the stops out among the vans, heaviest first, then order each van's tour."""
    routes = [VanRoute(van) for van in vans]
    for stop in sorted(stops, key=lambda stop: stop.weight_kg, reverse=True):
        candidates = [route for route in routes if route.fits(stop, capacity)]
        if not candidates:
            raise ValueError(f"no van can take {stop.name} ({stop.weight_kg} kg)")
        min(candidates, key=VanRoute.load_kg).stops.append(stop)
    for route in routes:
        route.stops = nearest_neighbour(route.stops)
    return routes


def route_summary(route, start=DEPOT):
    times = route.arrival_times(start=start)
    late = set(route.late_stops())
    lines = [
        f"van {route.van}: {len(route.stops)} stops, "
        f"{route.length_km(start):.1f} km, {route.load_kg():.0f} kg"
    ]
    for stop in route.stops:
        flag = " LATE" if stop.name in late else ""
        lines.append(f"  {times[stop.name]:>4} min  {stop.name}{flag}")
    return "\n".join(lines)


def load_stops(path):
    data = json.loads(Path(path).read_text())
    return [Stop(**entry) for entry in data["stops"]]


def load_plan(path, vans=("A", "B")):
    stops = load_stops(path)
    return plan_routes(stops, vans, verbose=True)


def write_manifest(routes, path):
    manifest = {route.van: [stop.name for stop in route.stops] for route in routes}
    Path(path).write_text(json.dumps(manifest, indent=2))
    return len(manifest)
