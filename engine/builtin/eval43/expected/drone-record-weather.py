"""Flight planning and the daily log for a drone survey company."""

import math
from datetime import datetime, timedelta

BATTERY_MINUTES = 27
RESERVE_FRACTION = 0.2
MAX_ALTITUDE_M = 120
CRUISE_SPEED_MS = 11.0
OVERLAP = 0.75
CAMERA_FOV_DEG = 84


def footprint_width(altitude_m, fov_deg=CAMERA_FOV_DEG):
    half_angle = math.radians(fov_deg / 2)
    return 2 * altitude_m * math.tan(half_angle)


def survey_legs(width_m, altitude_m, overlap=OVERLAP):
    spacing = footprint_width(altitude_m) * (1 - overlap)
    return max(1, math.ceil(width_m / spacing))


def flight_minutes(width_m, length_m, altitude_m, speed_ms=CRUISE_SPEED_MS, turn_seconds=8):
    legs = survey_legs(width_m, altitude_m)
    distance = legs * length_m
    seconds = distance / speed_ms + (legs - 1) * turn_seconds
    return seconds / 60


def plan_day(flights, start, crew_size=2):
    schedule = []
    clock = start
    for flight in flights:
        minutes = flight_minutes(flight.width_m, flight.length_m, flight.altitude_m, turn_seconds=10)
        schedule.append((clock, flight.site, flight.batteries_needed()))
        clock += timedelta(minutes=minutes + 20)
    return schedule


def day_sheet(flights, start):
    rows = []
    for when, site, batteries in plan_day(flights, start, crew_size=3):
        rows.append(f"{when:%H:%M}  {site:<20} {batteries} batt")
    return "\n".join(rows)


class SurveyFlight:
    def __init__(self, site, pilot, width_m, length_m, altitude_m=90):
        if altitude_m > MAX_ALTITUDE_M:
            raise ValueError("altitude above the legal ceiling")
        self.site = site
        self.pilot = pilot
        self.width_m = width_m
        self.length_m = length_m
        self.altitude_m = altitude_m
        self.batteries_used = 0
        self.started_at = None
        self.images = 0

    def usable_minutes(self):
        return BATTERY_MINUTES * (1 - RESERVE_FRACTION)

    def batteries_needed(self):
        minutes = flight_minutes(self.width_m, self.length_m, self.altitude_m)
        return math.ceil(minutes / self.usable_minutes())

    def launch(self, when=None):
        self.started_at = when or datetime.now()
        self.batteries_used += 1

    def swap_battery(self):
        self.batteries_used += 1
        return self.batteries_used

    def expected_landing(self):
        if self.started_at is None:
            raise RuntimeError("flight has not launched")
        minutes = flight_minutes(self.width_m, self.length_m, self.altitude_m)
        return self.started_at + timedelta(minutes=minutes)


class FlightLog:
    def __init__(self, operator):
        self.operator = operator
        self.entries = []

    def record(self, flight, images, notes="", weather=None):
        flight.images = images
        self.entries.append(
            {"site": flight.site, "pilot": flight.pilot, "images": images, "notes": notes}
        )

    def images_for(self, pilot):
        return sum(e["images"] for e in self.entries if e["pilot"] == pilot)

    def busiest_site(self):
        tally = {}
        for entry in self.entries:
            tally[entry["site"]] = tally.get(entry["site"], 0) + 1
        if not tally:
            return None
        return max(tally, key=tally.get)
