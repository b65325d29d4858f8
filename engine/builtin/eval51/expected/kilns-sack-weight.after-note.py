"""Burn scheduling and yield tracking for a charcoal burner's earth and steel kilns."""

import math
import statistics
from datetime import datetime, timedelta

KILN_TYPES = ("earth-mound", "ring-kiln", "retort")
DEFAULT_BURN_HOURS = 36
COOLING_HOURS = 48
WOOD_DENSITY_KG_M3 = 640
EXPECTED_YIELD = {"earth-mound": 0.15, "ring-kiln": 0.22, "retort": 0.3}
SACK_WEIGHT_KG = 20


def wood_mass(volume_m3, moisture=0.2):
    dry_fraction = 1.0 - moisture
    return volume_m3 * WOOD_DENSITY_KG_M3 * dry_fraction


def estimate_yield(kiln_type, volume_m3, moisture=0.2, operator=None):
    if kiln_type not in EXPECTED_YIELD:
        raise KeyError("unknown kiln type: " + kiln_type)
    mass = wood_mass(volume_m3, moisture=moisture)
    return mass * EXPECTED_YIELD[kiln_type]


def sacks_needed(charcoal_kg, sack_kg=SACK_WEIGHT_KG):
    return math.ceil(charcoal_kg / sack_kg)


class Burn:
    def __init__(self, kiln_type, volume_m3, lit_at, burn_hours=DEFAULT_BURN_HOURS):
        self.kiln_type = kiln_type
        self.volume_m3 = volume_m3
        self.lit_at = lit_at
        self.burn_hours = burn_hours
        self.temperatures = []
        self.yield_kg = None

    def record_temperature(self, celsius):
        self.temperatures.append(celsius)

    def peak_temperature(self):
        return max(self.temperatures) if self.temperatures else None

    def ready_at(self):
        return self.lit_at + timedelta(hours=self.burn_hours + COOLING_HOURS)

    def is_ready(self, now=None):
        now = now or datetime.now()
        return now >= self.ready_at()

    def unload(self, weighed_kg):
        self.yield_kg = weighed_kg
        return sacks_needed(weighed_kg)

    def efficiency(self):
        if self.yield_kg is None:
            return None
        expected = estimate_yield(self.kiln_type, self.volume_m3, operator="site crew")
        return round(self.yield_kg / expected, 3)


class KilnYard:
    def __init__(self, name, kiln_count=4):
        self.name = name
        self.kiln_count = kiln_count
        self.burns = []

    def light(self, kiln_type, volume_m3, lit_at=None, burn_hours=DEFAULT_BURN_HOURS):
        if kiln_type not in KILN_TYPES:
            raise ValueError("unsupported kiln: " + kiln_type)
        active = [b for b in self.burns if b.yield_kg is None]
        if len(active) >= self.kiln_count:
            raise RuntimeError("all kilns are busy")
        burn = Burn(kiln_type, volume_m3, lit_at or datetime.now(), burn_hours)
        self.burns.append(burn)
        return burn

    def ready_burns(self, now=None):
        return [b for b in self.burns if b.yield_kg is None and b.is_ready(now)]

    def mean_efficiency(self):
        scores = [b.efficiency() for b in self.burns if b.yield_kg is not None]
        if not scores:
            return 0.0
        return statistics.mean(scores)


def season_report(yard, price_per_kg=2.4):
    total_kg = sum(b.yield_kg or 0 for b in yard.burns)
    lines = ["Yard: " + yard.name, "Burns: %d" % len(yard.burns)]
    lines.append("Charcoal: %.1f kg in %d sacks" % (total_kg, sacks_needed(total_kg)))
    lines.append("Value: %.2f" % (total_kg * price_per_kg))
    lines.append("Mean efficiency: %.1f%%" % (yard.mean_efficiency() * 100))
    return "\n".join(lines)
