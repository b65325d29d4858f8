"""Bookings for a sheep-shearing gang touring farms through the season."""

import math
from collections import namedtuple
from dataclasses import dataclass, field
from datetime import date, timedelta

SHEEP_PER_SHEARER_DAY = 180
RATE_PER_HEAD = 2.35
TRAVEL_RATE_PER_KM = 0.6
MIN_BOOKING_HEAD = 40
WET_WEATHER_FEE = 50.0


Farm = namedtuple("Farm", "name distance_km flock_size contact", defaults=("",))


@dataclass
class Booking:
    farm: Farm
    start: date
    shearers: int = 2
    confirmed: bool = False
    notes: list = field(default_factory=list)

    def days_needed(self):
        per_day = self.shearers * SHEEP_PER_SHEARER_DAY
        return max(1, math.ceil(self.farm.flock_size / per_day))

    def end_date(self):
        return self.start + timedelta(days=self.days_needed() - 1)


def shearing_cost(flock_size, rate=RATE_PER_HEAD, crutching=False):
    cost = flock_size * rate
    if crutching:
        cost += flock_size * 0.4
    return round(cost, 2)


def travel_cost(distance_km: float, return_trip: bool = True, rate: float = TRAVEL_RATE_PER_KM) -> float:
    km = distance_km * 2 if return_trip else distance_km
    return round(km * rate, 2)


def quote(farm, crutching=False, wet_days=0):
    total = shearing_cost(farm.flock_size, crutching=crutching)
    total += travel_cost(farm.distance_km)
    total += wet_days * WET_WEATHER_FEE
    return round(total, 2)


class GangDiary:
    def __init__(self, gang_name, shearers=4):
        self.gang_name = gang_name
        self.shearers = shearers
        self.bookings = []

    def overlaps(self, start, end):
        for booking in self.bookings:
            if start <= booking.end_date() and booking.start <= end:
                return booking
        return None

    def book(self, farm, start, shearers=2):
        if farm.flock_size < MIN_BOOKING_HEAD:
            raise ValueError(f"{farm.name}: flock too small to book")
        booking = Booking(farm, start, shearers=min(shearers, self.shearers))
        clash = self.overlaps(booking.start, booking.end_date())
        if clash is not None:
            booking.notes.append(f"clashes with {clash.farm.name}")
            return None
        self.bookings.append(booking)
        return booking

    def confirm(self, farm_name):
        for booking in self.bookings:
            if booking.farm.name == farm_name:
                booking.confirmed = True
                return booking
        raise KeyError(farm_name)

    def season_income(self, crutching_farms=()):
        income = 0.0
        for booking in self.bookings:
            if not booking.confirmed:
                continue
            income += quote(booking.farm, crutching=booking.farm.name in crutching_farms)
        return round(income, 2)

    def next_free_day(self, after):
        day = after
        while any(b.start <= day <= b.end_date() for b in self.bookings):
            day += timedelta(days=1)
        return day
