"""Cave survey reductions: survey legs, station coordinates, loop closure and passage notes."""

import csv
import math
from collections import defaultdict
from dataclasses import dataclass

DECLINATION_DEG = -1.8
TAPE_ERROR_M = 0.05
MAX_CLOSURE_RATIO = 0.02
DEFAULT_ENTRANCE = "E0"


@dataclass
class Leg:
    start: str
    end: str
    length_m: float
    bearing_deg: float
    inclination_deg: float = 0.0
    splay: bool = False


def leg_vector(leg, declination=DECLINATION_DEG):
    bearing = math.radians(leg.bearing_deg + declination)
    incl = math.radians(leg.inclination_deg)
    horizontal = leg.length_m * math.cos(incl)
    east = horizontal * math.sin(bearing)
    north = horizontal * math.cos(bearing)
    return east, north, leg.length_m * math.sin(incl)


class Survey:
    def __init__(self, cave, team):
        self.cave = cave
        self.team = team
        self.legs = []
        self.notes = defaultdict(list)

    def add_leg(self, leg):
        if leg.length_m <= 0:
            raise ValueError(f"leg {leg.start}-{leg.end} has no length")
        self.legs.append(leg)

    def survey_legs(self):
        return [leg for leg in self.legs if not leg.splay]

    def total_length(self):
        return round(sum(leg.length_m for leg in self.survey_legs()), 2)

    def note(self, station, text):
        self.notes[station].append(text)

    def stations(self):
        names = set()
        for leg in self.survey_legs():
            names.add(leg.start)
            names.add(leg.end)
        return sorted(names)


def reduce_survey(survey, entrance=DEFAULT_ENTRANCE):
    coords = {entrance: (0.0, 0.0, 0.0)}
    pending = list(survey.survey_legs())
    while pending:
        progressed = False
        for leg in list(pending):
            if leg.start in coords:
                x, y, z = coords[leg.start]
                dx, dy, dz = leg_vector(leg)
                coords[leg.end] = (x + dx, y + dy, z + dz)
                pending.remove(leg)
                progressed = True
        if not progressed:
            break
    print(f"reduced {len(coords)} stations")
    return coords


def depth_range(coords):
    depths = [c[2] for c in coords.values()]
    return round(max(depths) - min(depths), 1)


def closure_error(coords_a, coords_b):
    return math.dist(coords_a, coords_b)


def closure_acceptable(error_m, loop_length_m, ratio=MAX_CLOSURE_RATIO):
    if loop_length_m == 0:
        return False
    return error_m / loop_length_m <= ratio


def parse_leg(line, units="m"):
    parts = line.split()
    length = float(parts[2])
    if units == "ft":
        length *= 0.3048
    incl = float(parts[4]) if len(parts) > 4 else 0.0
    return Leg(parts[0], parts[1], length, float(parts[3]), incl, splay=parts[1] == "-")


def load_legs(survey, path):
    count = 0
    with open(path, encoding="ascii") as fh:
        for line in fh:
            if line.startswith(";") or not line.strip():
                continue
            survey.add_leg(parse_leg(line))
            count += 1
    return count


def station_report(coords, precision=2):
    lines = []
    for name in sorted(coords):
        x, y, z = coords[name]
        lines.append(f"{name:<6} {x:9.{precision}f} {y:9.{precision}f} {z:8.{precision}f}")
    return "\n".join(lines)


def deepest_station(coords, entrance):
    return min(coords, key=lambda name: coords[name][2])
