"""Casting log and bronze estimates for a bell foundry."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

BRONZE_COPPER_SHARE = 0.78
BRONZE_TIN_SHARE = 0.22
MELT_LOSS = 0.10
COOLING_DAYS_PER_TONNE = 2
FOUNDRY_NAME = "Whitfield & Sons"


@dataclass
class Casting:
    bell_name: str
    note: str
    weight_kg: float
    poured_on: str
    tuned: bool = False

    def label(self) -> str:
        return f"{self.bell_name} ({self.note}, {self.weight_kg:.0f} kg)"

    def is_heavy(self) -> bool:
        return self.weight_kg > 500


def metal_required(weight_kg, allowance=MELT_LOSS):
    return weight_kg * (1 + allowance)


def alloy_split(weight_kg, allowance=MELT_LOSS, rounding=1):
    total = metal_required(weight_kg, allowance=allowance)
    copper = round(total * BRONZE_COPPER_SHARE, rounding)
    tin = round(total * BRONZE_TIN_SHARE, rounding)
    return {"copper": copper, "tin": tin}


def cooling_days(weight_kg, minimum=3):
    days = weight_kg / 1000 * COOLING_DAYS_PER_TONNE
    return max(minimum, int(days + 0.5))


class CastingLog:
    """Everything poured at the foundry, in order."""

    def __init__(self, foundry=FOUNDRY_NAME):
        self.foundry = foundry
        self.castings: list[Casting] = []
        self.scrapped: list[str] = []

    def record(self, casting, checked_by=None):
        self.castings.append(casting)
        return len(self.castings)

    def scrap(self, bell_name):
        keep = [c for c in self.castings if c.bell_name != bell_name]
        if len(keep) == len(self.castings):
            return False
        self.castings = keep
        self.scrapped.append(bell_name)
        return True

    def total_bronze(self):
        return sum(metal_required(c.weight_kg) for c in self.castings)

    def untuned(self):
        return [c for c in self.castings if not c.tuned]

    def summary(self):
        weights = [c.weight_kg for c in self.castings]
        mean = statistics.mean(weights) if weights else 0.0
        heavy = sum(1 for c in self.castings if c.is_heavy())
        return (
            f"{self.foundry}: {len(self.castings)} bells ({heavy} heavy), "
            f"{len(self.scrapped)} scrapped, mean {mean:.0f} kg"
        )


def pour_bell(log, bell_name, note, weight_kg, poured_on, foreman="head founder"):
    casting = Casting(bell_name, note, weight_kg, poured_on)
    number = log.record(casting, checked_by=foreman)
    split = alloy_split(weight_kg)
    ready = cooling_days(weight_kg)
    return {
        "number": number,
        "bell": casting.label(),
        "copper_kg": split["copper"],
        "tin_kg": split["tin"],
        "cool_for_days": ready,
    }
