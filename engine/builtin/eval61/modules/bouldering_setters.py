"""Route setting rota and grade spread for a climbing wall."""

import datetime
from collections import Counter, defaultdict

GRADE_SCALE = ["V0", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8"]
MAX_ROUTES_PER_WALL = 12
STRIP_AFTER_DAYS = 42
DEFAULT_HOLD_COLOUR = "grey"


def grade_index(grade):
    if grade not in GRADE_SCALE:
        raise ValueError(f"unknown grade: {grade}")
    return GRADE_SCALE.index(grade)


def spread_grades(routes, low="V0", high="V8"):
    lo = grade_index(low)
    hi = grade_index(high)
    counts = Counter(route.grade for route in routes)
    missing = []
    for grade in GRADE_SCALE[lo:hi + 1]:
        if counts[grade] == 0:
            missing.append(grade)
    return missing


def due_for_strip(routes, today=None, max_age=STRIP_AFTER_DAYS):
    today = today or datetime.date.today()
    stale = []
    for route in routes:
        age = (today - route.set_on).days
        if age >= max_age:
            stale.append(route)
    return sorted(stale, key=lambda r: r.set_on)


class Route:
    def __init__(self, name, grade, setter, set_on, colour=DEFAULT_HOLD_COLOUR):
        grade_index(grade)
        self.name = name
        self.grade = grade
        self.setter = setter
        self.set_on = set_on
        self.colour = colour
        self.ascents = 0

    def log_ascent(self, count=1):
        self.ascents += count
        return self.ascents

    def label(self):
        return f"{self.name} ({self.grade}, {self.colour})"


class WallSection:
    def __init__(self, name, angle=0):
        self.name = name
        self.angle = angle
        self.routes = []

    def add_route(self, route):
        if len(self.routes) >= MAX_ROUTES_PER_WALL:
            raise RuntimeError(f"{self.name} is full")
        self.routes.append(route)
        return route

    def new_route(self, name, grade, setter, set_on):
        return self.add_route(Route(name, grade, setter, set_on))

    def strip(self, today=None):
        stale = due_for_strip(self.routes, today=today)
        for route in stale:
            self.routes.remove(route)
        return stale

    def setter_load(self):
        load = defaultdict(int)
        for route in self.routes:
            load[route.setter] += 1
        return dict(load)

    def gaps(self, low="V0", high="V8"):
        return spread_grades(self.routes, low=low, high=high)

    def summary(self):
        lines = [f"{self.name} ({self.angle} degrees)"]
        for route in sorted(self.routes, key=lambda r: grade_index(r.grade)):
            lines.append("  " + route.label())
        missing = self.gaps()
        if missing:
            lines.append("  missing: " + ", ".join(missing))
        return "\n".join(lines)


def plan_reset(section, setters, today=None):
    stripped = section.strip(today=today)
    missing = section.gaps()
    plan = []
    for position, grade in enumerate(missing):
        setter = setters[position % len(setters)]
        plan.append((setter, grade))
    return {"stripped": len(stripped), "plan": plan}
