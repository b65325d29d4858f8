"""Milking records for a goat dairy: per-doe yields, averages and low-yield alerts."""

import csv
import statistics
from datetime import date, timedelta

LITRES_PER_KG = 0.97
MILKINGS_PER_DAY = 2
LOW_YIELD_RATIO = 0.7
ROLLING_WINDOW_DAYS = 7
MAX_SOMATIC_CELLS = 1_500_000
DEFAULT_PARLOUR = "north"


def kg_to_litres(kg, factor=LITRES_PER_KG):
    return round(kg * factor, 2)


def parse_record(row, line_no, parlour=DEFAULT_PARLOUR):
    session = int(row.get("session") or 1)
    if not 1 <= session <= MILKINGS_PER_DAY:
        raise ValueError(f"bad milking session {session} for {row['doe']}")
    return {
        "doe": row["doe"].strip().title(),
        "day": date.fromisoformat(row["day"]),
        "session": session,
        "litres": kg_to_litres(float(row["kg"])),
        "cells": int(row.get("cells") or 0),
        "parlour": row.get("parlour") or parlour,
    }


def load_records(path, parlour=DEFAULT_PARLOUR, skip_blank=False):
    records = []
    with open(path, newline="") as handle:
        for line_no, row in enumerate(csv.DictReader(handle), start=2):
            if skip_blank and not row.get("kg"):
                continue
            records.append(parse_record(row, line_no, parlour=parlour))
    return records


def daily_totals(records, doe, since=None):
    totals = {}
    for rec in records:
        if rec["doe"] != doe:
            continue
        if since is not None and rec["day"] < since:
            continue
        totals[rec["day"]] = totals.get(rec["day"], 0.0) + rec["litres"]
    return totals


class Doe:
    def __init__(self, name, breed, kidding_date, tag=None):
        self.name = name
        self.breed = breed
        self.kidding_date = kidding_date
        self.tag = tag or name.lower()
        self.history = {}

    def days_in_milk(self, today):
        return (today - self.kidding_date).days

    def add_day(self, day, litres):
        self.history[day] = self.history.get(day, 0.0) + litres

    def rolling_average(self, today, window=ROLLING_WINDOW_DAYS):
        start = today - timedelta(days=window)
        recent = [v for d, v in self.history.items() if start < d <= today]
        if not recent:
            return 0.0
        return statistics.mean(recent)


class Herd:
    def __init__(self, farm_name, does=None):
        self.farm_name = farm_name
        self.does = {d.name: d for d in (does or [])}
        self.flagged = []

    def ingest(self, records):
        for rec in records:
            doe = self.does.get(rec["doe"])
            if doe is None:
                continue
            doe.add_day(rec["day"], rec["litres"])
            if rec["cells"] > MAX_SOMATIC_CELLS:
                self.flagged.append((rec["doe"], rec["day"], "high cell count"))

    def low_yielders(self, today, ratio=LOW_YIELD_RATIO):
        averages = {name: d.rolling_average(today) for name, d in self.does.items()}
        if not averages:
            return []
        herd_mean = statistics.mean(averages.values())
        cutoff = herd_mean * ratio
        return sorted(name for name, avg in averages.items() if avg < cutoff)

    def report(self, today, verbose=False):
        lines = [f"{self.farm_name} milking report for {today:%d %b %Y}"]
        for name in self.low_yielders(today):
            lines.append(f"  low yield: {name}")
        if verbose:
            for doe_name, day, reason in self.flagged:
                lines.append(f"  {doe_name} on {day}: {reason}")
        return "\n".join(lines)
