"""Callout log for a fell-rescue team: pagers, hill parties and hours on the hill."""

import itertools
from dataclasses import dataclass
from datetime import datetime, timedelta

BASE_GRID = (3400, 5020)
PAGER_CODES = {"A": "full team", "B": "hill party", "C": "standby"}
MIN_PARTY_SIZE = 4
DARK_HOUR = 18
MAX_HILL_HOURS = 10

_callout_numbers = itertools.count(1)


def grid_distance(a, b):
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 / 10


def walk_in_minutes(km, climb_m=0, pace_kmh=4.0):
    minutes = km / pace_kmh * 60 + climb_m / 10
    return int(round(minutes))


def needs_lights(start, expected_minutes, dark_hour=DARK_HOUR):
    finish = start + timedelta(minutes=expected_minutes)
    return finish.hour >= dark_hour or finish.date() > start.date()


def page_code(casualties, weather_bad=False):
    if casualties > 1 or weather_bad:
        return "A"
    return "B" if casualties == 1 else "C"


@dataclass
class TeamMember:
    name: str
    callsign: str
    medic: bool = False
    hours: float = 0.0


def member_from_line(line):
    name, callsign, medic = (part.strip() for part in line.split(","))
    return TeamMember(name, callsign, medic=medic.lower() == "yes")


class Callout:
    def __init__(self, location, casualties, paged_at, weather_bad=False):
        self.number = next(_callout_numbers)
        self.location = location
        self.casualties = casualties
        self.paged_at = paged_at
        self.code = page_code(casualties, weather_bad=weather_bad)
        self.party = []
        self.stood_down = None

    def describe(self):
        return f"Callout {self.number}: {PAGER_CODES[self.code]} for {self.casualties} casualties"

    def join(self, member):
        if member not in self.party:
            self.party.append(member)

    def has_medic(self):
        return any(member.medic for member in self.party)

    def ready_to_deploy(self):
        return len(self.party) >= MIN_PARTY_SIZE and self.has_medic()

    def plan(self):
        km = grid_distance(BASE_GRID, self.location)
        minutes = walk_in_minutes(km, climb_m=400, pace_kmh=3.5)
        return minutes, needs_lights(self.paged_at, minutes * 2)

    def stand_down(self, when):
        self.stood_down = when
        hours = min((when - self.paged_at).total_seconds() / 3600, MAX_HILL_HOURS)
        for member in self.party:
            member.hours += hours
        return hours


class TeamLog:
    def __init__(self, team):
        self.team = team
        self.callouts = []

    def open_callout(self, location, casualties, paged_at=None, weather_bad=False):
        callout = Callout(location, casualties, paged_at or datetime.now(), weather_bad=weather_bad)
        self.callouts.append(callout)
        self.callouts.sort(key=lambda c: c.paged_at)
        return callout

    def busiest_members(self, top=3):
        totals = {}
        for callout in self.callouts:
            for member in callout.party:
                totals[member.name] = member.hours
        ranked = sorted(totals.items(), key=lambda item: item[1], reverse=True)
        return ranked[:top]

    def medic_gaps(self):
        return [callout.number for callout in self.callouts if not callout.has_medic()]
