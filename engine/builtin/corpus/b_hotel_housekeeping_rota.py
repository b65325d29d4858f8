"""Daily room allocation for the housekeeping team."""

import math
import random

CHECKOUT_MINUTES = 40
STAYOVER_MINUTES = 20
SHIFT_MINUTES = 7 * 60
FLOORS = (1, 2, 3, 4)
SUPERVISOR_CHECK_RATE = 0.25


class Housekeeper:
    def __init__(self, name, floors=FLOORS, minutes=SHIFT_MINUTES):
        self.name = name
        self.floors = tuple(floors)
        self.minutes = minutes
        self.rooms = []

    @property
    def booked_minutes(self):
        return sum(minutes for _, minutes in self.rooms)

    def spare(self):
        return self.minutes - self.booked_minutes

    def take(self, room, minutes):
        """Assign a room if it fits in the remaining shift time."""
        if minutes > self.spare():
            return False
        self.rooms.append((room, minutes))
        return True


def room_minutes(status, vip=False):
    """Cleaning time for a room by status; VIP rooms get a turndown extra."""
    minutes = CHECKOUT_MINUTES if status == "checkout" else STAYOVER_MINUTES
    if vip:
        minutes += 10
    return minutes


def staff_needed(rooms):
    total = sum(room_minutes(status, vip) for _, status, vip in rooms)
    return math.ceil(total / SHIFT_MINUTES)


def allocate(rooms, housekeepers):
    """rooms: (number, status, vip). Checkouts first, kept on one floor where possible."""
    unassigned = []
    ordered = sorted(rooms, key=lambda r: (r[1] != "checkout", r[0]))
    for number, status, vip in ordered:
        floor = int(str(number)[0])
        minutes = room_minutes(status, vip)
        team = sorted((h for h in housekeepers if floor in h.floors), key=lambda h: -h.spare())
        if not any(h.take(number, minutes) for h in team):
            unassigned.append(number)
    return unassigned


def spot_checks(housekeepers, rate=SUPERVISOR_CHECK_RATE, seed=None):
    """Random rooms for the supervisor to inspect per housekeeper."""
    picker = random.Random(seed)
    checks = {}
    for keeper in housekeepers:
        rooms = [room for room, _ in keeper.rooms]
        count = max(1, round(len(rooms) * rate)) if rooms else 0
        checks[keeper.name] = sorted(picker.sample(rooms, count))
    return checks
