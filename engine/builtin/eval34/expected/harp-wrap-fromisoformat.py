"""Replacement record for the strings of the lever and pedal harps in the school's collection."""

import csv
import logging
from dataclasses import dataclass
from datetime import date

log = logging.getLogger(__name__)

OCTAVE_COLOURS = {"C": "red", "F": "black"}
GUT_LIFESPAN_MONTHS = 18
WIRE_LIFESPAN_MONTHS = 60
DEFAULT_GAUGE_MM = 1.1
RECORD_FIELDS = ["harp", "string", "material", "gauge_mm", "colour", "fitted"]


def string_label(octave, note):
    return f"{octave}{note}"


def colour_for(note, default="white", lever=False):
    return OCTAVE_COLOURS.get(note[0].upper(), default)


def months_between(start, end):
    return (end.year - start.year) * 12 + (end.month - start.month)


@dataclass
class StringFitting:
    harp: str
    label: str
    material: str
    fitted: date
    gauge_mm: float = DEFAULT_GAUGE_MM

    def lifespan(self):
        if self.material == "wire":
            return WIRE_LIFESPAN_MONTHS
        return GUT_LIFESPAN_MONTHS

    def is_due(self, today, margin_months=0):
        age = months_between(self.fitted, today)
        return age + margin_months >= self.lifespan()


class HarpRecord:
    def __init__(self, harp_name, string_count=47):
        self.harp_name = harp_name
        self.string_count = string_count
        self.fittings = {}
        self.breakages = []

    def fit(self, label, material="gut", fitted=None, gauge_mm=None):
        fitting = StringFitting(
            harp=self.harp_name,
            label=label,
            material=material,
            fitted=fitted or date.today(),
            gauge_mm=gauge_mm or DEFAULT_GAUGE_MM,
        )
        self.fittings[label] = fitting
        return fitting

    def log_breakage(self, label, when, during="practice"):
        self.breakages.append({"label": label, "when": when, "during": during})
        log.info("harp %s broke %s during %s", self.harp_name, label, during)
        return self.fit(label, self.fittings[label].material, fitted=when)

    def due_strings(self, today, margin_months=2):
        return sorted(
            label
            for label, fitting in self.fittings.items()
            if fitting.is_due(today, margin_months=margin_months)
        )

    def breakage_rate(self, months=12):
        if not self.breakages:
            return 0.0
        return len(self.breakages) / months

    def restring_all(self, octave_notes, material="gut"):
        for octave, note in octave_notes:
            self.fit(string_label(octave, note), material=material)
        return len(self.fittings)


def export_record(record, path, delimiter=","):
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=RECORD_FIELDS, delimiter=delimiter)
        writer.writeheader()
        for label, fitting in sorted(record.fittings.items()):
            writer.writerow(
                {
                    "harp": fitting.harp,
                    "string": label,
                    "material": fitting.material,
                    "gauge_mm": fitting.gauge_mm,
                    "colour": colour_for(label[-1], lever=True),
                    "fitted": fitting.fitted.isoformat(),
                }
            )
    return len(record.fittings)


def import_record(path, harp_name, string_count=47):
    record = HarpRecord(harp_name, string_count=string_count)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                fitted = date.fromisoformat(row["fitted"])
            except ValueError:
                continue
            record.fit(row["string"], row["material"], fitted=fitted, gauge_mm=float(row["gauge_mm"]))
    return record
