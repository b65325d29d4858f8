"""Car allocation and safety checks for a two-car funicular railway."""

import logging
import time
from enum import Enum

logger = logging.getLogger("funicular")

TRACK_LENGTH_M = 310
CRUISE_SPEED_MS = 4.0
CAR_CAPACITY = 60
BRAKE_TEST_INTERVAL = 50
DOOR_DWELL_SECONDS = 25


class Station(Enum):
    LOWER = "lower"
    UPPER = "upper"


class Car:
    def __init__(self, name, station, capacity=CAR_CAPACITY):
        self.name = name
        self.station = station
        self.capacity = capacity
        self.passengers = 0
        self.trips_since_test = 0
        self.doors_open = False

    def board(self, count):
        room = self.capacity - self.passengers
        taken = min(room, count)
        self.passengers += taken
        return count - taken

    def alight_all(self):
        leaving = self.passengers
        self.passengers = 0
        return leaving

    def close_doors(self):
        self.doors_open = False

    def brake_test_due(self):
        return self.trips_since_test >= BRAKE_TEST_INTERVAL


class Funicular:
    def __init__(self, first, second):
        self.cars = (first, second)
        self.trip_count = 0
        self.out_of_service = False
        self.last_departure = None

    def opposite(self, car):
        return self.cars[1] if car is self.cars[0] else self.cars[0]

    def run_trip(self):
        if self.out_of_service:
            raise RuntimeError("line is closed")
        for car in self.cars:
            car.close_doors()
            car.trips_since_test += 1
        self.last_departure = time.monotonic()
        for car in self.cars:
            car.station = Station.UPPER if car.station is Station.LOWER else Station.LOWER
        self.trip_count += 1
        return trip_seconds()

    def car_at(self, station):
        for car in self.cars:
            if car.station is station:
                return car
        raise LookupError(f"no car at {station.value}")


def trip_seconds(speed=CRUISE_SPEED_MS, ramp_seconds=12):
    return round(TRACK_LENGTH_M / speed + ramp_seconds)


def hourly_throughput(dwell=DOOR_DWELL_SECONDS):
    cycle = trip_seconds() + dwell
    trips = 3600 // cycle
    return int(trips * CAR_CAPACITY * 2)


def serve_queue(line, lower_queue, upper_queue, max_trips=10):
    trips = 0
    while (lower_queue or upper_queue) and trips < max_trips:
        lower_car = line.car_at(Station.LOWER)
        upper_car = line.opposite(lower_car)
        lower_car.alight_all()
        upper_car.alight_all()
        lower_queue = lower_car.board(lower_queue)
        upper_queue = upper_car.board(upper_queue)
        line.run_trip()
        trips += 1
        if any(car.brake_test_due() for car in line.cars):
            logger.warning("brake test due after %d trips", line.trip_count)
            line.out_of_service = True
            break
    return lower_queue, upper_queue
