"""A controller for a single elevator car: calls, stops and a simple sweep."""

import json
import logging
from collections import deque
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

logger = logging.getLogger(__name__)

DOOR_OPEN_SECONDS = 4
SECONDS_PER_FLOOR = 2.5
MAX_LOAD_KG = 630


class Direction(Enum):
    UP = "up"
    DOWN = "down"
    IDLE = "idle"


class OverloadError(RuntimeError):
    pass


@dataclass
class Request:
    floor: int
    direction: Direction = Direction.IDLE
    from_cabin: bool = False


@dataclass
class Car:
    lowest: int
    highest: int
    floor: int = 0
    direction: Direction = Direction.IDLE
    load_kg: float = 0.0
    stops: set[int] = field(default_factory=set)

    def board(self, weight_kg):
        if self.load_kg + weight_kg > MAX_LOAD_KG:
            raise OverloadError(f"car would carry {self.load_kg + weight_kg:.0f} kg")
        self.load_kg += weight_kg

    def step(self):
        if self.direction is Direction.UP:
            self.floor += 1
        elif self.direction is Direction.DOWN:
            self.floor -= 1
        return self.floor


class Controller:
    def __init__(self, car, name="A"):
        self.car = car
        self.name = name
        self.pending = deque()
        self.travelled = 0

    def call(self, floor, direction=Direction.IDLE, from_cabin=False):
        if not self.car.lowest <= floor <= self.car.highest:
            raise ValueError(f"floor {floor} is not served by car {self.name}")
        self.pending.append(Request(floor, direction, from_cabin))
        self.car.stops.add(floor)

    def choose_direction(self):
        """Keep going the current way while there are stops ahead, else turn around."""
        if not self.car.stops:
            return Direction.IDLE
        above = [stop for stop in self.car.stops if stop > self.car.floor]
        below = [stop for stop in self.car.stops if stop < self.car.floor]
        if self.car.direction is Direction.UP and above:
            return Direction.UP
        if self.car.direction is Direction.DOWN and below:
            return Direction.DOWN
        return Direction.UP if above else Direction.DOWN if below else Direction.IDLE

    def tick(self):
        if self.car.floor in self.car.stops:
            self.car.stops.discard(self.car.floor)
            self.pending = deque(r for r in self.pending if r.floor != self.car.floor)
            logger.info("car %s stops at floor %d", self.name, self.car.floor)
            return "open"
        self.car.direction = self.choose_direction()
        if self.car.direction is Direction.IDLE:
            return "idle"
        self.car.step()
        self.travelled += 1
        return "moving"

    def run(self, max_ticks=100):
        log = []
        for _ in range(max_ticks):
            state = self.tick()
            log.append((self.car.floor, state))
            if state == "idle":
                break
        return log


def make_controller(lowest, highest, name="A"):
    return Controller(Car(lowest, highest), name)


def board_passengers(car, weights):
    boarded = 0
    for weight in weights:
        car.board(weight)
        boarded += 1
    return boarded


def travel_time(floors, stops, door_seconds=DOOR_OPEN_SECONDS):
    return floors * SECONDS_PER_FLOOR + stops * door_seconds


def summary(controller):
    car = controller.car
    return {
        "car": controller.name,
        "floor": car.floor,
        "load_kg": round(car.load_kg, 1),
        "travelled": controller.travelled,
    }


def save_summary(controller, path):
    Path(path).write_text(json.dumps(summary(controller), indent=2), encoding="utf-8")
