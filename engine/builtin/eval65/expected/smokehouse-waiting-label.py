"""Batch tracking for a small smokehouse: loads, cure times and kiln slots."""

import datetime as dt
from dataclasses import dataclass, field

WOOD_TYPES = ("oak", "beech", "hickory", "applewood")
MIN_CURE_HOURS = 12
MAX_KILN_LOAD_KG = 80.0
SMOKE_TEMP_C = 28


@dataclass
class SmokeBatch:
    batch_id: str
    product: str
    weight_kg: float
    wood: str = "oak"
    started: dt.datetime | None = None
    notes: list = field(default_factory=list)

    def cure_deadline(self, hours=MIN_CURE_HOURS):
        if self.started is None:
            return None
        return self.started + dt.timedelta(hours=hours)

    def is_ready(self, now):
        deadline = self.cure_deadline()
        return deadline is not None and now >= deadline

    def add_note(self, text):
        stamp = dt.datetime.now().strftime("%H:%M")
        self.notes.append(f"{stamp} {text}")


class Kiln:
    def __init__(self, name, capacity_kg=MAX_KILN_LOAD_KG):
        self.name = name
        self.capacity_kg = capacity_kg
        self.batches = []
        self.temperature = SMOKE_TEMP_C

    def current_load(self):
        return sum(batch.weight_kg for batch in self.batches)

    def has_room_for(self, batch):
        return self.current_load() + batch.weight_kg <= self.capacity_kg

    def load(self, batch, when=None):
        if not self.has_room_for(batch):
            raise ValueError(f"kiln {self.name} is full")
        batch.started = when or dt.datetime.now()
        self.batches.append(batch)
        batch.add_note(f"loaded into {self.name}")

    def unload_ready(self, now):
        ready = [batch for batch in self.batches if batch.is_ready(now)]
        self.batches = [batch for batch in self.batches if batch not in ready]
        for batch in ready:
            batch.add_note(f"unloaded from {self.name}")
        return ready

    def set_temperature(self, celsius):
        if celsius < 15 or celsius > 90:
            raise ValueError(f"temperature {celsius} out of range")
        self.temperature = celsius


def parse_batch_line(line, default_wood="oak"):
    parts = [part.strip() for part in line.split(",")]
    if len(parts) < 3:
        raise ValueError(f"bad batch line: {line!r}")
    batch_id, product, weight = parts[:3]
    wood = parts[3] if len(parts) > 3 and parts[3] else default_wood
    if wood not in WOOD_TYPES:
        raise ValueError(f"unknown wood {wood!r}")
    return SmokeBatch(batch_id, product, float(weight), wood)


def plan_kiln_run(lines, kilns, start=None):
    pending = [parse_batch_line(line) for line in lines if line.strip()]
    pending.sort(key=lambda batch: batch.weight_kg, reverse=True)
    leftover = []
    for batch in pending:
        for kiln in kilns:
            if kiln.has_room_for(batch):
                kiln.load(batch, when=start)
                break
        else:
            leftover.append(batch)
    return leftover


def summarise_run(kilns, leftover=()):
    lines = []
    for kiln in kilns:
        load = kiln.current_load()
        lines.append(f"{kiln.name}: {len(kiln.batches)} batches, {load:.1f} kg")
    if leftover:
        lines.append("Left over: " + ", ".join(batch.batch_id for batch in leftover))
    return "\n".join(lines)
