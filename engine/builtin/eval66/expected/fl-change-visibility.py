"""Watch shifts and smoke sightings logged at the fire lookout tower."""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

TOWER_NAME = "Bald Knob"
SHIFT_HOURS = 6
HANDOVER_MINUTES = 15
VISIBILITY_KM = 35.0
DANGER_LEVELS = ("low", "moderate", "high", "extreme")


def bearing_to_compass(bearing):
    points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    index = int((bearing % 360) / 45 + 0.5) % 8
    return points[index]


def distance_km(bearing_a, bearing_b, baseline_km=12.0):
    angle = math.radians(abs(bearing_a - bearing_b) % 180)
    if angle == 0:
        return None
    distance = baseline_km / math.sin(angle)
    if distance > VISIBILITY_KM:
        return None
    return round(distance, 1)


def danger_rating(temperature_c, humidity_pct, wind_kph=0.0):
    score = temperature_c * 0.5 - humidity_pct * 0.3 + wind_kph * 0.4
    if score < 5:
        return DANGER_LEVELS[0]
    if score < 12:
        return DANGER_LEVELS[1]
    if score < 20:
        return DANGER_LEVELS[2]
    return DANGER_LEVELS[3]


@dataclass
class Sighting:
    seen_at: datetime
    bearing: float
    kind: str = "smoke"
    cross_bearing: float = None

    def direction(self):
        return bearing_to_compass(self.bearing)

    def estimated_distance(self, baseline_km=12.0):
        if self.cross_bearing is None:
            return None
        return distance_km(self.bearing, self.cross_bearing, baseline_km=baseline_km)


class WatchShift:
    def __init__(self, lookout, starts_at, hours=SHIFT_HOURS):
        self.lookout = lookout
        self.starts_at = starts_at
        self.ends_at = starts_at + timedelta(hours=hours)
        self.sightings = []
        self.radio_checks = 0

    def covers(self, moment):
        return self.starts_at <= moment < self.ends_at

    def log_sighting(self, bearing, kind="smoke", cross_bearing=None, seen_at=None):
        seen_at = seen_at or self.starts_at
        if not self.covers(seen_at):
            raise ValueError(f"{seen_at} is outside the shift of {self.lookout}")
        sighting = Sighting(seen_at, bearing, kind, cross_bearing)
        self.sightings.append(sighting)
        return sighting

    def radio_check(self):
        self.radio_checks += 1
        return self.radio_checks

    def handover_note(self, rating="low"):
        lines = [f"{TOWER_NAME} - {self.lookout} until {self.ends_at:%H:%M}"]
        lines.append(f"Fire danger: {rating}")
        for sighting in self.sightings:
            where = sighting.direction()
            far = sighting.estimated_distance()
            distance_text = f"{far} km" if far is not None else "unknown range"
            lines.append(f"  {sighting.kind} {where} ({distance_text})")
        lines.append(f"Radio checks: {self.radio_checks}")
        return "\n".join(lines)


def plan_rota(lookouts, first_start, shifts=4):
    rota = []
    start = first_start
    for number in range(shifts):
        lookout = lookouts[number % len(lookouts)]
        rota.append(WatchShift(lookout, start))
        start = start + timedelta(hours=SHIFT_HOURS) - timedelta(minutes=HANDOVER_MINUTES)
    return rota
