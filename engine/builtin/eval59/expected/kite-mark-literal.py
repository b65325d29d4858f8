"""Flying slots on the fields of the Harbour Green kite festival."""

import math
from collections import defaultdict
from datetime import datetime, timedelta

SLOT_MINUTES = 20
MAX_KITES_PER_SLOT = 6
WIND_LIMIT_KMH = 38
FIELD_NAMES = ("north", "south", "beach")
LINE_SAFETY_FACTOR = 1.5


def wind_is_safe(speed_kmh, gust_kmh=0, limit=WIND_LIMIT_KMH):
    peak = max(speed_kmh, gust_kmh)
    return peak < limit


def slot_start_times(opening, closing, minutes=SLOT_MINUTES):
    starts = []
    current = opening
    while current + timedelta(minutes=minutes) <= closing:
        starts.append(current)
        current += timedelta(minutes=minutes)
    return starts


def spacing_needed(line_length_m, factor=LINE_SAFETY_FACTOR):
    return math.ceil(line_length_m * factor)


def field_width_used(flyers, gap_m=5):
    width = 0
    for flyer in flyers:
        width += spacing_needed(flyer.line_length_m) + gap_m
    return width


class Flyer:
    def __init__(self, name, kite_type, line_length_m=30, junior=False):
        self.name = name
        self.kite_type = kite_type
        self.line_length_m = line_length_m
        self.junior = junior

    def label(self):
        tag = " (junior)" if self.junior else ""
        return self.name + " - " + self.kite_type + tag


class SlotBoard:
    def __init__(self, field_name, opening, closing, width_m=200):
        if field_name not in FIELD_NAMES:
            raise ValueError("unknown field: " + field_name)
        self.field_name = field_name
        self.width_m = width_m
        self.slots = {start: [] for start in slot_start_times(opening, closing)}
        self.cancelled = set()

    def has_room(self, start, flyer):
        booked = self.slots.get(start)
        if booked is None or len(booked) >= MAX_KITES_PER_SLOT:
            return False
        return field_width_used(booked + [flyer]) <= self.width_m

    def book(self, start, flyer):
        if start in self.cancelled or not self.has_room(start, flyer):
            return False
        self.slots[start].append(flyer)
        return True

    def cancel_slot(self, start, reason="wind"):
        self.cancelled.add(start)
        dropped = self.slots.get(start, [])
        self.slots[start] = []
        return ["%s: slot cancelled (%s)" % (flyer.name, reason) for flyer in dropped]

    def check_wind(self, start, speed_kmh, gust_kmh=0):
        if wind_is_safe(speed_kmh, gust_kmh=gust_kmh):
            return []
        return self.cancel_slot(start, reason="wind")

    def free_slots(self):
        free = []
        for start, booked in sorted(self.slots.items()):
            if start in self.cancelled:
                continue
            if len(booked) < MAX_KITES_PER_SLOT:
                free.append(start)
        return free

    def juniors_by_slot(self):
        counts = defaultdict(int)
        for start, booked in self.slots.items():
            for flyer in booked:
                if flyer.junior:
                    counts[start] += 1
        return dict(counts)

    def print_board(self):
        lines = ["Field: " + self.field_name]
        for start in sorted(self.slots):
            names = ", ".join(flyer.label() for flyer in self.slots[start])
            mark = "C" if start in self.cancelled else " "
            lines.append("[%s] %s  %s" % (mark, start.strftime("%H:%M"), names or "-"))
        return "\n".join(lines)


def build_day_board(field_name, day, first_hour=10, last_hour=17):
    opening = datetime(day.year, day.month, day.day, first_hour)
    closing = datetime(day.year, day.month, day.day, last_hour)
    return SlotBoard(field_name, opening, closing)
