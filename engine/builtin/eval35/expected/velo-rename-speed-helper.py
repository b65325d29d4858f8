"""Lap timing for track sessions at the Harrowgate velodrome."""

import statistics
from dataclasses import dataclass, field
from datetime import datetime, timedelta

TRACK_LENGTH_M = 250
MIN_LAP_SECONDS = 11.5
SPRINT_FLYING_LAPS = 3
TIMING_PRECISION = 3
WARMUP_LAPS = 2


def kmh_for_lap(lap_seconds, track_length=TRACK_LENGTH_M):
    if lap_seconds <= 0:
        raise ValueError("lap time must be positive")
    return round(track_length / lap_seconds * 3.6, 2)


def clean_laps(raw_laps, floor=MIN_LAP_SECONDS, skip_warmup=False):
    laps = raw_laps[WARMUP_LAPS:] if skip_warmup else raw_laps
    kept = []
    for lap in laps:
        if lap >= floor:
            kept.append(round(lap, TIMING_PRECISION))
    return kept


@dataclass
class Rider:
    name: str
    club: str
    laps: list = field(default_factory=list)

    def best_lap(self):
        valid = clean_laps(self.laps, skip_warmup=True)
        return min(valid) if valid else None

    def average_speed(self):
        valid = clean_laps(self.laps, skip_warmup=True)
        if not valid:
            return 0.0
        return kmh_for_lap(statistics.mean(valid))


class TimingSession:
    def __init__(self, label, started_at=None):
        self.label = label
        self.started_at = started_at or datetime.now()
        self.riders = {}
        self.neutralised = set()

    def register(self, name, club="unattached"):
        rider = Rider(name, club)
        self.riders[name] = rider
        return rider

    def record_lap(self, name, seconds):
        if name not in self.riders:
            self.register(name)
        if name in self.neutralised:
            return
        self.riders[name].laps.append(seconds)

    def neutralise(self, name):
        self.neutralised.add(name)

    def flying_lap_total(self, name, count=SPRINT_FLYING_LAPS, floor=None):
        limit = floor if floor is not None else MIN_LAP_SECONDS
        laps = clean_laps(self.riders[name].laps, floor=limit)
        fastest = sorted(laps)[:count]
        return round(sum(fastest), TIMING_PRECISION)

    def leaderboard(self):
        board = []
        for name, rider in self.riders.items():
            best = rider.best_lap()
            if best is not None:
                board.append((best, name))
        board.sort()
        return [f"{pos}. {name} {best:.3f}s" for pos, (best, name) in enumerate(board, start=1)]

    def elapsed(self, now=None):
        now = now or datetime.now()
        return now - self.started_at

    def projected_finish(self, laps_remaining):
        paces = []
        for rider in self.riders.values():
            valid = clean_laps(rider.laps)
            if valid:
                paces.append(statistics.median(valid))
        if not paces:
            return None
        seconds = max(paces) * laps_remaining
        return datetime.now() + timedelta(seconds=seconds)


def summarise_session(session, top=5):
    started = session.started_at.strftime("%H:%M")
    lines = [f"Session: {session.label} (started {started})"]
    lines.extend(session.leaderboard()[:top])
    speeds = {name: r.average_speed() for name, r in session.riders.items()}
    if speeds:
        quickest = max(speeds, key=speeds.get)
        lines.append(f"Fastest average: {quickest} at {speeds[quickest]:.2f} km/h")
    return "\n".join(lines)


def team_pursuit_split(session, names, distance_m=4000):
    laps_needed = distance_m // TRACK_LENGTH_M
    totals = [session.flying_lap_total(n, count=laps_needed) for n in names]
    return max(totals) if totals else 0.0
