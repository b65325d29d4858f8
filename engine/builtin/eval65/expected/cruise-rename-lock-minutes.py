"""Cruise log for a canal narrowboat: daily legs, locks worked and engine hours."""

import csv
import statistics
from datetime import datetime

MINUTES_PER_LOCK = 15
CRUISING_SPEED_MPH = 3.0
ENGINE_SERVICE_HOURS = 250
LOG_HEADER = ("day", "from", "to", "miles", "locks", "engine_hours")


class CruiseLeg:
    def __init__(self, day, start, finish, miles, locks=0, engine_hours=0.0):
        self.day = day
        self.start = start
        self.finish = finish
        self.miles = miles
        self.locks = locks
        self.engine_hours = engine_hours

    def expected_hours(self, speed=CRUISING_SPEED_MPH):
        return self.miles / speed + self.locks * MINUTES_PER_LOCK / 60

    def describe(self):
        return f"{self.day:%d %b}: {self.start} to {self.finish}, {self.miles} miles"

    def as_row(self):
        return [self.day.isoformat(), self.start, self.finish, self.miles, self.locks, self.engine_hours]


class CruiseLog:
    def __init__(self, boat_name, engine_hours_at_start=0.0):
        self.boat_name = boat_name
        self.legs = []
        self.hours_at_start = engine_hours_at_start

    def add_leg(self, leg):
        self.legs.append(leg)
        return len(self.legs)

    def total_miles(self):
        return sum(leg.miles for leg in self.legs)

    def total_locks(self):
        return sum(leg.locks for leg in self.legs)

    def engine_hours(self):
        return self.hours_at_start + sum(leg.engine_hours for leg in self.legs)

    def service_due(self, interval=ENGINE_SERVICE_HOURS):
        return self.engine_hours() // interval > self.hours_at_start // interval

    def write_csv(self, path):
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(LOG_HEADER)
            for leg in self.legs:
                writer.writerow(leg.as_row())


def parse_log_row(row):
    day = datetime.strptime(row["day"], "%Y-%m-%d").date()
    miles = float(row["miles"])
    locks = int(row.get("locks") or 0)
    engine_hours = float(row.get("engine_hours") or 0)
    return CruiseLeg(day, row["from"], row["to"], miles, locks, engine_hours)


def read_log(path, boat_name, engine_hours_at_start=0.0):
    log = CruiseLog(boat_name, engine_hours_at_start)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            log.add_leg(parse_log_row(row))
    return log


def average_leg_miles(legs, places=1, skip_empty=True):
    distances = [leg.miles for leg in legs]
    if not distances:
        return 0.0
    return round(statistics.mean(distances), places)


def trip_report(log, title="Cruise summary"):
    mean_miles = average_leg_miles(log.legs, places=2, skip_empty=False)
    lines = [f"{title}: {log.boat_name}"]
    for leg in log.legs:
        lines.append("  " + leg.describe())
    lines.append(f"Total: {log.total_miles():.1f} miles, {log.total_locks()} locks")
    lines.append(f"Average leg: {mean_miles} miles")
    if log.service_due():
        lines.append("Engine service due")
    return "\n".join(lines)
