"""Route setting rota and grade spread for the Quarry Wall climbing gym."""

import random
from collections import Counter
from dataclasses import dataclass
from datetime import date

GRADES = ["V0", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8"]
HOLD_COLOURS = ("red", "blue", "yellow", "green", "purple", "black", "white")
RESET_AFTER_DAYS = 42
WALL_SECTIONS = {"slab": 6, "overhang": 8, "cave": 4, "arete": 3}


def grade_index(grade):
    return GRADES.index(grade.strip().upper())


@dataclass
class Route:
    name: str
    grade: str
    section: str
    colour: str
    set_on: date
    setter: str = "house"

    def age_days(self, today=None):
        today = today or date.today()
        return (today - self.set_on).days

    def needs_reset(self, today=None, max_age=RESET_AFTER_DAYS):
        return self.age_days(today) >= max_age

    def label(self):
        return f"{self.colour} {self.grade} on the {self.section} ({self.setter})"


def pick_colour(used, rng=None):
    rng = rng or random.Random()
    free = [c for c in HOLD_COLOURS if c not in used]
    return rng.choice(free or list(HOLD_COLOURS))


def grade_spread(routes, section=None, sort_desc=False):
    counts = Counter(r.grade for r in routes if section is None or r.section == section)
    return {g: counts.get(g, 0) for g in GRADES}


def hardest(routes, default="V0"):
    graded = [r for r in routes if r.grade in GRADES]
    if not graded:
        return default
    return max(graded, key=lambda r: grade_index(r.grade)).grade


class SettingPlan:
    def __init__(self, routes, setters, seed=None):
        self.routes = list(routes)
        self.setters = list(setters)
        self.rng = random.Random(seed)
        self.history = []

    def stale_routes(self, today=None):
        return [r for r in self.routes if r.needs_reset(today)]

    def free_slots(self, section):
        capacity = WALL_SECTIONS.get(section, 0)
        in_use = sum(1 for r in self.routes if r.section == section)
        return max(capacity - in_use, 0)

    def strip(self, route):
        self.routes.remove(route)
        self.history.append(("strip", route.name, date.today()))
        print(f"stripped {route.name} from the {route.section}")

    def set_route(self, name, grade, section, setter=None):
        if self.free_slots(section) == 0:
            raise ValueError(f"no room left on the {section}")
        used = {r.colour for r in self.routes if r.section == section}
        route = Route(
            name=name,
            grade=grade,
            section=section,
            colour=pick_colour(used, self.rng),
            set_on=date.today(),
            setter=setter or self.rng.choice(self.setters),
        )
        self.routes.append(route)
        self.history.append(("set", name, route.set_on))
        return route

    def reset_week(self, today=None, limit=6):
        stale = sorted(self.stale_routes(today), key=lambda r: r.set_on)[:limit]
        for route in stale:
            self.strip(route)
        return [r.name for r in stale]

    def gaps_in_spread(self, section):
        spread = grade_spread(self.routes, section, sort_desc=False)
        return [g for g, n in spread.items() if n == 0]

    def setter_load(self):
        load = Counter(r.setter for r in self.routes)
        return {s: load.get(s, 0) for s in self.setters}


def weekly_brief(plan, today=None):
    lines = []
    for section in WALL_SECTIONS:
        gaps = plan.gaps_in_spread(section)
        free = plan.free_slots(section)
        lines.append(f"{section}: {free} free, missing {', '.join(gaps) or 'nothing'}")
    stale = plan.stale_routes(today)
    lines.append(f"{len(stale)} routes past {RESET_AFTER_DAYS} days")
    return "\n".join(lines)
