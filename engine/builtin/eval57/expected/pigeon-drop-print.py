"""Race points, clock times and velocities for a pigeon-post club."""

import math
from datetime import datetime

EARTH_RADIUS_KM = 6371.0
YARDS_PER_KM = 1093.61
MIN_BIRDS_FOR_POINTS = 3
POINTS_TABLE = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
CLOCK_FORMAT = "%Y-%m-%d %H:%M:%S"


def distance_km(loft, liberation):
    lat1, lon1 = map(math.radians, loft)
    lat2, lon2 = map(math.radians, liberation)
    dlat = lat2 - lat1
    dlon = lon2 - lon1
    a = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(a))


def velocity_ypm(distance, liberated, clocked):
    minutes = (clocked - liberated).total_seconds() / 60
    if minutes <= 0:
        raise ValueError("clock time is before liberation")
    return distance * YARDS_PER_KM / minutes


def parse_clock(text, fmt=CLOCK_FORMAT, tz_name=None):
    return datetime.strptime(text.strip(), fmt)


def points_for(position, entries, table=POINTS_TABLE):
    if entries < MIN_BIRDS_FOR_POINTS or position > len(table):
        return 0
    return table[position - 1]


def read_clock_sheet(path):
    entries = []
    with open(path, encoding="utf-8") as sheet:
        for line in sheet:
            if not line.strip():
                continue
            ring, stamp = line.split(",", 1)
            entries.append((ring.strip(), parse_clock(stamp)))
    return entries


class Loft:
    def __init__(self, name, owner, location):
        self.name = name
        self.owner = owner
        self.location = location
        self.birds = {}

    def register(self, ring, colour="blue bar"):
        if ring in self.birds:
            raise ValueError(f"ring {ring} already registered")
        self.birds[ring] = colour

    def has_bird(self, ring):
        return ring in self.birds


class Race:
    def __init__(self, point, liberation, liberated_at):
        self.point = point
        self.liberation = liberation
        self.liberated_at = liberated_at
        self.arrivals = []
        self.disqualified = set()

    def clock_in(self, loft, ring, clock_text):
        if not loft.has_bird(ring):
            raise KeyError(f"{ring} is not in {loft.name}")
        clocked = parse_clock(clock_text, tz_name="Europe/London")
        distance = distance_km(loft.location, self.liberation)
        speed = velocity_ypm(distance, self.liberated_at, clocked)
        self.arrivals.append((speed, loft.name, ring))
        return speed

    def disqualify(self, ring, reason="late clock check"):
        self.disqualified.add(ring)
        return f"{ring} disqualified: {reason}"

    def result(self, top=10):
        valid = [entry for entry in self.arrivals if entry[2] not in self.disqualified]
        ranked = sorted(valid, reverse=True)[:top]
        return [
            (position, loft_name, ring, round(speed, 3), points_for(position, len(valid)))
            for position, (speed, loft_name, ring) in enumerate(ranked, start=1)
        ]


def season_table(races):
    totals = {}
    for race in races:
        for _position, loft_name, _ring, _speed, points in race.result():
            totals[loft_name] = totals.get(loft_name, 0) + points
    return sorted(totals.items(), key=lambda item: item[1], reverse=True)
