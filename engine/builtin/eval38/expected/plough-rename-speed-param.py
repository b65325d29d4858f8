"""Snow plough routing for a county depot: road segments, priorities and shift plans."""

import heapq
import math

PRIORITY_ORDER = ("A", "B", "C")
PLOUGH_SPEED_KMH = 22.0
SALT_KG_PER_KM = 140
SHIFT_HOURS = 8
TURNAROUND_MINUTES = 15
STEEP_GRADIENT = 8.0


def plough_minutes(length_km, lanes=2, average_speed_kmh=PLOUGH_SPEED_KMH):
    hours = length_km * lanes / average_speed_kmh
    return math.ceil(hours * 60)


def salt_needed(length_km, lanes=2, heavy_fall=False):
    rate = SALT_KG_PER_KM * (1.5 if heavy_fall else 1.0)
    return round(length_km * lanes * rate)


def priority_rank(priority):
    return PRIORITY_ORDER.index(priority)


class Segment:
    def __init__(self, road, length_km, priority="C", lanes=2, gradient=0.0):
        self.road = road
        self.length_km = length_km
        self.priority = priority
        self.lanes = lanes
        self.gradient = gradient
        self.cleared = False

    def work_minutes(self):
        minutes = plough_minutes(self.length_km, self.lanes)
        if self.gradient > STEEP_GRADIENT:
            minutes += 10
        return minutes

    def sort_key(self):
        return (priority_rank(self.priority), -self.gradient, self.road)


class Route:
    def __init__(self, name, truck, segments=None):
        self.name = name
        self.truck = truck
        self.segments = list(segments or [])

    def add(self, segment):
        self.segments.append(segment)

    def ordered(self):
        return sorted(self.segments, key=Segment.sort_key)

    def duration_minutes(self):
        total = sum(seg.work_minutes() for seg in self.segments)
        return total + TURNAROUND_MINUTES * max(len(self.segments) - 1, 0)

    def salt_load(self, heavy_fall=False):
        return sum(salt_needed(seg.length_km, seg.lanes, heavy_fall=heavy_fall) for seg in self.segments)

    def fits_shift(self, shift_hours=SHIFT_HOURS):
        return self.duration_minutes() <= shift_hours * 60

    def outstanding(self):
        return [seg.road for seg in self.segments if not seg.cleared]

    def mark_cleared(self, road):
        for seg in self.segments:
            if seg.road == road:
                seg.cleared = True


def balance_routes(segments, trucks, shift_hours=SHIFT_HOURS):
    routes = [Route(f"R{i + 1}", truck) for i, truck in enumerate(trucks)]
    heap = [(0, index) for index in range(len(routes))]
    heapq.heapify(heap)
    for segment in sorted(segments, key=Segment.sort_key):
        load, index = heapq.heappop(heap)
        routes[index].add(segment)
        load += segment.work_minutes() + TURNAROUND_MINUTES
        heapq.heappush(heap, (load, index))
    overloaded = [route.name for route in routes if not route.fits_shift(shift_hours=shift_hours)]
    return routes, overloaded


def shift_plan(routes, heavy_fall=False):
    lines = []
    for route in routes:
        minutes = route.duration_minutes()
        lines.append(f"{route.name} ({route.truck}): {minutes} min, {route.salt_load(heavy_fall)} kg salt")
        for seg in route.ordered():
            lines.append(f"  [{seg.priority}] {seg.road} {seg.length_km} km")
    return "\n".join(lines)
