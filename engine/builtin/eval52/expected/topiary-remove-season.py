"""Clipping rota for a topiary garden: which shapes are due, and who clips them."""

import json
from collections import namedtuple
from datetime import date, timedelta

CLIP_WEEKS = {"box": 6, "yew": 12, "privet": 4, "holly": 16}
DEFAULT_CLIP_WEEKS = 8
SHEARS_HOURS_PER_METRE = 0.75
MAX_HOURS_PER_GARDENER = 30
FROST_MONTHS = (12, 1, 2)


Shape = namedtuple("Shape", ["name", "species", "height_m", "last_clipped"])


def clip_interval(species, vigour=1.0):
    weeks = CLIP_WEEKS.get(species, DEFAULT_CLIP_WEEKS)
    return max(2, round(weeks / vigour))


def next_clip(shape, vigour=1.0):
    due = shape.last_clipped + timedelta(weeks=clip_interval(shape.species, vigour))
    while due.month in FROST_MONTHS:
        due += timedelta(weeks=1)
    return due


def clipping_hours(shape, detail=1.0, ladder=False):
    hours = shape.height_m * SHEARS_HOURS_PER_METRE * detail
    if ladder:
        hours += 0.5
    return round(hours, 2)


def load_shapes(text):
    data = json.loads(text)
    shapes = []
    for item in data:
        clipped = date.fromisoformat(item["last_clipped"])
        shapes.append(Shape(item["name"], item["species"], item["height_m"], clipped))
    return shapes


class Gardener:
    def __init__(self, name, max_hours=MAX_HOURS_PER_GARDENER, ladder_trained=False):
        self.name = name
        self.max_hours = max_hours
        self.ladder_trained = ladder_trained
        self.booked_hours = 0.0

    def can_take(self, hours):
        return self.booked_hours + hours <= self.max_hours

    def book(self, hours):
        self.booked_hours += hours


class ClippingRota:
    def __init__(self, shapes, gardeners):
        self.shapes = shapes
        self.gardeners = gardeners
        self.assignments = {}

    def due_between(self, start, end):
        return [shape for shape in self.shapes if start <= next_clip(shape) <= end]

    def assign_week(self, week_start, tall_from=2.5):
        week_end = week_start + timedelta(days=6)
        unassigned = []
        for shape in sorted(self.due_between(week_start, week_end), key=lambda s: -s.height_m):
            needs_ladder = shape.height_m >= tall_from
            hours = clipping_hours(shape, ladder=needs_ladder)
            for gardener in self.gardeners:
                if needs_ladder and not gardener.ladder_trained:
                    continue
                if gardener.can_take(hours):
                    gardener.book(hours)
                    self.assignments[shape.name] = gardener.name
                    break
            else:
                unassigned.append(shape.name)
        return unassigned

    def workload(self):
        return {gardener.name: gardener.booked_hours for gardener in self.gardeners}

    def report(self):
        lines = ["Shape               Gardener"]
        for shape_name, gardener_name in sorted(self.assignments.items()):
            lines.append(f"{shape_name:<20}{gardener_name}")
        if not self.assignments:
            lines.append("(nothing due)")
        return "\n".join(lines)
