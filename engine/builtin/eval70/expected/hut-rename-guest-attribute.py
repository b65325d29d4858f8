"""Bunk allocation for a mountain hut: rooms, bunks and nightly bookings."""

import datetime
from collections import defaultdict

DORM_CAPACITY = 12
WARDEN_BUNKS = 2
LATE_ARRIVAL_HOUR = 19
BOOKING_PREFIX = "HUT"


class Bunk:
    def __init__(self, room, number, upper=False):
        self.room = room
        self.number = number
        self.upper = upper
        self.occupant = None

    def label(self):
        tier = "upper" if self.upper else "lower"
        return f"{self.room}-{self.number} ({tier})"

    def is_free(self):
        return self.occupant is None

    def assign(self, guest):
        if not self.is_free():
            raise ValueError(f"bunk {self.label()} is already taken")
        self.occupant = guest


class HutRegister:
    def __init__(self, hut_name, rooms):
        self.hut_name = hut_name
        self.bunks = []
        self.arrivals = defaultdict(list)
        for room, count in rooms.items():
            for number in range(1, count + 1):
                self.bunks.append(Bunk(room, number, upper=number % 2 == 0))

    def free_bunks(self, prefer_lower=True):
        free = [bunk for bunk in self.bunks if bunk.is_free()]
        if prefer_lower:
            free.sort(key=lambda bunk: bunk.upper)
        return free

    def check_in(self, guest, arrival):
        free = self.free_bunks()
        if len(free) <= WARDEN_BUNKS:
            raise RuntimeError(f"{self.hut_name} is full tonight")
        bunk = free[0]
        bunk.assign(guest)
        self.arrivals[arrival.date()].append(guest)
        if arrival.hour >= LATE_ARRIVAL_HOUR:
            print(f"late arrival: {guest} at {arrival:%H:%M}")
        return bunk

    def occupancy(self):
        taken = sum(1 for bunk in self.bunks if not bunk.is_free())
        return taken / max(len(self.bunks), 1)


def booking_reference(guest, night, sequence=1):
    initials = "".join(part[0] for part in guest.split()).upper()
    return f"{BOOKING_PREFIX}-{night:%Y%m%d}-{initials}{sequence:03d}"


def plan_night(register, guests, night, arrival_hour=17):
    arrival = datetime.datetime.combine(night, datetime.time(arrival_hour))
    references = {}
    for sequence, guest in enumerate(guests, start=1):
        bunk = register.check_in(guest, arrival)
        references[guest] = (booking_reference(guest, night, sequence), bunk.label())
    return references


def summarise_rooms(register, show_empty=False):
    by_room = defaultdict(lambda: [0, 0])
    for bunk in register.bunks:
        counts = by_room[bunk.room]
        counts[0] += 1
        if not bunk.is_free():
            counts[1] += 1
    lines = []
    for room, (total, used) in sorted(by_room.items()):
        if used == 0 and not show_empty:
            continue
        lines.append(f"{room}: {used}/{total} bunks")
    return lines


def dorm_is_overbooked(register, room):
    used = sum(1 for bunk in register.bunks if bunk.room == room and not bunk.is_free())
    return used > DORM_CAPACITY


if __name__ == "__main__":
    hut = HutRegister("Cabane du Col", {"A": 8, "B": 6})
    tonight = datetime.date(2024, 7, 14)
    for guest, (ref, label) in plan_night(hut, ["Ana Ruiz", "Tom Berg"], tonight).items():
        print(guest, ref, label)
    print("\n".join(summarise_rooms(hut)))
    print(f"occupancy {hut.occupancy():.0%}")
