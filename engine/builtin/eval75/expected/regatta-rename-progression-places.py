"""Lane draw for a regatta: crews, heats and progression to the final."""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field

LANE_COUNT = 6
COURSE_METRES = 2000
PLACES_TO_FINAL = 2
BOAT_CLASSES = ("1x", "2x", "2-", "4x", "4-", "8+")
FALSE_START_LIMIT = 1


@dataclass
class Crew:
    club: str
    boat_class: str
    stroke: str
    seed: int = 0
    false_starts: int = 0
    times: list = field(default_factory=list)

    def code(self):
        letters = "".join(ch for ch in self.club.upper() if ch in string.ascii_uppercase)
        return f"{letters[:3]}-{self.boat_class}"

    def disqualified(self):
        return self.false_starts > FALSE_START_LIMIT


def centre_out_lanes(lane_count=LANE_COUNT):
    middle = (lane_count + 1) / 2
    return sorted(range(1, lane_count + 1), key=lambda lane: (abs(lane - middle), lane))


def split_heats(crews, lane_count=LANE_COUNT):
    heats = []
    for start in range(0, len(crews), lane_count):
        heats.append(crews[start:start + lane_count])
    return heats


def draw_lanes(crews, seeded=True, rng=None, label="draw"):
    rng = rng or random.Random()
    ordered = sorted(crews, key=lambda crew: crew.seed) if seeded else list(crews)
    if not seeded:
        rng.shuffle(ordered)
    lanes = centre_out_lanes(len(ordered))
    return dict(zip(lanes, ordered))


class RegattaEvent:
    def __init__(self, name, boat_class, seeded=True, seed=None):
        if boat_class not in BOAT_CLASSES:
            raise ValueError("unknown boat class " + boat_class)
        self.name = name
        self.boat_class = boat_class
        self.seeded = seeded
        self.rng = random.Random(seed)
        self.entries = []
        self.heat_draws = []

    def enter(self, crew):
        if crew.boat_class != self.boat_class:
            return False
        self.entries.append(crew)
        return True

    def make_draw(self):
        self.heat_draws = []
        for heat in split_heats(self.entries):
            self.heat_draws.append(draw_lanes(heat, self.seeded, self.rng, label="heat"))
        return self.heat_draws

    def record_result(self, heat_index, lane, seconds):
        crew = self.heat_draws[heat_index][lane]
        crew.times.append(seconds)

    def record_false_start(self, heat_index, lane):
        crew = self.heat_draws[heat_index][lane]
        crew.false_starts += 1
        return crew.disqualified()

    def qualifiers(self):
        finalists = []
        for draw in self.heat_draws:
            crews = [crew for crew in draw.values() if crew.times and not crew.disqualified()]
            crews.sort(key=lambda crew: crew.times[-1])
            finalists.extend(crews[:PLACES_TO_FINAL])
        return finalists

    def final_draw(self):
        return draw_lanes(self.qualifiers()[:LANE_COUNT], True, self.rng, label="final")

    def average_speed(self, crew):
        if not crew.times:
            return 0.0
        return round(COURSE_METRES / min(crew.times), 2)

    def start_list(self):
        return [[crew.code() for crew in draw.values()] for draw in self.heat_draws]
