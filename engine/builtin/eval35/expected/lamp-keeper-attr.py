"""Lamp log for the Skerrymore lighthouse: burn hours, wick trims and fog signals."""

import csv
import logging
from datetime import datetime

log = logging.getLogger(__name__)

LAMP_RATED_HOURS = 1200
PARAFFIN_LITRES_PER_HOUR = 0.85
FOG_SIGNAL_INTERVAL_S = 30
LOG_DATE_FORMAT = "%Y-%m-%d %H:%M"


def parse_entry(row, year=None):
    stamp = datetime.strptime(row["lit_at"], LOG_DATE_FORMAT)
    if year is not None and stamp.year != year:
        return None
    return {
        "lit_at": stamp,
        "hours": float(row["hours"]),
        "trimmed": row.get("trimmed", "no") == "yes",
        "fog": row.get("fog", "no") == "yes",
    }


def read_log(path, year=None, delimiter=","):
    entries = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh, delimiter=delimiter):
            entry = parse_entry(row, year)
            if entry:
                entries.append(entry)
    return entries


def paraffin_needed(hours, reserve_pct=15, rate=PARAFFIN_LITRES_PER_HOUR):
    base = hours * rate
    return round(base * (1 + reserve_pct / 100), 1)


def fog_blasts(hours, interval=FOG_SIGNAL_INTERVAL_S, station=None):
    return int(hours * 3600 // interval)


class LampLog:
    def __init__(self, station, entries=None):
        self.station = station
        self.entries = entries or []
        self.mantle_changes = []
        self.duty_keeper = "unassigned"

    def hand_over(self, keeper):
        log.info("%s hands the watch to %s", self.duty_keeper, keeper)
        self.duty_keeper = keeper

    def add_watch(self, lit_at, hours, trimmed=False, fog=False):
        self.entries.append({"lit_at": lit_at, "hours": hours, "trimmed": trimmed, "fog": fog})

    def burn_hours(self):
        return sum(e["hours"] for e in self.entries)

    def hours_since_mantle(self):
        if not self.mantle_changes:
            return self.burn_hours()
        last = self.mantle_changes[-1]
        return sum(e["hours"] for e in self.entries if e["lit_at"] > last)

    def mantle_due(self, margin=0.9):
        return self.hours_since_mantle() >= LAMP_RATED_HOURS * margin

    def change_mantle(self, when=None):
        self.mantle_changes.append(when or datetime.now())
        log.info("mantle changed at %s", self.station)

    def untrimmed_watches(self):
        return [e for e in self.entries if not e["trimmed"]]

    def monthly_summary(self, month, year):
        watches = [e for e in self.entries if e["lit_at"].month == month and e["lit_at"].year == year]
        hours = sum(e["hours"] for e in watches)
        fog_hours = sum(e["hours"] for e in watches if e["fog"])
        return {
            "station": self.station,
            "keeper": self.duty_keeper,
            "watches": len(watches),
            "hours": hours,
            "paraffin_l": paraffin_needed(hours),
            "fog_blasts": fog_blasts(fog_hours, station=self.station),
            "untrimmed": sum(1 for e in watches if not e["trimmed"]),
        }


def write_summary(summary, path):
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        for key, value in summary.items():
            writer.writerow([key, value])
    log.info("wrote %s summary to %s", summary["station"], path)


def season_report(book, months, year):
    totals = {"hours": 0.0, "paraffin_l": 0.0, "fog_blasts": 0}
    for month in months:
        summary = book.monthly_summary(month, year)
        for key in totals:
            totals[key] += summary[key]
    warning = " (mantle due)" if book.mantle_due() else ""
    return f"{book.station} {year}: {totals['hours']:.1f} h lit{warning}"
