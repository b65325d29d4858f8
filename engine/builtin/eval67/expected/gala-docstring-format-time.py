"""Entries, heats and results for the swimming club's galas."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict

LANES = 6
AGE_GROUPS = ((9, "9 and under"), (11, "10-11"), (13, "12-13"), (16, "14-16"), (99, "Open"))
ENTRY_FEE = 3.0
DQ_CODES = {"FS": "false start", "TN": "touched one hand", "NT": "no touch"}


def age_group(age, groups=AGE_GROUPS):
    for upper, label in groups:
        if age <= upper:
            return label
    return groups[-1][1]


def parse_time(text):
    if ":" in text:
        minutes, seconds = text.split(":")
        return int(minutes) * 60 + float(seconds)
    return float(text)


def format_time(seconds):
    """Format a time in seconds as m:ss.ss or ss.ss."""
    minutes, rest = divmod(seconds, 60)
    if minutes:
        return f"{int(minutes)}:{rest:05.2f}"
    return f"{rest:.2f}"


def seed_heats(entries, lanes=LANES):
    ordered = sorted(entries, key=lambda entry: entry.entry_time, reverse=True)
    heat_count = math.ceil(len(ordered) / lanes)
    return [ordered[i * lanes:(i + 1) * lanes] for i in range(heat_count)]


class Entry:
    def __init__(self, swimmer, age, event, entry_time):
        self.swimmer = swimmer
        self.age = age
        self.event = event
        self.entry_time = parse_time(entry_time)
        self.result = None
        self.dq = None

    def record(self, time_text):
        self.result = parse_time(time_text)

    def disqualify(self, code):
        self.dq = DQ_CODES.get(code, code)
        self.result = None

    def improved(self):
        return self.result is not None and self.result < self.entry_time


class Gala:
    def __init__(self, name, venue, lanes=LANES):
        self.name = name
        self.venue = venue
        self.lanes = lanes
        self.entries = defaultdict(list)

    def enter(self, swimmer, age, event, entry_time):
        entry = Entry(swimmer, age, event, entry_time)
        self.entries[event].append(entry)
        return entry

    def fees_due(self):
        counts = defaultdict(int)
        for entry in itertools.chain.from_iterable(self.entries.values()):
            counts[entry.swimmer] += 1
        return {swimmer: count * ENTRY_FEE for swimmer, count in counts.items()}

    def heats_for(self, event):
        return seed_heats(self.entries[event], self.lanes)

    def improvers(self, event):
        return [entry.swimmer for entry in self.entries[event] if entry.improved()]

    def results(self, event):
        finished = [entry for entry in self.entries[event] if entry.result is not None]
        finished.sort(key=lambda entry: entry.result)
        table = []
        for place, entry in enumerate(finished, start=1):
            group = age_group(entry.age)
            table.append((place, entry.swimmer, group, format_time(entry.result)))
        return table

    def disqualifications(self):
        found = []
        for event, entries in self.entries.items():
            found.extend((event, entry.swimmer, entry.dq) for entry in entries if entry.dq)
        return found


def results_sheet(gala, events):
    lines = [f"{gala.name} at {gala.venue}"]
    for event in events:
        lines.append(event)
        for place, swimmer, group, time_text in gala.results(event):
            lines.append(f"  {place:>2}. {swimmer:<20} {group:<12} {time_text:>8}")
    return "\n".join(lines)
