"""Results for the cycling club's evening time trials."""

import csv
import statistics
from datetime import timedelta

COURSE_KM = 16.1
CLUB_NAME = "Wheelers CC"
AGE_STANDARD_BASE = 40
STANDARD_SECONDS_PER_YEAR = 7.5
DNF = "DNF"


def parse_time(text):
    text = text.strip()
    if text.upper() == DNF:
        return None
    parts = [int(p) for p in text.split(":")]
    while len(parts) < 3:
        parts.insert(0, 0)
    hours, minutes, seconds = parts
    return timedelta(hours=hours, minutes=minutes, seconds=seconds)


def average_speed(elapsed, distance_km=COURSE_KM):
    if elapsed is None or elapsed.total_seconds() == 0:
        return 0.0
    return round(distance_km / (elapsed.total_seconds() / 3600), 2)


def age_allowance(age, base_age=AGE_STANDARD_BASE):
    if age <= base_age:
        return timedelta()
    return timedelta(seconds=(age - base_age) * STANDARD_SECONDS_PER_YEAR)


class ClubRider:
    def __init__(self, name, age, category="open"):
        self.name = name
        self.age = age
        self.category = category
        self.results = []

    def record(self, event_date, elapsed):
        self.results.append((event_date, elapsed))

    def personal_best(self):
        finished = [elapsed for _, elapsed in self.results if elapsed is not None]
        return min(finished) if finished else None

    def season_average(self):
        finished = [e.total_seconds() for _, e in self.results if e is not None]
        if not finished:
            return None
        return timedelta(seconds=round(statistics.mean(finished)))


class TimeTrial:
    def __init__(self, event_date, course_km=COURSE_KM):
        self.event_date = event_date
        self.course_km = course_km
        self.times = {}

    def enter(self, rider, time_text):
        elapsed = parse_time(time_text)
        self.times[rider.name] = (rider, elapsed)
        rider.record(self.event_date, elapsed)

    def add_rider(self, name, age, category="open", time_text=DNF):
        rider = ClubRider(name, age, category)
        self.enter(rider, time_text)
        return rider

    def finishers(self):
        done = [(r, t) for r, t in self.times.values() if t is not None]
        return sorted(done, key=lambda pair: pair[1])

    def handicap_order(self, base_age=AGE_STANDARD_BASE):
        adjusted = []
        for rider, elapsed in self.finishers():
            net = elapsed - age_allowance(rider.age, base_age=base_age)
            adjusted.append((rider, net))
        adjusted.sort(key=lambda pair: pair[1])
        return adjusted

    def results_table(self):
        rows = []
        for place, (rider, elapsed) in enumerate(self.finishers(), start=1):
            speed = average_speed(elapsed, distance_km=self.course_km)
            rows.append([place, rider.name, rider.category, str(elapsed), speed])
        for rider, elapsed in self.times.values():
            if elapsed is None:
                rows.append(["", rider.name, rider.category, DNF, ""])
        return rows


def write_results(trial, handle):
    writer = csv.writer(handle)
    writer.writerow([CLUB_NAME, trial.event_date.isoformat(), f"{trial.course_km} km"])
    writer.writerow(["Place", "Rider", "Category", "Time", "km/h"])
    writer.writerows(trial.results_table())
