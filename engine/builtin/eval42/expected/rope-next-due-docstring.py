"""Equipment inspections for a rope access team: grading, due dates and the kit register."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

INSPECTION_INTERVAL_DAYS = 180
INTERIM_INTERVAL_DAYS = 90
MAX_ROPE_AGE_YEARS = 10
RETIRE_ON = {"cut sheath", "core damage", "chemical contact", "shock load"}
GRADES = ("pass", "monitor", "quarantine", "retire")


def next_due(last_inspected, heavy_use=False, interval_days=INSPECTION_INTERVAL_DAYS):
    """Return the date the next inspection is due."""
    if heavy_use:
        interval_days = min(interval_days, INTERIM_INTERVAL_DAYS)
    return last_inspected + timedelta(days=interval_days)


def days_until_due(last_inspected, today, heavy_use=False):
    """Return the days left before the next inspection; negative when overdue."""
    return (next_due(last_inspected, heavy_use=heavy_use) - today).days


def grade_item(defects, age_years, site_notes=""):
    """Grade one item from its recorded defects and its age."""
    if any(defect in RETIRE_ON for defect in defects):
        return "retire"
    if age_years >= MAX_ROPE_AGE_YEARS:
        return "retire"
    if len(defects) > 2:
        return "quarantine"
    if defects:
        return "monitor"
    return "pass"


def load_register(path, encoding="utf-8"):
    """Read the kit register written by ``InspectionLog.save``."""
    text = Path(path).read_text(encoding=encoding)
    records = json.loads(text)
    return [KitItem.from_record(record) for record in records]


class KitItem:
    """A rope, harness, descender or anchor sling with its inspection state."""

    def __init__(self, serial, kind, manufactured, last_inspected):
        self.serial = serial
        self.kind = kind
        self.manufactured = manufactured
        self.last_inspected = last_inspected
        self.defects = []
        self.status = "pass"

    @classmethod
    def from_record(cls, record):
        item = cls(
            record["serial"],
            record["kind"],
            date.fromisoformat(record["manufactured"]),
            date.fromisoformat(record["last_inspected"]),
        )
        item.defects = list(record.get("defects", []))
        item.status = record.get("status", "pass")
        return item

    def to_record(self):
        return {
            "serial": self.serial,
            "kind": self.kind,
            "manufactured": self.manufactured.isoformat(),
            "last_inspected": self.last_inspected.isoformat(),
            "defects": list(self.defects),
            "status": self.status,
        }

    def age_years(self, today):
        return (today - self.manufactured).days / 365.25

    def inspect(self, today, defects, notes=""):
        self.defects = list(defects)
        self.last_inspected = today
        self.status = grade_item(self.defects, self.age_years(today), site_notes=notes)
        return self.status

    def is_overdue(self, today, heavy_use=False):
        return today > next_due(self.last_inspected, heavy_use=heavy_use)


class InspectionLog:
    """The team's register of kit and the inspections carried out on it."""

    def __init__(self, team_lead):
        self.team_lead = team_lead
        self.items = {}
        self.history = []

    def register(self, item):
        if item.serial in self.items:
            raise ValueError("duplicate serial " + item.serial)
        self.items[item.serial] = item

    def record(self, serial, today, defects, notes=""):
        item = self.items[serial]
        status = item.inspect(today, defects, notes=notes)
        self.history.append((today.isoformat(), serial, status, self.team_lead))
        return status

    def overdue(self, today):
        return sorted(serial for serial, item in self.items.items() if item.is_overdue(today))

    def save(self, path):
        records = [item.to_record() for item in self.items.values()]
        Path(path).write_text(json.dumps(records, indent=2), encoding="utf-8")
        return len(records)
