"""Llama trekking outfitter: herd, pack loads, trail bookings and rest stops."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

MAX_PACK_KG = 30
MIN_REST_MINUTES = 20
TRAIL_SPEED_KMH = 3.5
GUIDES_PER_GROUP = 1


class Llama:
    def __init__(self, name, weight_kg, age_years, temperament="calm"):
        self.name = name
        self.weight_kg = weight_kg
        self.age_years = age_years
        self.temperament = temperament
        self.trips_this_month = 0

    def max_load(self):
        limit = self.weight_kg * 0.2
        return min(limit, MAX_PACK_KG)

    def can_carry(self, load_kg):
        return load_kg <= self.max_load() and self.age_years >= 3

    def log_trip(self):
        self.trips_this_month += 1


@dataclass
class Trail:
    name: str
    length_km: float
    climb_m: int
    difficulty: str = "easy"


@dataclass
class Booking:
    party: str
    trail: Trail
    day: date
    hikers: int
    children: int = 0


class Herd:
    def __init__(self, farm):
        self.farm = farm
        self.llamas = []

    def add(self, llama):
        self.llamas.append(llama)

    def available(self, max_trips=8):
        return [lm for lm in self.llamas if lm.trips_this_month < max_trips]

    def strongest(self, count):
        ranked = sorted(self.llamas, key=lambda lm: lm.max_load(), reverse=True)
        return ranked[:count]


def walking_hours(trail, pace=TRAIL_SPEED_KMH):
    climb_hours = trail.climb_m / 600
    return trail.length_km / pace + climb_hours


def rest_stops(trail):
    hours = walking_hours(trail)
    stops = int(hours // 1.5)
    return max(stops, 1) if trail.difficulty != "easy" else stops


def total_rest_minutes(trail):
    return rest_stops(trail) * MIN_REST_MINUTES


def assign_llamas(herd, booking, gear_kg):
    needed_kg = gear_kg + booking.children * 4
    chosen = []
    carried = 0.0
    for llama in herd.available():
        if carried >= needed_kg:
            break
        load = min(llama.max_load(), needed_kg - carried)
        if llama.can_carry(load):
            chosen.append(llama)
            carried += load
    if carried < needed_kg:
        raise ValueError(f"not enough llamas for {booking.party}")
    for llama in chosen:
        llama.log_trip()
    return chosen


def guides_needed(booking):
    groups = (booking.hikers + 7) // 8
    return max(groups * GUIDES_PER_GROUP, 1)


def trip_plan(herd, booking, gear_kg):
    llamas = assign_llamas(herd, booking, gear_kg)
    hours = walking_hours(booking.trail)
    return {
        "party": booking.party,
        "trail": booking.trail.name,
        "llamas": [lm.name for lm in llamas],
        "guides": guides_needed(booking),
        "hours": round(hours + total_rest_minutes(booking.trail) / 60, 1),
    }


def upcoming(bookings, today, days_ahead=14):
    horizon = today + timedelta(days=days_ahead)
    return sorted((b for b in bookings if today <= b.day <= horizon), key=lambda b: b.day)


def sample_herd():
    herd = Herd("Cloudberry Farm")
    herd.add(Llama("Pablo", 160, 6))
    herd.add(Llama("Dolly", 140, 4, temperament="curious"))
    herd.add(Llama("Kuzco", 175, 2))
    return herd
