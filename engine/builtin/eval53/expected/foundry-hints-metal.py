"""Bronze pour planning and logging for a sculpture foundry."""

import math
from datetime import datetime

BRONZE_DENSITY = 8.8  # grams per cubic centimetre
SPRUE_ALLOWANCE = 0.12
CRUCIBLE_CAPACITY_KG = 45
POUR_TEMP_C = 1150
MIN_SHELL_CURE_HOURS = 24


def metal_for_mould(volume_cm3: float, allowance: float = SPRUE_ALLOWANCE) -> float:
    grams = volume_cm3 * BRONZE_DENSITY * (1 + allowance)
    return round(grams / 1000, 2)


def crucible_loads(total_kg, capacity=CRUCIBLE_CAPACITY_KG):
    if total_kg <= 0:
        return 0
    return math.ceil(total_kg / capacity)


def shell_ready(dipped_at, now=None, cure_hours=MIN_SHELL_CURE_HOURS):
    now = now or datetime.now()
    waited = (now - dipped_at).total_seconds() / 3600
    return waited >= cure_hours


class Mould:
    def __init__(self, piece, volume_cm3, dipped_at):
        self.piece = piece
        self.volume_cm3 = volume_cm3
        self.dipped_at = dipped_at
        self.poured = False
        self.defects = []

    def metal_needed(self):
        return metal_for_mould(self.volume_cm3)

    def note_defect(self, description):
        self.defects.append(description)
        return len(self.defects)


class PourSession:
    def __init__(self, crew_lead, furnace="east", target_temp=POUR_TEMP_C):
        self.crew_lead = crew_lead
        self.furnace = furnace
        self.target_temp = target_temp
        self.moulds = []
        self.readings = []
        self.started_at = None

    def add_mould(self, mould):
        if mould.poured:
            raise ValueError(f"{mould.piece} has already been poured")
        self.moulds.append(mould)

    def log_temperature(self, celsius):
        self.readings.append((datetime.now(), celsius))
        return celsius >= self.target_temp

    def ready_moulds(self, now=None):
        return [m for m in self.moulds if shell_ready(m.dipped_at, now=now)]

    def plan(self, now=None):
        ready = self.ready_moulds(now)
        total = sum(m.metal_needed() for m in ready)
        return {
            "moulds": [m.piece for m in ready],
            "metal_kg": round(total, 2),
            "loads": crucible_loads(total),
        }

    def pour(self, now=None):
        if not self.readings:
            raise RuntimeError("no furnace reading logged yet")
        last_temp = self.readings[-1][1]
        if last_temp < self.target_temp:
            raise RuntimeError(f"furnace at {last_temp}C, need {self.target_temp}C")
        self.started_at = now or datetime.now()
        poured = []
        for mould in self.ready_moulds(now):
            mould.poured = True
            poured.append(mould.piece)
        self.moulds = [m for m in self.moulds if not m.poured]
        return poured

    def summary(self):
        temps = [celsius for _, celsius in self.readings]
        peak = max(temps) if temps else None
        return {
            "lead": self.crew_lead,
            "furnace": self.furnace,
            "peak_temp": peak,
            "waiting": len(self.moulds),
            "started": self.started_at.isoformat() if self.started_at else None,
        }


def defect_rate(moulds):
    poured = [m for m in moulds if m.poured]
    if not poured:
        return 0.0
    flawed = sum(1 for m in poured if m.defects)
    return round(flawed / len(poured), 3)
