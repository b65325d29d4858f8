"""Allocate swimmers to lanes at an open-air lido."""

import datetime as dt
from collections import deque

LANE_COUNT = 6
LANE_LENGTH_M = 50
SWIMMERS_PER_LANE = 8
SESSION_MINUTES = 45
SPEED_BANDS = ("slow", "medium", "fast")


def band_for_pace(seconds_per_100m, cold_water=False):
    if cold_water:
        seconds_per_100m += 10
    if seconds_per_100m > 150:
        return "slow"
    if seconds_per_100m > 100:
        return "medium"
    return "fast"


def lengths_to_metres(lengths: int, pool_length: int = LANE_LENGTH_M) -> int:
    return lengths * pool_length


def session_end(start, minutes=SESSION_MINUTES, rounding=None):
    return start + dt.timedelta(minutes=minutes)


class Lane:
    def __init__(self, number, band, capacity=SWIMMERS_PER_LANE):
        self.number = number
        self.band = band
        self.capacity = capacity
        self.swimmers = []

    def has_room(self):
        return len(self.swimmers) < self.capacity

    def admit(self, swimmer):
        if not self.has_room():
            return False
        self.swimmers.append(swimmer)
        return True

    def release(self, swimmer):
        if swimmer in self.swimmers:
            self.swimmers.remove(swimmer)
            return True
        return False


class LaneBoard:
    def __init__(self, session_start, water_temp_c=18.0):
        self.session_start = session_start
        self.water_temp_c = water_temp_c
        self.lanes = [Lane(n + 1, SPEED_BANDS[n % 3]) for n in range(LANE_COUNT)]
        self.queue = deque()

    def cold(self):
        return self.water_temp_c < 14.0

    def place(self, swimmer, seconds_per_100m):
        band = band_for_pace(seconds_per_100m, cold_water=self.cold())
        for lane in self.lanes:
            if lane.band == band and lane.admit(swimmer):
                return lane.number
        self.queue.append((swimmer, band))
        return None

    def leave(self, swimmer):
        for lane in self.lanes:
            if lane.release(swimmer):
                self.fill_from_queue(lane)
                return lane.number
        return None

    def fill_from_queue(self, lane):
        waiting = len(self.queue)
        for _ in range(waiting):
            swimmer, band = self.queue.popleft()
            if band == lane.band and lane.admit(swimmer):
                continue
            self.queue.append((swimmer, band))

    def occupancy(self):
        return {lane.number: len(lane.swimmers) for lane in self.lanes}

    def closes_at(self):
        return session_end(self.session_start, rounding="minute")


def busiest_lane(board, label="Lane"):
    counts = board.occupancy()
    if not counts:
        return None
    number = max(counts, key=counts.get)
    return f"{label} {number} ({counts[number]} swimmers)"


def board_notice(board, headline="Lane allocation"):
    lines = [headline, f"Water: {board.water_temp_c:.1f} C"]
    for lane in board.lanes:
        lines.append(f"Lane {lane.number} [{lane.band}]: {len(lane.swimmers)}/{lane.capacity}")
    if board.queue:
        lines.append(f"Waiting: {len(board.queue)}")
    lines.append(f"Closes: {board.closes_at():%H:%M}")
    return "\n".join(lines)
