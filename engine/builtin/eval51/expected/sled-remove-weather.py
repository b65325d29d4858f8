"""Team selection and run logging for a dog-sled kennel."""

import csv
import random
from collections import defaultdict

MAX_TEAM_SIZE = 12
POSITIONS = ("lead", "swing", "team", "wheel")
RETIREMENT_AGE = 10
DAILY_DISTANCE_CAP_KM = 80


class SledDog:
    def __init__(self, name, age, position="team", weight_kg=24.0):
        self.name = name
        self.age = age
        self.position = position
        self.weight_kg = weight_kg
        self.distance_log = []
        self.injured = False

    def total_distance(self):
        return sum(self.distance_log)

    def can_run(self, distance_km):
        if self.injured or self.age >= RETIREMENT_AGE:
            return False
        return distance_km <= DAILY_DISTANCE_CAP_KM

    def mark_injured(self):
        self.injured = True


class Team:
    def __init__(self, musher, dogs=None):
        self.musher = musher
        self.dogs = list(dogs or [])
        self.runs = []

    def add_dog(self, dog):
        if len(self.dogs) >= MAX_TEAM_SIZE:
            raise ValueError("team is full")
        self.dogs.append(dog)

    def leaders(self):
        return [d for d in self.dogs if d.position == "lead"]

    def record_run(self, distance_km, trail="forest loop"):
        for dog in self.dogs:
            dog.distance_log.append(distance_km)
        self.runs.append((trail, distance_km))
        return len(self.runs)

    def total_weight(self):
        return sum(d.weight_kg for d in self.dogs)


def load_dogs(path, delimiter=","):
    dogs = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            dogs.append(SledDog(row["name"], int(row["age"]), row.get("position", "team")))
    return dogs


def pick_team(dogs, distance_km, size=8, seed=None):
    fit = [d for d in dogs if d.can_run(distance_km)]
    leads = [d for d in fit if d.position == "lead"]
    if not leads:
        raise ValueError("no fit lead dog available")
    rng = random.Random(seed)
    others = [d for d in fit if d is not leads[0]]
    rng.shuffle(others)
    chosen = [leads[0]] + others[: size - 1]
    return chosen[:MAX_TEAM_SIZE]


def build_team(musher, dogs, distance_km, size=8):
    team = Team(musher)
    for dog in pick_team(dogs, distance_km, size=size):
        team.add_dog(dog)
    return team


def position_counts(team):
    counts = defaultdict(int)
    for dog in team.dogs:
        counts[dog.position] += 1
    return {p: counts[p] for p in POSITIONS}


def kennel_summary(dogs, min_distance=0):
    active = [d for d in dogs if d.total_distance() >= min_distance]
    retired = [d for d in dogs if d.age >= RETIREMENT_AGE]
    injured = [d for d in dogs if d.injured]
    return {"active": len(active), "retired": len(retired), "injured": len(injured)}
