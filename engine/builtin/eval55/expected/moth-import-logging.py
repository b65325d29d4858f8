"""Nightly catch records for the moth-trapping survey."""

import csv
import logging
from collections import Counter, defaultdict
from datetime import date

TRAP_TYPES = ("robinson", "skinner", "heath")
MIN_TEMPERATURE_C = 8.0
DEFAULT_BULB_WATTS = 125
RECORDER_INITIALS = "MTS"


def normalise_species(name):
    cleaned = " ".join(name.split())
    return cleaned[:1].upper() + cleaned[1:].lower()


def night_is_valid(temperature, wind_force, max_wind=4):
    if temperature < MIN_TEMPERATURE_C:
        return False
    return wind_force <= max_wind


def load_catches(path, delimiter=","):
    rows = []
    with open(path, newline="") as handle:
        for record in csv.DictReader(handle, delimiter=delimiter):
            count = int(record["count"])
            rows.append((record["trap"], normalise_species(record["species"]), count))
    return rows


class TrapNight:
    def __init__(self, trap_id, night, trap_type="robinson", bulb_watts=DEFAULT_BULB_WATTS):
        if trap_type not in TRAP_TYPES:
            raise ValueError(f"unknown trap type: {trap_type}")
        self.trap_id = trap_id
        self.night = night
        self.trap_type = trap_type
        self.bulb_watts = bulb_watts
        self.tally = Counter()
        self.notes = []

    def add_catch(self, species, count=1):
        species = species.strip()
        self.tally[normalise_species(species)] += count

    def add_note(self, text):
        self.notes.append(text.strip())

    def total(self):
        return sum(self.tally.values())

    def species_count(self):
        return len(self.tally)

    def top_species(self, limit=5):
        return self.tally.most_common(limit)


class Survey:
    def __init__(self, site_name, recorder=RECORDER_INITIALS):
        self.site_name = site_name
        self.recorder = recorder
        self.nights = {}
        self.skipped = []

    def open_night(self, trap_id, night, temperature, wind_force, trap_type="robinson"):
        if not night_is_valid(temperature, wind_force):
            self.skipped.append((trap_id, night))
            return None
        key = (trap_id, night)
        if key not in self.nights:
            self.nights[key] = TrapNight(trap_id, night, trap_type)
        return self.nights[key]

    def import_file(self, path, night, temperature, wind_force):
        imported = 0
        for trap_id, species, count in load_catches(path):
            trap_night = self.open_night(trap_id, night, temperature, wind_force)
            if trap_night is None:
                continue
            trap_night.add_catch(species, count)
            imported += count
        return imported

    def species_totals(self):
        totals = defaultdict(int)
        for trap_night in self.nights.values():
            for species, count in trap_night.tally.items():
                totals[species] += count
        return dict(totals)

    def nights_for(self, trap_id):
        return sorted(night for (trap, night) in self.nights if trap == trap_id)

    def write_report(self, season, path):
        stamp = date.today().isoformat()
        lines = [summary_line(self, season, self.recorder), "Compiled " + stamp]
        for species, count in sorted(self.species_totals().items()):
            lines.append(f"{species},{count}")
        with open(path, "w") as handle:
            handle.write("\n".join(lines) + "\n")
        return len(lines)


def summary_line(survey, season, recorder, include_skipped=True):
    totals = survey.species_totals()
    moths = sum(totals.values())
    text = f"{survey.site_name} {season}: {moths} moths of {len(totals)} species"
    if include_skipped and survey.skipped:
        text += f" ({len(survey.skipped)} nights skipped)"
    return text
