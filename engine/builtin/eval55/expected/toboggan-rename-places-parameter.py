"""Timing sheets for the village toboggan run."""

import statistics
from dataclasses import dataclass
from datetime import datetime, timedelta

TRACK_LENGTH_M = 412
MAX_RUNS_PER_SLED = 3
PENALTY_SECONDS = 2.5
DNF_MARK = "DNF"


def parse_split(raw, separator=":"):
    minutes, seconds = raw.strip().split(separator)
    return int(minutes) * 60 + float(seconds)


def average_speed(elapsed, length=TRACK_LENGTH_M):
    if elapsed <= 0:
        return 0.0
    return round(length / elapsed * 3.6, 2)


def format_time(total, decimals=2):
    if total is None:
        return DNF_MARK
    minutes, seconds = divmod(total, 60)
    pattern = "0{}.{}f".format(decimals + 3, decimals)
    return str(int(minutes)) + ":" + format(seconds, pattern)


@dataclass
class Run:
    sled_number: int
    started: datetime
    elapsed: float
    gate_faults: int = 0

    def adjusted(self, penalty=PENALTY_SECONDS):
        return self.elapsed + self.gate_faults * penalty

    def finish_time(self):
        return self.started + timedelta(seconds=self.adjusted())


class TimingSheet:
    def __init__(self, event_name, runs_allowed=MAX_RUNS_PER_SLED):
        self.event_name = event_name
        self.runs_allowed = runs_allowed
        self.runs = {}
        self.withdrawn = set()

    def record(self, sled_number, started, raw_split, gate_faults=0):
        if sled_number in self.withdrawn:
            raise ValueError("sled %s has withdrawn" % sled_number)
        attempts = self.runs.setdefault(sled_number, [])
        if len(attempts) >= self.runs_allowed:
            raise ValueError("sled %s has no runs left" % sled_number)
        run = Run(sled_number, started, parse_split(raw_split), gate_faults)
        attempts.append(run)
        return run

    def withdraw(self, sled_number):
        self.withdrawn.add(sled_number)

    def best_run(self, sled_number):
        attempts = self.runs.get(sled_number, [])
        if not attempts:
            return None
        return min(attempts, key=lambda run: run.adjusted())

    def standings(self):
        table = []
        for sled_number in sorted(self.runs):
            best = self.best_run(sled_number)
            if sled_number in self.withdrawn or best is None:
                table.append((sled_number, None))
            else:
                table.append((sled_number, best.adjusted()))
        table.sort(key=lambda row: (row[1] is None, row[1] or 0))
        return table

    def median_time(self):
        times = [best for _, best in self.standings() if best is not None]
        if not times:
            return None
        return statistics.median(times)

    def total_faults(self):
        return sum(run.gate_faults for attempts in self.runs.values() for run in attempts)


def print_results(sheet, show_speed=True):
    lines = ["Results: " + sheet.event_name]
    for place, (sled_number, best) in enumerate(sheet.standings(), start=1):
        shown = format_time(best)
        line = f"{place:>3}. sled {sled_number:<4} {shown}"
        if show_speed and best is not None:
            speed = average_speed(best)
            line += f"  {speed} km/h"
        lines.append(line)
    median = sheet.median_time()
    if median is not None:
        lines.append("Median: " + format_time(median, decimals=1))
    return "\n".join(lines)
