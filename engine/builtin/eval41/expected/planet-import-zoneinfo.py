"""Dome show scheduling and ticketing for a city planetarium."""

import csv
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

DOME_SEATS = 120
CLEANUP_MINUTES = 15
FIRST_SHOW = time(10, 0)
LAST_ENTRY = time(20, 30)
TICKET_PRICE = 14.0
SCHOOL_GROUP_DISCOUNT = 0.4


def parse_runtime(text):
    hours, _, minutes = text.partition(":")
    return timedelta(hours=int(hours), minutes=int(minutes))


def next_start(previous_end, cleanup=CLEANUP_MINUTES):
    candidate = previous_end + timedelta(minutes=cleanup)
    extra = -candidate.minute % 5
    return candidate + timedelta(minutes=extra)


def read_catalog(path):
    shows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            runtime = parse_runtime(row["runtime"])
            shows.append(Show(row["title"], runtime, row.get("audience", "general")))
    return shows


class Show:
    def __init__(self, title, runtime, audience="general"):
        self.title = title
        self.runtime = runtime
        self.audience = audience

    def is_kids_show(self):
        return self.audience in ("kids", "school")

    def label(self):
        minutes = int(self.runtime.total_seconds() // 60)
        return f"{self.title} ({minutes} min)"


class DaySchedule:
    def __init__(self, day, seats=DOME_SEATS):
        self.day = day
        self.seats = seats
        self.slots = []
        self.sold = {}
        self.notes = []

    def _last_end(self):
        if not self.slots:
            return datetime.combine(self.day, FIRST_SHOW) - timedelta(minutes=CLEANUP_MINUTES)
        start, show = self.slots[-1]
        return start + show.runtime

    def book_show(self, show):
        start = next_start(self._last_end())
        if start.time() > LAST_ENTRY:
            raise ValueError(f"no room for {show.title} on {self.day}")
        self.slots.append((start, show))
        self.sold[start] = 0
        return start

    def fill_day(self, shows):
        placed = []
        for show in shows:
            start = self.book_show(show)
            placed.append((start, show.title))
        return placed

    def sell_tickets(self, start, count, school_group=False):
        remaining = self.seats - self.sold[start]
        if count > remaining:
            raise ValueError(f"only {remaining} seats left at {start:%H:%M}")
        self.sold[start] += count
        price = TICKET_PRICE * count
        if school_group:
            price *= 1 - SCHOOL_GROUP_DISCOUNT
        return round(price, 2)

    def kids_slots(self):
        return [start for start, show in self.slots if show.is_kids_show()]

    def timetable(self):
        lines = [f"Dome schedule for {self.day:%A %d %B}"]
        for start, show in self.slots:
            left = self.seats - self.sold[start]
            lines.append(f"{start:%H:%M}  {show.label()}  [{left} seats]")
        return "\n".join(lines)
