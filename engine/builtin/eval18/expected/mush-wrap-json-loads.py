"""Grow-room controller notes for a small oyster and shiitake mushroom farm."""

import json
import statistics
from pathlib import Path

SPAWN_RATIO = 0.15
PINNING_HUMIDITY = 92
FRUITING_TEMP_C = (14, 20)
CO2_LIMIT_PPM = 900
BLOCK_WEIGHT_KG = 2.5
STRAINS = {"blue oyster": 14, "king oyster": 21, "shiitake": 90}


class GrowBlock:
    def __init__(self, block_id, strain, inoculated_day):
        self.block_id = block_id
        self.strain = strain
        self.inoculated_day = inoculated_day
        self.flushes = []
        self.contaminated = False

    def colonised_by(self):
        return self.inoculated_day + STRAINS[self.strain]

    def record_flush(self, weight_g):
        self.flushes.append(weight_g)
        return len(self.flushes)

    def biological_efficiency(self):
        dry_substrate_g = BLOCK_WEIGHT_KG * 1000 * 0.4
        return sum(self.flushes) / dry_substrate_g


class GrowRoom:
    def __init__(self, name, capacity=120):
        self.name = name
        self.capacity = capacity
        self.blocks = []
        self.readings = []

    def add_block(self, block):
        if len(self.blocks) >= self.capacity:
            raise RuntimeError(f"{self.name} is full")
        self.blocks.append(block)

    def log_reading(self, temp_c, humidity, co2_ppm):
        self.readings.append((temp_c, humidity, co2_ppm))

    def conditions_ok(self):
        if not self.readings:
            return False
        temp_c, humidity, co2_ppm = self.readings[-1]
        low, high = FRUITING_TEMP_C
        return low <= temp_c <= high and humidity >= PINNING_HUMIDITY and co2_ppm < CO2_LIMIT_PPM

    def fan_speed(self):
        if not self.readings:
            return 0
        co2_ppm = self.readings[-1][2]
        if co2_ppm > CO2_LIMIT_PPM:
            return 100
        return 40

    def cull_contaminated(self):
        bad = [b for b in self.blocks if b.contaminated]
        self.blocks = [b for b in self.blocks if not b.contaminated]
        return len(bad)


def spawn_needed(substrate_kg, ratio=SPAWN_RATIO):
    return round(substrate_kg * ratio, 2)


def average_humidity(room, last=12):
    values = [h for _, h, _ in room.readings[-last:]]
    if not values:
        return None
    return statistics.mean(values)


def harvest_total(blocks, strain, since_day):
    total = 0
    for block in blocks:
        if block.strain == strain:
            total += sum(block.flushes)
    return total


def load_blocks(path):
    try:
        raw = json.loads(Path(path).read_text())
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON") from exc
    blocks = []
    for item in raw:
        block = GrowBlock(item["id"], item["strain"], item["day"])
        block.flushes = list(item.get("flushes", []))
        blocks.append(block)
    return blocks


def save_blocks(blocks, path):
    data = [
        {"id": b.block_id, "strain": b.strain, "day": b.inoculated_day, "flushes": b.flushes}
        for b in blocks
    ]
    Path(path).write_text(json.dumps(data, indent=2))


def weekly_report(room):
    lines = [f"Room {room.name}: {len(room.blocks)} blocks"]
    for strain in sorted({b.strain for b in room.blocks}):
        grams = harvest_total(room.blocks, strain, since_day=0)
        lines.append(f"  {strain}: {grams} g")
    humidity = average_humidity(room)
    if humidity is not None:
        lines.append(f"  mean humidity {humidity:.0f}%")
    return "\n".join(lines)
