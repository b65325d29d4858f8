"""Set planning for a jazz club: tunes, set lengths and the evening's running order."""

from __future__ import annotations

import random
from collections import Counter

SET_LENGTH_MINUTES = 45
INTERVAL_MINUTES = 20
DOORS_OPEN = "19:30"
KEYS = ("C", "F", "Bb", "Eb", "G", "D")
BALLAD_TEMPO_LIMIT = 80


class Tune:
    def __init__(self, title, composer, key, tempo_bpm, minutes):
        self.title = title
        self.composer = composer
        self.key = key
        self.tempo_bpm = tempo_bpm
        self.minutes = minutes

    def is_ballad(self):
        return self.tempo_bpm <= BALLAD_TEMPO_LIMIT

    def label(self):
        return f"{self.title} ({self.composer}, {self.key})"


def set_minutes(tunes):
    return sum(tune.minutes for tune in tunes)


def build_set(repertoire, length=SET_LENGTH_MINUTES, ballads=1, seed=None):
    rng = random.Random(seed)
    pool = list(repertoire)
    rng.shuffle(pool)
    chosen = []
    ballad_count = 0
    for tune in pool:
        if tune.is_ballad():
            if ballad_count >= ballads:
                continue
            ballad_count += 1
        if set_minutes(chosen) + tune.minutes > length:
            continue
        chosen.append(tune)
    return chosen


def key_spread(tunes):
    try:
        counts = Counter(tune.key for tune in tunes)
    except AttributeError:
        counts = Counter()
    return {key: counts.get(key, 0) for key in KEYS}


class Evening:
    def __init__(self, date_label, band, sets=2):
        self.date_label = date_label
        self.band = band
        self.sets = sets
        self.setlists = []
        self.requests = []

    def plan(self, repertoire, seed=None):
        self.setlists = []
        played = set()
        for _ in range(self.sets):
            remaining = [tune for tune in repertoire if tune.title not in played]
            chosen = build_set(remaining, ballads=1, seed=seed)
            played.update(tune.title for tune in chosen)
            self.setlists.append(chosen)
        return self.setlists

    def add_request(self, title, from_table=None):
        self.requests.append((title, from_table))

    def pending_requests(self):
        played = {tune.title for tunes in self.setlists for tune in tunes}
        return [title for title, _ in self.requests if title not in played]

    def total_minutes(self):
        music = sum(set_minutes(tunes) for tunes in self.setlists)
        return music + INTERVAL_MINUTES * max(len(self.setlists) - 1, 0)

    def running_order(self):
        lines = [f"{self.date_label} with {self.band}", f"Doors {DOORS_OPEN}"]
        for number, tunes in enumerate(self.setlists, start=1):
            lines.append(f"Set {number} ({set_minutes(tunes)} min)")
            lines.extend(f"  {tune.label()}" for tune in tunes)
            if number < len(self.setlists):
                lines.append(f"Interval {INTERVAL_MINUTES} min")
        return "\n".join(lines)
