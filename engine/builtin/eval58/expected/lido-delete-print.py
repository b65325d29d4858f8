"""Weekly lifeguard rota for an open-air lido."""

import csv
from collections import defaultdict
from datetime import date, time

POOL_ZONES = ("deep_end", "shallow_end", "diving_board", "paddling_pool")
MIN_GUARDS_PER_ZONE = 1
MAX_HOURS_PER_WEEK = 36
SHIFT_HOURS = 4
OPENING_TIME = time(7, 0)


class Lifeguard:
    def __init__(self, name, qualified_zones, max_hours=MAX_HOURS_PER_WEEK):
        self.name = name
        self.qualified_zones = set(qualified_zones)
        self.max_hours = max_hours
        self.hours_booked = 0

    def can_cover(self, zone):
        return zone in self.qualified_zones

    def has_capacity(self, hours=SHIFT_HOURS):
        return self.hours_booked + hours <= self.max_hours

    def book(self, hours):
        self.hours_booked += hours


def load_guards(path):
    guards = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            zones = [zone.strip() for zone in row["zones"].split(";") if zone.strip()]
            hours = int(row["max_hours"])
            guards.append(Lifeguard(row["name"], zones, max_hours=hours))
    return guards


def shift_label(day, shift_index, hours=SHIFT_HOURS):
    start_hour = OPENING_TIME.hour + shift_index * hours
    return f"{day:%a %d %b} {start_hour:02d}:00-{start_hour + hours:02d}:00"


def pick_guard(guards, zone, exclude, hours=SHIFT_HOURS):
    candidates = [
        guard
        for guard in guards
        if guard.can_cover(zone) and guard.has_capacity(hours) and guard.name not in exclude
    ]
    if not candidates:
        return None
    return min(candidates, key=lambda guard: guard.hours_booked)


class Rota:
    def __init__(self, guards, zones=POOL_ZONES):
        self.guards = guards
        self.zones = list(zones)
        self.assignments = defaultdict(dict)
        self.gaps = []

    def fill_shift(self, day, shift_index, hours=SHIFT_HOURS):
        label = shift_label(day, shift_index, hours)
        on_duty = set()
        for zone in self.zones:
            guard = pick_guard(self.guards, zone, on_duty, hours)
            if guard is None:
                self.gaps.append((label, zone))
                continue
            guard.book(hours)
            on_duty.add(guard.name)
            self.assignments[label][zone] = guard.name
        return label

    def fill_day(self, day, shifts=3, notify=False):
        return [self.fill_shift(day, index) for index in range(shifts)]

    def hours_by_guard(self):
        totals = {guard.name: guard.hours_booked for guard in self.guards}
        return dict(sorted(totals.items(), key=lambda item: -item[1]))

    def coverage(self, label):
        covered = self.assignments.get(label, {})
        return len(covered) / len(self.zones)

    def export(self, path):
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["shift", *self.zones])
            for label, zones in self.assignments.items():
                writer.writerow([label, *(zones.get(zone, "") for zone in self.zones)])
        return len(self.assignments)


def build_week(guards, first_day, days=7, shifts=3):
    rota = Rota(guards)
    for offset in range(days):
        day = date.fromordinal(first_day.toordinal() + offset)
        rota.fill_day(day, shifts=shifts, notify=False)
    return rota
