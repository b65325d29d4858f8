"""Passenger manifests for hot-air balloon flights."""

import json
from dataclasses import dataclass
from datetime import datetime

MAX_BASKET_LOAD_KG = 1100
PILOT_ALLOWANCE_KG = 95
FUEL_LOAD_KG = 180
MINIMUM_AGE = 8
DEFAULT_LAUNCH_SITE = "Ashcombe Field"


@dataclass
class Passenger:
    name: str
    weight_kg: float
    age: int
    booking_ref: str = ""

    def is_child(self):
        return self.age < 16


class Manifest:
    def __init__(self, flight_id, pilot, launch_site=DEFAULT_LAUNCH_SITE):
        self.flight_id = flight_id
        self.pilot = pilot
        self.launch_site = launch_site
        self.passengers = []
        self.log = []

    def total_load(self):
        carried = sum(p.weight_kg for p in self.passengers)
        return carried + PILOT_ALLOWANCE_KG + FUEL_LOAD_KG

    def spare_capacity(self):
        return MAX_BASKET_LOAD_KG - self.total_load()

    def board(self, passenger):
        if passenger.age < MINIMUM_AGE:
            raise ValueError(f"{passenger.name} is under the minimum age")
        if passenger.weight_kg > self.spare_capacity():
            self.log.append(f"refused {passenger.name}: basket full")
            return False
        self.passengers.append(passenger)
        self.log.append(f"boarded {passenger.name}")
        return True

    def remove(self, name):
        before = len(self.passengers)
        self.passengers = [p for p in self.passengers if p.name != name]
        if len(self.passengers) < before:
            self.log.append(f"removed {name}")
        return len(self.passengers) < before

    def to_dict(self):
        return {
            "flight": self.flight_id,
            "pilot": self.pilot,
            "site": self.launch_site,
            "passengers": [p.name for p in self.passengers],
            "load_kg": self.total_load(),
        }


def parse_passenger(record, default_age=30, strict=False):
    name = record["name"].strip()
    weight = float(record["weight"])
    age = int(record.get("age", default_age))
    return Passenger(name, weight, age, record.get("ref", ""))


def build_manifest(flight_id, pilot, records, launch_site=DEFAULT_LAUNCH_SITE):
    manifest = Manifest(flight_id, pilot, launch_site)
    for record in records:
        passenger = parse_passenger(record, strict=True)
        try:
            manifest.board(passenger)
        except ValueError:
            continue
    return manifest


def export_manifest(manifest, path, indent=2):
    payload = manifest.to_dict()
    payload["exported_at"] = datetime.now().isoformat(timespec="seconds")
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(payload, handle, indent=indent)
    return path


def manifest_from_file(flight_id, pilot, path, encoding="utf-8"):
    with open(path, encoding=encoding) as handle:
        records = json.load(handle)
    return build_manifest(flight_id, pilot, records)
