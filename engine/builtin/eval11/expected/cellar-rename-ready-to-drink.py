"""A home wine cellar: racks of bottles, drinking windows, a tasting log and a JSON inventory file."""

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

CELLAR_FILE = Path("cellar.json")
RACK_CAPACITY = 24
PEAK_MARGIN_YEARS = 2
DEFAULT_REGION = "unknown"


@dataclass
class Bottle:
    label: str
    vintage: int
    region: str = DEFAULT_REGION
    drink_from: int = 0
    drink_until: int = 0
    notes: list[str] = field(default_factory=list)

    def is_ready(self, year):
        return self.drink_from <= year <= self.drink_until

    def past_peak(self, year):
        return year > self.drink_until + PEAK_MARGIN_YEARS


class Rack:
    def __init__(self, name, capacity=RACK_CAPACITY):
        self.name = name
        self.capacity = capacity
        self.slots = []

    def free_slots(self):
        return self.capacity - len(self.slots)

    def store(self, bottle):
        if self.free_slots() <= 0:
            raise ValueError(f"rack {self.name} is full")
        self.slots.append(bottle)
        logger.info("stored %s %d in %s", bottle.label, bottle.vintage, self.name)

    def take(self, label):
        for bottle in self.slots:
            if bottle.label == label:
                self.slots.remove(bottle)
                return bottle
        raise KeyError(label)


class Cellar:
    def __init__(self, racks=None):
        self.racks = list(racks or [])

    def add_rack(self, name, capacity=RACK_CAPACITY):
        rack = Rack(name, capacity=capacity)
        self.racks.append(rack)
        return rack

    def bottles(self):
        for rack in self.racks:
            yield from rack.slots

    def place(self, bottle):
        for rack in self.racks:
            if rack.free_slots() > 0:
                rack.store(bottle)
                return rack.name
        raise ValueError("no room left in the cellar")


def drinkable_in(cellar, year, region=None):
    found = []
    for bottle in cellar.bottles():
        if region is not None and bottle.region != region:
            continue
        if bottle.is_ready(year):
            found.append(bottle)
    return sorted(found, key=lambda b: b.drink_until)


def log_tasting(bottle, note, score=None):
    entry = note if score is None else f"{note} ({score}/100)"
    bottle.notes.append(entry)
    return entry


def bottle_to_dict(bottle):
    return {
        "label": bottle.label,
        "vintage": bottle.vintage,
        "region": bottle.region,
        "window": [bottle.drink_from, bottle.drink_until],
        "notes": bottle.notes,
    }


def save_cellar(cellar, path=CELLAR_FILE):
    data = {rack.name: [bottle_to_dict(b) for b in rack.slots] for rack in cellar.racks}
    path.write_text(json.dumps(data, indent=2))
    return len(data)


def load_cellar(path=CELLAR_FILE):
    data = json.loads(path.read_text())
    cellar = Cellar()
    for name, items in data.items():
        rack = cellar.add_rack(name)
        for item in items:
            start, end = item.pop("window")
            rack.store(Bottle(drink_from=start, drink_until=end, **item))
    return cellar
