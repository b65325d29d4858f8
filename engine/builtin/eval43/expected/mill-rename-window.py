"""Grinding log for a restored tide mill: tide windows, runs and the CSV ledger."""

import csv
import statistics
from datetime import datetime, timedelta

HEAD_MIN_M = 0.6
SACK_KG = 25
GRIND_RATE_KG_PER_HOUR = 90
SLUICE_DELAY_MINUTES = 40
LOG_COLUMNS = ("started", "ended", "grain", "kg", "miller")


def hours_of_head(start_head_m, drop_per_hour=0.35, min_head=HEAD_MIN_M):
    if start_head_m <= min_head:
        return 0.0
    return (start_head_m - min_head) / drop_per_hour


def milling_window(high_water, start_head_m=2.4, ebb_hours=5.5):
    hours = min(hours_of_head(start_head_m), ebb_hours)
    opens = high_water + timedelta(minutes=SLUICE_DELAY_MINUTES)
    return opens, opens + timedelta(hours=hours)


def expected_sacks(hours, rate=GRIND_RATE_KG_PER_HOUR, sack_kg=SACK_KG):
    return int(hours * rate // sack_kg)


def tide_plan(high_waters, start_head_m=2.4):
    plan = []
    for high_water in high_waters:
        opens, closes = milling_window(high_water, start_head_m)
        hours = (closes - opens).total_seconds() / 3600
        plan.append((opens, closes, expected_sacks(hours)))
    return plan


class GrindingRun:
    def __init__(self, grain, miller, started, ended=None):
        self.grain = grain
        self.miller = miller
        self.started = started
        self.ended = ended
        self.kg = 0.0

    def finish(self, ended, kg):
        if ended <= self.started:
            raise ValueError("a run cannot end before it starts")
        self.ended = ended
        self.kg = kg

    def hours(self):
        if self.ended is None:
            return 0.0
        return (self.ended - self.started).total_seconds() / 3600

    def sacks(self):
        return int(self.kg // SACK_KG)

    def as_row(self):
        return {
            "started": self.started.isoformat(),
            "ended": self.ended.isoformat() if self.ended else "",
            "grain": self.grain,
            "kg": f"{self.kg:.1f}",
            "miller": self.miller,
        }


class MillLog:
    def __init__(self, mill_name):
        self.mill_name = mill_name
        self.runs = []

    def add(self, run):
        self.runs.append(run)
        return len(self.runs)

    def kg_by_grain(self):
        totals = {}
        for run in self.runs:
            totals[run.grain] = totals.get(run.grain, 0.0) + run.kg
        return totals

    def average_rate(self):
        rates = [run.kg / run.hours() for run in self.runs if run.hours() > 0]
        if not rates:
            return 0.0
        return statistics.mean(rates)

    def export(self, path):
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=LOG_COLUMNS)
            writer.writeheader()
            for run in self.runs:
                writer.writerow(run.as_row())

    def import_rows(self, path):
        with open(path, newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                started = datetime.fromisoformat(row["started"])
                run = GrindingRun(row["grain"], row["miller"], started)
                if row["ended"]:
                    run.finish(datetime.fromisoformat(row["ended"]), float(row["kg"]))
                self.add(run)
