"""Bookings and rider rota for a city-centre cycle rickshaw tour firm."""

import math
from datetime import datetime, timedelta

BASE_FARE = 12.50
PER_KM_RATE = 3.20
MAX_PASSENGERS = 2
RIDER_SHIFT_HOURS = 7
TOUR_ROUTES = {
    "old_town": 4.2,
    "riverside": 6.8,
    "markets": 3.5,
}


class Rickshaw:
    def __init__(self, plate, seats=MAX_PASSENGERS):
        self.plate = plate
        self.seats = seats
        self.odometer_km = 0.0
        self.in_service = True

    def log_trip(self, distance_km):
        if not self.in_service:
            raise RuntimeError(f"rickshaw {self.plate} is off the road")
        self.odometer_km += distance_km
        return self.odometer_km

    def needs_service(self, interval_km=500):
        return self.odometer_km >= interval_km


class Rider:
    def __init__(self, name, licence_no):
        self.name = name
        self.licence_no = licence_no
        self.shift_start = None
        self.tours_today = []

    def start_shift(self, when=None):
        self.shift_start = when or datetime.now()

    def hours_left(self, now):
        if self.shift_start is None:
            return 0.0
        worked = (now - self.shift_start).total_seconds() / 3600
        return max(0.0, RIDER_SHIFT_HOURS - worked)

    def can_take(self, tour_minutes, now):
        return self.hours_left(now) * 60 >= tour_minutes


def quote_fare(route, passengers=1, night=False, currency="GBP"):
    distance = TOUR_ROUTES[route]
    if passengers > MAX_PASSENGERS:
        raise ValueError("too many passengers for one rickshaw")
    fare = BASE_FARE + distance * PER_KM_RATE
    if night:
        fare *= 1.25
    return round(fare, 2)


def tour_duration(route, pace_kmh=9.0, stop_minutes=10):
    distance = TOUR_ROUTES[route]
    riding = distance / pace_kmh * 60
    stops = math.ceil(distance / 2) * stop_minutes
    return int(riding + stops)


def book_tour(rider, rickshaw, route, passengers, start, night=False):
    minutes = tour_duration(route)
    if not rider.can_take(minutes, start):
        return None
    if passengers > rickshaw.seats:
        return None
    price = quote_fare(route, passengers, night=night, currency="GBP")
    rickshaw.log_trip(TOUR_ROUTES[route])
    booking = {
        "rider": rider.name,
        "plate": rickshaw.plate,
        "route": route,
        "start": start,
        "end": start + timedelta(minutes=minutes),
        "price": price,
    }
    rider.tours_today.append(booking)
    return booking


def daily_takings(riders, tip_share=0.0):
    total = 0.0
    for rider in riders:
        for booking in rider.tours_today:
            total += booking["price"]
    return round(total * (1 + tip_share), 2)
