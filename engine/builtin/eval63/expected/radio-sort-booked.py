"""Community radio: the weekly show grid, presenters and the running order of each show."""

import re
from collections import defaultdict
from datetime import datetime, timedelta

STATION_ID = "Harbourside FM"
SLOT_MINUTES = 60
MAX_TALK_RATIO = 0.4
BROADCAST_HOURS = range(6, 24)
JINGLE_SECONDS = 15
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


class Presenter:
    def __init__(self, name, email, shows_per_week=1):
        self.name = name
        self.email = email
        self.shows_per_week = shows_per_week
        self.booked = []

    def is_available(self, day):
        return len(self.booked) < self.shows_per_week and day not in self.booked

    def take_slot(self, day):
        self.booked.append(day)
        self.booked.sort(key=DAYS.index)


class Show:
    def __init__(self, title, presenter, day, hour, genre="mixed"):
        self.title = title
        self.presenter = presenter
        self.day = day
        self.hour = hour
        self.genre = genre
        self.items = []

    def add_item(self, kind, seconds, label=""):
        self.items.append((kind, seconds, label))

    def talk_seconds(self):
        return sum(seconds for kind, seconds, _ in self.items if kind == "talk")

    def total_seconds(self):
        return sum(seconds for _, seconds, _ in self.items)

    def overruns(self):
        return self.total_seconds() > SLOT_MINUTES * 60

    def running_order(self, start=None):
        clock = start or datetime(2026, 1, 5, self.hour)
        lines = [f"{STATION_ID}: {self.title} with {self.presenter.name}"]
        for kind, seconds, label in self.items:
            lines.append(f"{clock:%H:%M:%S} {kind:<6} {label}")
            clock += timedelta(seconds=seconds + JINGLE_SECONDS)
        return lines


def parse_slot(text):
    match = re.fullmatch(r"(mon|tue|wed|thu|fri|sat|sun)\s+(\d{1,2}):00", text.strip().lower())
    if not match:
        raise ValueError(f"bad slot: {text!r}")
    hour = int(match.group(2))
    if hour not in BROADCAST_HOURS:
        raise ValueError(f"off air at {hour}:00")
    return match.group(1), hour


def talk_ratio(show):
    total = show.total_seconds()
    if total == 0:
        return 0.0
    return show.talk_seconds() / total


def build_grid(requests, presenters):
    grid = defaultdict(dict)
    refused = []
    for title, name, slot in requests:
        day, hour = parse_slot(slot)
        presenter = presenters[name]
        if hour in grid[day] or not presenter.is_available(day):
            refused.append(title)
            continue
        grid[day][hour] = Show(title, presenter, day, hour)
        presenter.take_slot(day)
    return grid, refused


def compliance_report(grid):
    problems = []
    for day in DAYS:
        for hour, show in sorted(grid.get(day, {}).items()):
            if show.overruns():
                problems.append(f"{day} {hour}:00 {show.title} overruns")
            if talk_ratio(show) > MAX_TALK_RATIO:
                problems.append(f"{day} {hour}:00 {show.title} is talk-heavy")
    return problems
