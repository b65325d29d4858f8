"""Launch log and flight summaries for a weather-balloon station."""

import math
from collections import namedtuple
from datetime import datetime

BURST_ALTITUDE_M = 30000
ASCENT_RATE_MS = 5.0
HELIUM_LIFT_KG_PER_M3 = 1.02
STATION_ID = "WB-07"
MAX_WIND_KNOTS = 25

Reading = namedtuple("Reading", "seconds altitude_m temperature_c pressure_hpa")


def lift_needed(payload_kg, balloon_kg, free_lift_kg=0.3):
    return payload_kg + balloon_kg + free_lift_kg


def fill_volume(payload_kg, balloon_kg, free_lift_kg=0.3):
    gross = lift_needed(payload_kg, balloon_kg, free_lift_kg)
    return round(gross / HELIUM_LIFT_KG_PER_M3, 2)


def expected_flight_minutes(burst_altitude=BURST_ALTITUDE_M, ascent_rate=ASCENT_RATE_MS):
    return burst_altitude / ascent_rate / 60


def horizon_distance_km(altitude_m, earth_radius_km=6371.0):
    return math.sqrt(2 * earth_radius_km * altitude_m / 1000)


class Launch:
    def __init__(self, serial, launched_at, payload_kg, balloon_kg=1.2):
        self.serial = serial
        self.launched_at = launched_at
        self.payload_kg = payload_kg
        self.balloon_kg = balloon_kg
        self.readings = []
        self.burst_at = None
        self.recovered = False

    def add_reading(self, seconds, altitude_m, temperature_c, pressure_hpa):
        reading = Reading(seconds, altitude_m, temperature_c, pressure_hpa)
        self.readings.append(reading)
        if altitude_m >= BURST_ALTITUDE_M and self.burst_at is None:
            self.burst_at = seconds
        return reading

    def max_altitude(self):
        return max((r.altitude_m for r in self.readings), default=0.0)

    def mean_ascent_rate(self):
        if len(self.readings) < 2:
            return None
        first, last = self.readings[0], self.readings[-1]
        climb = last.altitude_m - first.altitude_m
        elapsed = last.seconds - first.seconds
        return climb / elapsed if elapsed else None

    def lapse_rate(self):
        if len(self.readings) < 2:
            return None
        low = self.readings[0]
        high = max(self.readings, key=lambda r: r.altitude_m)
        rise_km = (high.altitude_m - low.altitude_m) / 1000
        return (low.temperature_c - high.temperature_c) / rise_km if rise_km else None

    def helium_volume(self):
        return fill_volume(self.payload_kg, self.balloon_kg)


class LaunchLog:
    def __init__(self, station=STATION_ID):
        self.station = station
        self.launches = []

    def can_launch(self, wind_knots):
        return wind_knots <= MAX_WIND_KNOTS

    def record(self, serial, payload_kg, wind_knots, launched_at=None):
        if not self.can_launch(wind_knots):
            raise ValueError("wind is too strong to launch")
        launch = Launch(serial, launched_at or datetime.utcnow(), payload_kg)
        self.launches.append(launch)
        return launch

    def highest(self):
        if not self.launches:
            return None
        return max(self.launches, key=lambda flight: flight.max_altitude())

    def summary(self):
        lines = ["Station %s: %d launches" % (self.station, len(self.launches))]
        for launch in self.launches:
            rate = launch.mean_ascent_rate()
            rate_text = "%.1f m/s" % rate if rate is not None else "n/a"
            peak = launch.max_altitude()
            lines.append("  %s: peak %.0f m, ascent %s" % (launch.serial, peak, rate_text))
        return "\n".join(lines)

    def planned_minutes(self):
        return expected_flight_minutes() * len(self.launches)
