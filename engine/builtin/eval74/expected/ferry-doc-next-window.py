"""A ferryman's tide table: crossing windows, slipway depth and fares."""

import csv
from datetime import datetime, timedelta

MIN_DEPTH_M = 0.9
SLIPWAY_HEIGHT_M = 1.4
TIDAL_PERIOD_HOURS = 12.42
ADULT_FARE = 3.5
CHILD_FARE = 1.5
BOAT_CAPACITY = 12


def depth_at_slip(tide_height_m, slip_height=SLIPWAY_HEIGHT_M):
    return round(tide_height_m - slip_height, 2)


def can_cross(tide_height_m, minimum=MIN_DEPTH_M, slip_height=SLIPWAY_HEIGHT_M):
    return depth_at_slip(tide_height_m, slip_height=slip_height) >= minimum


def load_tides(path, station="quay"):
    readings = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            when = datetime.fromisoformat(row["time"])
            readings.append((when, float(row["height"])))
    readings.sort()
    return readings


def crossing_windows(readings, minimum=MIN_DEPTH_M):
    windows = []
    start = None
    for when, height in readings:
        if can_cross(height, minimum=minimum):
            if start is None:
                start = when
        elif start is not None:
            windows.append((start, when))
            start = None
    if start is not None:
        windows.append((start, readings[-1][0]))
    return windows


class Crossing:
    def __init__(self, departs, adults=0, children=0):
        self.departs = departs
        self.adults = adults
        self.children = children
        self.dogs = 0

    def passengers(self):
        return self.adults + self.children

    def takings(self):
        return self.adults * ADULT_FARE + self.children * CHILD_FARE


class FerryDay:
    def __init__(self, ferryman, readings):
        self.ferryman = ferryman
        self.readings = readings
        self.windows = crossing_windows(readings)
        self.crossings = []

    def is_open(self, when):
        for start, end in self.windows:
            if start <= when <= end:
                return True
        return False

    def log_crossing(self, departs, adults=0, children=0):
        if not self.is_open(departs):
            raise ValueError(f"no water at the slip at {departs:%H:%M}")
        crossing = Crossing(departs, adults, children)
        if crossing.passengers() > BOAT_CAPACITY:
            raise ValueError("too many for the boat")
        self.crossings.append(crossing)
        return crossing

    def next_window(self, after):
        """Return the next open window after a time, or None."""
        for start, end in self.windows:
            if end > after:
                return max(start, after), end
        return None

    def takings(self):
        return round(sum(c.takings() for c in self.crossings), 2)

    def notice(self, after):
        window = self.next_window(after)
        if window is None:
            return f"{self.ferryman}: no more crossings today"
        start, end = window
        last_boat = end - timedelta(minutes=15)
        return f"{self.ferryman}: crossing from {start:%H:%M}, last boat {last_boat:%H:%M}"


def day_from_file(path, ferryman="Ned", station="quay"):
    readings = load_tides(path, station=station)
    return FerryDay(ferryman, readings)
