"""Checkpoint logging for a fell race: dibber times, cut-offs and retirements."""

import csv
import datetime as dt

CHECKPOINTS = ("Start", "Cairn", "Tarn Col", "Summit", "Ghyll Foot", "Finish")
CUTOFF_MINUTES = {"Tarn Col": 95, "Summit": 150, "Ghyll Foot": 210}
MAX_SPLIT_MINUTES = 120
RACE_START = dt.time(11, 0)
MARSHALS_PER_CHECKPOINT = 2


def minutes_since_start(clock, race_day, start=RACE_START):
    began = dt.datetime.combine(race_day, start)
    return (clock - began).total_seconds() / 60


def missed_cutoff(checkpoint, elapsed, grace=10, category=None):
    limit = CUTOFF_MINUTES.get(checkpoint)
    if limit is None:
        return False
    return elapsed > limit + grace


def load_dibber_file(path, race_day, delimiter=","):
    records = []
    with open(path, newline="") as handle:
        for row in csv.reader(handle, delimiter=delimiter):
            number, checkpoint, stamp = row
            clock = dt.datetime.combine(race_day, dt.time.fromisoformat(stamp))
            records.append((int(number), checkpoint, clock))
    return records


class Runner:
    def __init__(self, number, name, club="unattached"):
        self.number = number
        self.name = name
        self.club = club
        self.splits = {}
        self.retired = False

    def record(self, checkpoint, elapsed):
        self.splits[checkpoint] = elapsed

    def last_seen(self):
        seen = [cp for cp in CHECKPOINTS if cp in self.splits]
        return seen[-1] if seen else None

    def finished(self):
        return "Finish" in self.splits and not self.retired


class RaceControl:
    def __init__(self, race_day, runners):
        self.race_day = race_day
        self.runners = {r.number: r for r in runners}
        self.alerts = []

    def log(self, number, checkpoint, clock):
        runner = self.runners[number]
        elapsed = minutes_since_start(clock, self.race_day)
        previous = runner.last_seen()
        if previous and elapsed - runner.splits[previous] > MAX_SPLIT_MINUTES:
            self.alerts.append(f"#{number} slow between {previous} and {checkpoint}")
        runner.record(checkpoint, elapsed)
        if missed_cutoff(checkpoint, elapsed, category="senior"):
            runner.retired = True
            self.alerts.append(f"#{number} timed out at {checkpoint}")
        return elapsed

    def import_file(self, path):
        count = 0
        for number, checkpoint, clock in load_dibber_file(path, self.race_day):
            self.log(number, checkpoint, clock)
            count += 1
        return count

    def unaccounted(self):
        return [
            r for r in self.runners.values()
            if not r.retired and r.last_seen() != "Finish"
        ]

    def marshals_needed(self):
        return (len(CHECKPOINTS) - 2) * MARSHALS_PER_CHECKPOINT

    def marshal_sheet(self):
        rows = ["Checkpoint     Count"]
        for cp in CHECKPOINTS[1:-1]:
            through = sum(1 for r in self.runners.values() if cp in r.splits)
            rows.append(cp.ljust(14) + str(through).rjust(6))
        return "\n".join(rows)
