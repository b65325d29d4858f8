"""Batch tracking for a herb drying shed: racks, moisture readings and yields."""

import csv
import statistics
from datetime import datetime, timedelta

TARGET_MOISTURE = 10.0
RACK_CAPACITY_KG = 4.5
DRYING_HOURS = {"mint": 36, "sage": 48, "thyme": 30, "lavender": 60}
DEFAULT_HOURS = 40


class Batch:
    def __init__(self, herb, fresh_kg, rack, loaded_at=None):
        self.herb = herb
        self.fresh_kg = fresh_kg
        self.rack = rack
        self.loaded_at = loaded_at or datetime.now()
        self.readings = []
        self.dry_kg = None

    def add_reading(self, moisture, taken_at=None):
        taken_at = taken_at or datetime.now()
        self.readings.append((taken_at, moisture))

    def latest_moisture(self):
        if not self.readings:
            return None
        return self.readings[-1][1]

    def is_dry(self):
        latest = self.latest_moisture()
        return latest is not None and latest <= TARGET_MOISTURE

    def expected_ready(self):
        hours = DRYING_HOURS.get(self.herb, DEFAULT_HOURS)
        return self.loaded_at + timedelta(hours=hours)

    def yield_ratio(self):
        if self.dry_kg is None or self.fresh_kg == 0:
            return None
        return self.dry_kg / self.fresh_kg


class Shed:
    def __init__(self, name, racks=12):
        self.name = name
        self.racks = racks
        self.batches = []

    def free_racks(self):
        used = {b.rack for b in self.batches if b.dry_kg is None}
        return [r for r in range(1, self.racks + 1) if r not in used]

    def load(self, herb, fresh_kg):
        if fresh_kg > RACK_CAPACITY_KG:
            raise ValueError("too much for one rack: %.1f kg" % fresh_kg)
        free = self.free_racks()
        if not free:
            return None
        batch = Batch(herb, fresh_kg, free[0])
        self.batches.append(batch)
        return batch

    def unload(self, batch, dry_kg):
        batch.dry_kg = dry_kg
        return batch.yield_ratio()

    def overdue(self, now=None):
        now = now or datetime.now()
        return [b for b in self.batches if b.dry_kg is None and now > b.expected_ready()]


def average_yield(batches, herb):
    ratios = [b.yield_ratio() for b in batches if b.herb == herb]
    ratios = [r for r in ratios if r is not None]
    if not ratios:
        return None
    return statistics.mean(ratios)


def moisture_trend(batch, window=3):
    """Return the average change in moisture per reading over the last `window` readings."""
    values = [m for _t, m in batch.readings[-window:]]
    if len(values) < 2:
        return 0.0
    return (values[-1] - values[0]) / (len(values) - 1)


def export_batches(shed, path, delimiter=","):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(["herb", "rack", "fresh_kg", "dry_kg", "loaded_at"])
        for b in shed.batches:
            writer.writerow([b.herb, b.rack, b.fresh_kg, b.dry_kg, b.loaded_at.isoformat()])
    return len(shed.batches)


def label_text(batch, shop_name):
    weight = batch.dry_kg if batch.dry_kg is not None else 0.0
    return "%s dried %s, %.2f kg" % (shop_name, batch.herb, weight)


def parse_reading(line, source=None):
    herb, rack, moisture = line.strip().split(";")
    return herb, int(rack), float(moisture)
