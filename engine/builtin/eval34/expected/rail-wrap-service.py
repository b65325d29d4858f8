"""Timetable for the club's OO-gauge layout: services, stations and the fast clock."""

import re
from datetime import time, timedelta

FAST_CLOCK_RATIO = 4
DWELL_SECONDS = 45
STATIONS = ["Ashcombe", "Brindle Halt", "Corvey Junction", "Dunmere"]
HEADCODE_PATTERN = re.compile(r"^[0-9][A-Z][0-9]{2}$")


def to_real_minutes(fast_minutes, ratio=FAST_CLOCK_RATIO):
    return fast_minutes / ratio


def add_minutes(clock, minutes):
    total = clock.hour * 60 + clock.minute + minutes
    return time((total // 60) % 24, total % 60)


def check_headcode(headcode):
    if not HEADCODE_PATTERN.match(headcode):
        raise ValueError(f"bad headcode: {headcode!r}")
    return headcode


class Service:
    def __init__(self, headcode, departs, calls, loco="Class 08"):
        self.headcode = check_headcode(headcode)
        self.departs = departs
        self.calls = list(calls)
        self.loco = loco
        self.cancelled = False

    def call_times(self, run_minutes=3):
        times = {}
        clock = self.departs
        for station in self.calls:
            times[station] = clock
            clock = add_minutes(clock, run_minutes + DWELL_SECONDS // 60)
        return times

    def arrival_at(self, station, run_minutes=3):
        return self.call_times(run_minutes).get(station)

    def describe(self):
        state = "CANCELLED" if self.cancelled else self.loco
        return f"{self.headcode} {self.departs:%H:%M} {self.calls[0]} -> {self.calls[-1]} ({state})"


class Timetable:
    def __init__(self, layout_name, session_start=time(9, 0)):
        self.layout_name = layout_name
        self.session_start = session_start
        self.services = []

    def add_service(self, headcode, departs, calls, loco="Class 08"):
        for station in calls:
            if station not in STATIONS:
                raise KeyError(station)
        try:
            service = Service(headcode, departs, calls, loco=loco)
        except ValueError:
            return None
        self.services.append(service)
        return service

    def departures_from(self, station, after=None):
        after = after or self.session_start
        board = []
        for service in self.services:
            if service.cancelled:
                continue
            when = service.arrival_at(station)
            if when is not None and when >= after:
                board.append((when, service.headcode))
        board.sort()
        return board

    def cancel(self, headcode):
        for service in self.services:
            if service.headcode == headcode:
                service.cancelled = True
                return True
        return False

    def session_length(self):
        if not self.services:
            return timedelta(0)
        last = max(max(s.call_times().values()) for s in self.services)
        start = self.session_start
        fast = (last.hour * 60 + last.minute) - (start.hour * 60 + start.minute)
        return timedelta(minutes=to_real_minutes(fast))

    def shuttle(self, first_headcode, departs, calls, trips=4, gap_minutes=20):
        number = int(first_headcode[2:])
        made = []
        for trip in range(trips):
            headcode = f"{first_headcode[:2]}{number + trip:02d}"
            route = calls if trip % 2 == 0 else list(reversed(calls))
            made.append(self.add_service(headcode, add_minutes(departs, trip * gap_minutes), route))
        return made


def print_board(timetable, station, width=32):
    print(f"{station:^{width}}")
    print("=" * width)
    for when, headcode in timetable.departures_from(station):
        print(f"{when:%H:%M}  {headcode}")
    return width
