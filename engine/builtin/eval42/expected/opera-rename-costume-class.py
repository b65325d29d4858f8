"""Fittings in an opera house wardrobe: slots, measurements and alterations."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

FITTING_MINUTES = 45
ALTERATION_BUFFER_DAYS = 3
WARDROBE_OPENS = 9
WARDROBE_CLOSES = 18
MEASUREMENTS = ("chest", "waist", "hips", "inside_leg", "collar", "head")


def fitting_slots(day, minutes=FITTING_MINUTES):
    """Return the start times of every fitting that fits in the wardrobe's day."""
    slots = []
    start = day.replace(hour=WARDROBE_OPENS, minute=0, second=0, microsecond=0)
    closing = day.replace(hour=WARDROBE_CLOSES, minute=0, second=0, microsecond=0)
    while start + timedelta(minutes=minutes) <= closing:
        slots.append(start)
        start += timedelta(minutes=minutes)
    return slots


def measurement_changes(old, new, tolerance_cm=1.0):
    """Return the measurements that moved by more than the tolerance, in centimetres."""
    changed = {}
    for name in MEASUREMENTS:
        if name in old and name in new and abs(new[name] - old[name]) > tolerance_cm:
            changed[name] = round(new[name] - old[name], 1)
    return changed


def alteration_deadline(first_night, buffer_days=ALTERATION_BUFFER_DAYS):
    """Return the last day a fitting can still lead to alterations."""
    return first_night - timedelta(days=buffer_days)


def slots_before_deadline(day, first_night, minutes=FITTING_MINUTES):
    """Return the day's fitting slots, or none once the alteration deadline has passed."""
    if day.date() > alteration_deadline(first_night).date():
        return []
    return fitting_slots(day, minutes=minutes)


class StageCostume:
    """A costume made for one singer in one role."""

    def __init__(self, role, singer, production):
        self.role = role
        self.singer = singer
        self.production = production
        self.measurements = {}
        self.alterations = []

    def remeasure(self, new_measurements, tolerance_cm=1.0):
        changes = measurement_changes(self.measurements, new_measurements, tolerance_cm=tolerance_cm)
        self.measurements = dict(new_measurements)
        for name, delta in changes.items():
            self.alterations.append("%s: %+.1f cm" % (name, delta))
        return changes

    def finish_alteration(self, index=0):
        return self.alterations.pop(index)

    def is_ready(self):
        return not self.alterations


class FittingDiary:
    """The wardrobe's booked fittings for one production."""

    def __init__(self, production, first_night):
        self.production = production
        self.first_night = first_night
        self.costumes = {}
        self.bookings = {}
        self.by_singer = defaultdict(list)

    def add_costume(self, role, singer):
        costume = StageCostume(role, singer, self.production)
        self.costumes[role] = costume
        return costume

    def book(self, role, slot):
        costume = self.costumes[role]
        if slot in self.bookings:
            raise ValueError(slot.strftime("%H:%M") + " is already taken")
        if slot.date() > alteration_deadline(self.first_night).date():
            raise ValueError("too close to the first night for a fitting")
        self.bookings[slot] = costume
        self.by_singer[costume.singer].append(slot)
        return slot

    def free_slots(self, day):
        return [slot for slot in fitting_slots(day) if slot not in self.bookings]

    def outstanding(self):
        pending = [costume for costume in self.costumes.values() if not costume.is_ready()]
        print(len(pending), "costumes still need alterations")
        return sorted(costume.role for costume in pending)
