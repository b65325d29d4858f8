"""Bird census: point-count checklists per site, species totals, diversity and rarities."""

from __future__ import annotations

import csv
import logging
import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

logger = logging.getLogger(__name__)

RARITIES = {"hoopoe", "bee-eater", "wryneck", "red-backed shrike", "golden oriole"}
COUNT_MINUTES = 10
MAX_DISTANCE_M = 100
HIGH_COUNT_FACTOR = 3


@dataclass
class Observation:
    species: str
    count: int = 1
    distance_m: int | None = None
    heard_only: bool = False


@dataclass
class Checklist:
    site: str
    observer: str
    started: datetime
    minutes: int = COUNT_MINUTES
    sightings: list[Observation] = field(default_factory=list)

    def add(self, species, count=1, *, distance_m=None, heard_only=False):
        name = species.strip().lower()
        if count < 1:
            raise ValueError(f"count must be at least 1 for {name}")
        self.sightings.append(Observation(name, count, distance_m, heard_only))

    def totals(self, max_distance=MAX_DISTANCE_M):
        tally = Counter()
        for sighting in self.sightings:
            if sighting.distance_m is not None and sighting.distance_m > max_distance:
                continue
            tally[sighting.species] += sighting.count
        return tally

    def birds_per_minute(self):
        return round(sum(self.totals().values()) / self.minutes, 2)

    def rarities(self):
        return sorted(set(self.totals()) & RARITIES)


def is_standard(checklist, minutes=COUNT_MINUTES):
    """A standard point count lasts exactly the protocol's minutes."""
    return checklist.minutes == minutes


def shannon_index(tally):
    total = sum(tally.values())
    if total == 0:
        return 0.0
    index = 0.0
    for count in tally.values():
        share = count / total
        index -= share * math.log(share)
    return round(index, 3)


def merge_totals(checklists, *, max_distance=MAX_DISTANCE_M):
    combined = Counter()
    for checklist in checklists:
        combined.update(checklist.totals(max_distance))
    return combined


def high_counts(checklist, baseline, factor=HIGH_COUNT_FACTOR):
    flagged = []
    for species, count in checklist.totals().items():
        usual = baseline.get(species, 0)
        if usual and count >= usual * factor:
            flagged.append(f"{species}: {count} (usual {usual})")
    return flagged


def site_summary(checklists, site):
    visits = [checklist for checklist in checklists if checklist.site == site and is_standard(checklist)]
    tally = merge_totals(visits)
    return {
        "site": site,
        "visits": len(visits),
        "species": len(tally),
        "birds": sum(tally.values()),
        "diversity": shannon_index(tally),
    }


def read_checklist(path: Path):
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    first = rows[0]
    checklist = Checklist(first["site"], first["observer"], datetime.fromisoformat(first["started"]))
    for row in rows:
        distance = row.get("distance")
        checklist.add(
            row["species"],
            int(row["count"]),
            distance_m=int(distance) if distance else None,
            heard_only=row.get("heard") == "yes",
        )
    logger.info("read %d sightings for %s", len(checklist.sightings), checklist.site)
    return checklist


def write_totals(tally, path: Path, *, sort_by_count=True):
    if sort_by_count:
        items = sorted(tally.items(), key=lambda item: (-item[1], item[0]))
    else:
        items = sorted(tally.items())
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["species", "count"])
        writer.writerows(items)
    logger.info("wrote %d species to %s", len(items), path)
