"""Sand moulds at a brass foundry: pattern stock, pour weights and mould turnover."""

import logging
from dataclasses import dataclass
from datetime import datetime

BRASS_DENSITY = 8.5
SHRINKAGE = 0.015
RISER_ALLOWANCE = 0.3
POUR_TEMP_C = 1050
MAX_FLASK_KG = 120.0

log = logging.getLogger(__name__)


@dataclass
class Pattern:
    code: str
    volume_cm3: float
    cores: int = 0
    split: bool = True


def casting_weight(pattern, density=BRASS_DENSITY):
    grams = pattern.volume_cm3 * (1 + SHRINKAGE) * density
    return grams / 1000


def pour_weight(pattern, risers=RISER_ALLOWANCE, spill=0.05):
    base = casting_weight(pattern)
    return round(base * (1 + risers + spill), 3)


def flasks_for(patterns, per_flask=2, legacy_mode=False):
    loads = []
    current = []
    for pattern in patterns:
        if len(current) == per_flask:
            loads.append(current)
            current = []
        current.append(pattern.code)
    if current:
        loads.append(current)
    return loads


def melt_plan(patterns, crucible_kg=40.0):
    total = sum(pour_weight(p) for p in patterns)
    heats = int(total // crucible_kg) + 1
    return {"total_kg": round(total, 2), "heats": heats, "temp": POUR_TEMP_C}


class Mould:
    def __init__(self, pattern, rammed_by):
        self.pattern = pattern
        self.rammed_by = rammed_by
        self.rammed_at = datetime.now()
        self.poured = False
        self.defects = []

    def pour(self, temp_c):
        if temp_c < POUR_TEMP_C - 30:
            self.defects.append("cold shut risk")
        self.poured = True
        return pour_weight(self.pattern)

    def shake_out(self):
        if not self.poured:
            raise RuntimeError("mould %s not poured" % self.pattern.code)
        return len(self.defects) == 0


class MouldFloor:
    def __init__(self, bays=6):
        self.bays = bays
        self.moulds = []
        self.scrap = 0

    def ram(self, pattern, moulder):
        if len(self.moulds) >= self.bays:
            raise ValueError("floor full")
        mould = Mould(pattern, moulder)
        self.moulds.append(mould)
        log.info("rammed %s", pattern.code)
        return mould

    def pour_all(self, temp_c=POUR_TEMP_C):
        poured = 0.0
        for mould in self.moulds:
            if not mould.poured:
                poured += mould.pour(temp_c)
        return round(poured, 3)

    def clear(self):
        good = [m for m in self.moulds if m.shake_out()]
        self.scrap += len(self.moulds) - len(good)
        self.moulds = []
        return len(good)

    def flask_plan(self):
        patterns = [m.pattern for m in self.moulds]
        return flasks_for(patterns, per_flask=3, legacy_mode=True)
