"""Observing sessions for a stargazing society: sky conditions, targets and attendance."""

import csv
import math
from datetime import datetime, timedelta

BORTLE_LIMIT = 5
MIN_MOON_DISTANCE_DEG = 30
SESSION_HOURS = 3
SEEING_SCALE = ("poor", "fair", "good", "excellent")


def seeing_index(label):
    return SEEING_SCALE.index(label.strip().lower())


def sky_is_usable(cloud_percent, seeing="fair", bortle=4):
    if bortle > BORTLE_LIMIT:
        return False
    if cloud_percent > 40:
        return False
    return seeing_index(seeing) >= 1


def pick_targets(catalogue, moon_distances, limit=5, season=None):
    chosen = []
    for name in catalogue:
        if moon_distances.get(name, 180) < MIN_MOON_DISTANCE_DEG:
            continue
        chosen.append(name)
        if len(chosen) == limit:
            break
    return chosen


def read_attendance(path, site="Hilltop"):
    names = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if row.get("site", site) == site:
                names.append(row["member"])
    return names


class Telescope:
    def __init__(self, name, aperture_mm, owner="society"):
        self.name = name
        self.aperture_mm = aperture_mm
        self.owner = owner
        self.collimated = True

    def limiting_magnitude(self):
        return round(2.7 + 5 * math.log10(self.aperture_mm), 1)

    def needs_collimation(self):
        self.collimated = False


class Session:
    def __init__(self, starts, site="Hilltop", max_targets=6):
        self.starts = starts
        self.site = site
        self.max_targets = max_targets
        self.scopes = []
        self.attendees = []
        self.targets = []
        self.notes = []

    def ends(self):
        return self.starts + timedelta(hours=SESSION_HOURS)

    def bring(self, telescope):
        if not telescope.collimated:
            self.notes.append("collimate " + telescope.name + " before use")
        self.scopes.append(telescope)

    def plan(self, catalogue, moon_distances):
        self.targets = pick_targets(catalogue, moon_distances, limit=self.max_targets, season="winter")
        return self.targets

    def sign_in(self, member):
        if member in self.attendees:
            return False
        self.attendees.append(member)
        return True

    def go_ahead(self, cloud_percent, seeing="fair"):
        usable = sky_is_usable(cloud_percent, seeing=seeing)
        if not usable:
            self.notes.append("called off at " + datetime.now().strftime("%H:%M"))
        return usable

    def report(self):
        largest = max((scope.aperture_mm for scope in self.scopes), default=0)
        return {
            "site": self.site,
            "start": self.starts.isoformat(),
            "attendees": len(self.attendees),
            "targets": list(self.targets),
            "largest_aperture": largest,
        }
