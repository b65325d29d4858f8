"""Entries, flying slots and judging for a seaside kite festival."""

import random
from collections import Counter

ARENA_SLOT_MINUTES = 15
MAX_LINE_LENGTH_M = 60
CATEGORIES = ("single line", "dual line", "quad line", "giant inflatable")
JUDGE_WEIGHTS = {"design": 0.4, "flight": 0.4, "presentation": 0.2}


class Entry:
    def __init__(self, flyer, kite_name, category, line_length_m):
        if category not in CATEGORIES:
            raise ValueError("unknown category: " + category)
        self.flyer = flyer
        self.kite_name = kite_name
        self.category = category
        self.line_length_m = line_length_m
        self.scores = []

    def line_ok(self):
        return self.line_length_m <= MAX_LINE_LENGTH_M

    def add_score(self, design, flight, presentation):
        self.scores.append({"design": design, "flight": flight, "presentation": presentation})

    def final_score(self):
        if not self.scores:
            return 0.0
        totals = []
        for card in self.scores:
            totals.append(sum(card[k] * w for k, w in JUDGE_WEIGHTS.items()))
        return sum(totals) / len(totals)


class Festival:
    def __init__(self, name, beach, start_hour=10):
        self.name = name
        self.beach = beach
        self.start_hour = start_hour
        self.entries = []

    def register(self, entry):
        if not entry.line_ok():
            return False
        self.entries.append(entry)
        return True

    def by_category(self, category):
        return [e for e in self.entries if e.category == category]

    def category_counts(self):
        return Counter(e.category for e in self.entries)

    def slot_times(self, seed=None):
        order = list(self.entries)
        rng = random.Random(seed)
        rng.shuffle(order)
        slots = []
        minute = self.start_hour * 60
        for entry in order:
            slots.append(("%02d:%02d" % divmod(minute, 60), entry.flyer))
            minute += ARENA_SLOT_MINUTES
        return slots


def winners(festival):
    result = {}
    for category in CATEGORIES:
        entries = festival.by_category(category)
        if entries:
            best = max(entries, key=lambda e: e.final_score())
            result[category] = best.flyer
    return result


def wind_ok(knots, category):
    if category == "giant inflatable":
        return 8 <= knots <= 20
    return 5 <= knots <= 28


def programme(festival, headline="Kites over the bay", print_run=500):
    lines = [headline, "%s at %s" % (festival.name, festival.beach)]
    for time_label, flyer in festival.slot_times(seed=1):
        lines.append("%s  %s" % (time_label, flyer))
    return "\n".join(lines)


def entry_fee(category, junior):
    if junior:
        return 0
    return 12 if category == "giant inflatable" else 5


def parse_entry(line):
    flyer, kite_name, category, length = [part.strip() for part in line.split(",")]
    return Entry(flyer, kite_name, category, float(length))


def ribbon_colour(place):
    colours = {1: "blue", 2: "red", 3: "yellow"}
    return colours.get(place, "green")
