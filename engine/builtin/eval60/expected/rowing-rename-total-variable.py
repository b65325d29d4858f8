"""Outing log for a rowing club: crews, boats and river conditions."""

import datetime
from dataclasses import dataclass

MAX_CREW_SIZE = 8
RIVER_FLAG_LIMIT = "amber"
DEFAULT_OUTING_MINUTES = 90
FLAG_ORDER = ("green", "amber", "red", "black")


def flag_rank(flag):
    return FLAG_ORDER.index(flag.lower())


def river_is_safe(flag, novice=False):
    limit = flag_rank(RIVER_FLAG_LIMIT)
    if novice:
        limit = limit - 1
    return flag_rank(flag) <= limit


def outing_end(start, minutes=DEFAULT_OUTING_MINUTES):
    return start + datetime.timedelta(minutes=minutes)


def crew_label(names, cox=None, separator=", "):
    label = separator.join(sorted(names))
    if cox:
        label = label + " (cox: " + cox + ")"
    return label


@dataclass
class Boat:
    name: str
    seats: int
    coxed: bool = False

    def fits(self, crew_count):
        return crew_count <= self.seats


def default_fleet():
    return [Boat("Isis", 8, coxed=True), Boat("Cherwell", 4), Boat("Godstow", 1)]


class Outing:
    def __init__(self, boat, start, flag="green"):
        self.boat = boat
        self.start = start
        self.flag = flag
        self.rowers = []
        self.cox = None
        self.distance_km = 0.0

    def add_rower(self, name):
        if len(self.rowers) >= min(self.boat.seats, MAX_CREW_SIZE):
            raise ValueError("boat is full: " + self.boat.name)
        self.rowers.append(name)

    def set_cox(self, name):
        if not self.boat.coxed:
            raise ValueError("boat has no cox seat")
        self.cox = name

    def can_launch(self, novice=False):
        if not self.boat.fits(len(self.rowers)):
            return False
        if self.boat.coxed and self.cox is None:
            return False
        return river_is_safe(self.flag, novice=novice)

    def log_distance(self, km):
        self.distance_km += km
        return self.distance_km

    def summary(self):
        end = outing_end(self.start)
        crew = crew_label(self.rowers, cox=self.cox, separator=" / ")
        return "%s %s-%s %s, %.1f km" % (
            self.boat.name,
            self.start.strftime("%H:%M"),
            end.strftime("%H:%M"),
            crew,
            self.distance_km,
        )


def total_distance(outings, min_km=0.0):
    running_km = 0.0
    for outing in outings:
        if outing.distance_km >= min_km:
            running_km += outing.distance_km
    return round(running_km, 1)


def busiest_boat(outings):
    counts = {}
    for outing in outings:
        counts[outing.boat.name] = counts.get(outing.boat.name, 0) + 1
    if not counts:
        return None
    return max(counts, key=counts.get)
