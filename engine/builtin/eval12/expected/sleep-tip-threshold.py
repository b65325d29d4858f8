"""Sleep log: nights in bed and asleep, sleep efficiency, sleep debt against a target, a weekly report."""

import csv
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from statistics import mean

logger = logging.getLogger(__name__)

TARGET_HOURS = 8.0
MIN_EFFICIENCY = 0.85
LATE_BEDTIME_HOUR = 23
LOG_COLUMNS = ["bedtime", "wake", "awake_minutes", "rating"]


@dataclass
class Night:
    bedtime: datetime
    wake: datetime
    awake_minutes: int = 0
    rating: int = 3

    def in_bed_hours(self):
        return (self.wake - self.bedtime).total_seconds() / 3600

    def asleep_hours(self):
        return self.in_bed_hours() - self.awake_minutes / 60

    def efficiency(self):
        if self.in_bed_hours() <= 0:
            return 0.0
        return self.asleep_hours() / self.in_bed_hours()

    def went_to_bed_late(self):
        return self.bedtime.hour >= LATE_BEDTIME_HOUR or self.bedtime.hour < 5


class SleepLog:
    def __init__(self, owner, target_hours=TARGET_HOURS):
        self.owner = owner
        self.target_hours = target_hours
        self.nights = []

    def add(self, night):
        if night.wake <= night.bedtime:
            raise ValueError(f"{self.owner}: wake time {night.wake} is before bedtime")
        self.nights.append(night)
        self.nights.sort(key=lambda logged: logged.bedtime)
        return night

    def last(self, days):
        return self.nights[-days:]

    def debt_hours(self, days=7):
        return sum(self.target_hours - night.asleep_hours() for night in self.last(days))

    def average_hours(self, days=7):
        recent = self.last(days)
        if not recent:
            return 0.0
        return mean(night.asleep_hours() for night in recent)

    def poor_nights(self, days=7):
        return [night for night in self.last(days) if night.efficiency() < MIN_EFFICIENCY]


def weekly_report(log):
    lines = [f"Sleep report for {log.owner}"]
    lines.append(f"average {log.average_hours():.1f} h asleep, debt {log.debt_hours():.1f} h")
    late = sum(1 for night in log.last(7) if night.went_to_bed_late())
    lines.append(f"late nights: {late}")
    for night in log.poor_nights():
        lines.append(f"  restless night {night.bedtime:%a %d %b}: {night.efficiency():.0%} asleep")
    if log.debt_hours() > 3:
        lines.append("Try going to bed half an hour earlier this week.")
    return "\n".join(lines)


def save_log(log, path):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(LOG_COLUMNS)
        for night in log.nights:
            writer.writerow([night.bedtime.isoformat(), night.wake.isoformat(), night.awake_minutes, night.rating])
    logger.info("saved %d nights to %s", len(log.nights), path)


def load_log(path, owner, target_hours=TARGET_HOURS):
    log = SleepLog(owner, target_hours=target_hours)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            log.add(Night(
                bedtime=datetime.fromisoformat(row["bedtime"]),
                wake=datetime.fromisoformat(row["wake"]),
                awake_minutes=int(row["awake_minutes"]),
                rating=int(row["rating"]),
            ))
    return log


def main():
    logging.basicConfig(level=logging.INFO)
    log = SleepLog("Sam", target_hours=7.5)
    log.add(Night(datetime(2024, 3, 4, 23, 40), datetime(2024, 3, 5, 6, 50), awake_minutes=25))
    log.add(Night(datetime(2024, 3, 5, 22, 15), datetime(2024, 3, 6, 6, 30), awake_minutes=10, rating=4))
    log.add(Night(datetime(2024, 3, 7, 0, 30), datetime(2024, 3, 7, 6, 45), awake_minutes=70, rating=2))
    print(weekly_report(log))
    save_log(log, Path("sleep.csv"))
    print(f"{len(load_log(Path('sleep.csv'), 'Sam').nights)} nights reloaded")


if __name__ == "__main__":
    main()
