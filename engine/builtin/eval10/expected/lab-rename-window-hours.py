"""Laboratory sample tracking: holding times, cold storage checks and a chain of custody."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

SAMPLE_ID_PATTERN = re.compile(r"^[A-Z]{2}-\d{4}-\d{3}$")
HOLDING_HOURS = {"nitrate": 48, "bod": 48, "coliform": 6, "metals": 4320}
STORAGE_LIMITS_C = {"fridge": (2.0, 6.0), "freezer": (-25.0, -15.0), "ambient": (15.0, 25.0)}
BOX_SIZE = 9
DEFAULT_STORAGE = "fridge"


@dataclass
class CustodyEntry:
    handler: str
    action: str
    at: datetime


@dataclass
class Sample:
    sample_id: str
    matrix: str
    collected: datetime
    analyses: list[str] = field(default_factory=list)
    storage: str = DEFAULT_STORAGE
    custody: list[CustodyEntry] = field(default_factory=list)

    def __post_init__(self):
        if not SAMPLE_ID_PATTERN.match(self.sample_id):
            raise ValueError(f"bad sample id {self.sample_id!r}")

    def log_custody(self, handler, action, at=None):
        entry = CustodyEntry(handler, action, at or datetime.now())
        self.custody.append(entry)
        logger.debug("%s: %s by %s", self.sample_id, action, handler)
        return entry

    def deadline(self, analysis):
        hours = HOLDING_HOURS.get(analysis)
        if hours is None:
            raise KeyError(f"no holding time for {analysis}")
        return self.collected + timedelta(hours=hours)


class FreezerBox:
    """A square box of tube slots, addressed by row and column from 0."""

    def __init__(self, label, size=BOX_SIZE):
        self.label = label
        self.size = size
        self.slots: dict[tuple[int, int], str] = {}

    def place(self, sample_id, row, column):
        if not (0 <= row < self.size and 0 <= column < self.size):
            raise IndexError(f"{self.label}: no slot {row},{column}")
        if (row, column) in self.slots:
            raise ValueError(f"{self.label}: slot {row},{column} is taken")
        self.slots[(row, column)] = sample_id

    def next_free(self):
        for row in range(self.size):
            for column in range(self.size):
                if (row, column) not in self.slots:
                    return row, column
        return None


def store_sample(box, sample, handler):
    slot = box.next_free()
    if slot is None:
        raise RuntimeError(f"box {box.label} is full")
    box.place(sample.sample_id, *slot)
    sample.log_custody(handler, f"stored in {box.label} at {slot[0]},{slot[1]}")
    return slot


def storage_ok(storage, reading_c, *, margin=0.5):
    low, high = STORAGE_LIMITS_C[storage]
    return low - margin <= reading_c <= high + margin


def check_temperatures(samples, readings, *, margin=0.5):
    problems = []
    for sample in samples:
        reading = readings.get(sample.storage)
        if reading is None:
            continue
        if not storage_ok(sample.storage, reading, margin=margin):
            problems.append(f"{sample.sample_id}: {sample.storage} at {reading:.1f} C")
    return problems


def due_soon(samples, now, horizon_hours=12):
    soon = []
    for sample in samples:
        for analysis in sample.analyses:
            left = sample.deadline(analysis) - now
            if timedelta(0) <= left <= timedelta(hours=horizon_hours):
                soon.append((sample.sample_id, analysis, left))
    soon.sort(key=lambda item: item[2])
    return soon


def morning_summary(samples, now, window_hours=24):
    lines = [f"{len(samples)} samples on hand"]
    for sample_id, analysis, left in due_soon(samples, now, horizon_hours=window_hours):
        lines.append(f"  {sample_id} {analysis}: {left.total_seconds() / 3600:.1f} h left")
    return "\n".join(lines)


def export_samples(samples, path: Path):
    data = []
    for sample in samples:
        data.append({
            "id": sample.sample_id,
            "matrix": sample.matrix,
            "collected": sample.collected.isoformat(),
            "analyses": sample.analyses,
            "storage": sample.storage,
            "custody": [[entry.handler, entry.action, entry.at.isoformat()] for entry in sample.custody],
        })
    path.write_text(json.dumps(data, indent=2))
    logger.info("exported %d samples to %s", len(data), path)
