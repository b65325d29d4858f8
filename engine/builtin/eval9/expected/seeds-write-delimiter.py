"""A gardener's seed box: packets by crop and year, how long seed keeps, germination tests, a sowing calendar."""

import csv
import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

LAST_FROST = (4, 20)  # month, day
VIABILITY_YEARS = {
    "onion": 1, "parsnip": 1, "pepper": 2, "carrot": 3, "bean": 3,
    "pea": 3, "lettuce": 5, "squash": 5, "tomato": 6, "cucumber": 6,
}
SOWING_WEEKS = {
    "onion": -12, "pepper": -10, "tomato": -8, "pea": -6, "lettuce": -4,
    "parsnip": -3, "carrot": -2, "squash": 1, "cucumber": 1, "bean": 2,
}
DEFAULT_VIABILITY = 3
LOW_GERMINATION = 0.6
CSV_FIELDS = ["crop", "variety", "year", "count", "source"]


@dataclass
class Packet:
    crop: str
    variety: str
    year: int
    count: int = 0
    source: str = "bought"
    tests: list = field(default_factory=list)

    @property
    def label(self):
        return f"{self.crop.title()} '{self.variety}' ({self.year})"

    def age(self, today=None):
        today = today or date.today()
        return today.year - self.year

    def is_viable(self, today=None):
        keeps = VIABILITY_YEARS.get(self.crop, DEFAULT_VIABILITY)
        return self.age(today) <= keeps

    def germination_rate(self):
        if not self.tests:
            return None
        sown = sum(count for count, _ in self.tests)
        sprouted = sum(up for _, up in self.tests)
        return sprouted / sown if sown else None

    def record_test(self, sown, sprouted):
        if sprouted > sown:
            raise ValueError("more seeds came up than were sown")
        self.tests.append((sown, sprouted))
        self.count -= sown


def last_frost(year, frost=LAST_FROST):
    month, day = frost
    return date(year, month, day)


def sowing_date(crop, year, *, frost=LAST_FROST, offset_weeks=0):
    weeks = SOWING_WEEKS.get(crop)
    if weeks is None:
        return None
    return last_frost(year, frost) + timedelta(weeks=weeks + offset_weeks)


def seeds_to_sow(plants_wanted, rate=None, spare=0.25):
    if not rate:
        rate = 0.5
    return round(plants_wanted / rate * (1 + spare))


class SeedBox:
    def __init__(self, packets=None):
        self.packets = list(packets or [])

    def add(self, packet):
        self.packets.append(packet)
        logger.info("added %s", packet.label)

    def find(self, crop, variety=None):
        return [p for p in self.packets if p.crop == crop and (variety is None or p.variety == variety)]

    def to_replace(self, today=None, threshold=LOW_GERMINATION):
        """Packets too old to trust, or whose tests came up poorly."""
        stale = []
        for packet in self.packets:
            rate = packet.germination_rate()
            if not packet.is_viable(today) or (rate is not None and rate < threshold):
                stale.append(packet)
        return stale

    def calendar(self, year, frost=LAST_FROST):
        entries = []
        for packet in self.packets:
            when = sowing_date(packet.crop, year, frost=frost)
            if when is not None:
                entries.append((when, packet.label))
        return sorted(entries)

    def plan(self, wanted):
        return {crop: seeds_to_sow(plants, self.find(crop)[0].germination_rate()) for crop, plants in wanted.items()}


def read_inventory(path, *, delimiter=","):
    box = SeedBox()
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            count = int(row["count"] or 0)
            box.add(Packet(row["crop"], row["variety"], int(row["year"]), count, row.get("source") or "bought"))
    return box


def write_inventory(box, path, delimiter=";"):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(CSV_FIELDS)
        for packet in box.packets:
            writer.writerow([packet.crop, packet.variety, packet.year, packet.count, packet.source])
    return Path(path)


def shopping_list(box, year, today=None):
    lines = []
    for packet in box.to_replace(today):
        when = sowing_date(packet.crop, year)
        lines.append(f"- {packet.label}: buy before {when or 'spring'}")
    return lines
