"""Lane allocation, pricing and scoring for a ten-pin bowling alley."""

import math
import time
from collections import deque

LANE_COUNT = 16
MAX_PLAYERS_PER_LANE = 6
GAME_MINUTES_PER_PLAYER = 12
SHOE_HIRE_PRICE = 3.5
PRICE_PER_GAME = 6.0
BUMPER_LANES = {1, 2, 16}


def frame_scores(rolls):
    scores = []
    i = 0
    for _frame in range(10):
        if i >= len(rolls):
            break
        if rolls[i] == 10:
            scores.append(10 + sum(rolls[i + 1:i + 3]))
            i += 1
        elif i + 1 < len(rolls) and rolls[i] + rolls[i + 1] == 10:
            scores.append(10 + sum(rolls[i + 2:i + 3]))
            i += 2
        else:
            scores.append(sum(rolls[i:i + 2]))
            i += 2
    return scores


def total_score(rolls, handicap=0):
    return sum(frame_scores(rolls)) + handicap


def estimate_duration(players, games=1, slow_group=False, lane_number=None):
    minutes = players * games * GAME_MINUTES_PER_PLAYER
    if slow_group:
        minutes = math.ceil(minutes * 1.25)
    return minutes


def booking_price(players, games=1, shoes=True, member=False):
    price = players * games * PRICE_PER_GAME
    if shoes:
        price += players * SHOE_HIRE_PRICE
    if member:
        price *= 0.9
    return round(price, 2)


class Lane:
    def __init__(self, number, has_bumpers=False):
        self.number = number
        self.has_bumpers = has_bumpers
        self.booking = None
        self.busy_until = 0.0

    def is_free(self, now=None):
        now = now if now is not None else time.time()
        return self.booking is None or now >= self.busy_until

    def start(self, booking, now=None):
        now = now if now is not None else time.time()
        self.booking = booking
        minutes = estimate_duration(booking.players, games=booking.games, lane_number=self.number)
        self.busy_until = now + minutes * 60
        return self.busy_until

    def release(self):
        self.booking = None
        self.busy_until = 0.0


class LaneDesk:
    def __init__(self, lane_count=LANE_COUNT):
        self.lanes = [Lane(n, has_bumpers=n in BUMPER_LANES) for n in range(1, lane_count + 1)]
        self.waiting = deque()

    def lane_by_number(self, number):
        return self.lanes[number - 1]

    def find_lane(self, booking, now=None):
        for lane in self.lanes:
            if not lane.is_free(now):
                continue
            if booking.wants_bumpers and not lane.has_bumpers:
                continue
            return lane
        return None

    def check_in(self, booking, now=None):
        if booking.players > MAX_PLAYERS_PER_LANE:
            raise ValueError(f"{booking.name}: too many players for one lane")
        lane = self.find_lane(booking, now)
        if lane is None:
            self.waiting.append(booking)
            return None
        lane.start(booking, now)
        return lane.number

    def quote(self, booking, member=False):
        return booking_price(booking.players, games=booking.games, member=member)

    def free_count(self, now=None):
        return sum(1 for lane in self.lanes if lane.is_free(now))
