"""Preserving batches for the jam kitchen: fruit, sugar, set tests and jar counts."""

import math
from dataclasses import dataclass

SUGAR_RATIO = 0.75
SETTING_POINT_C = 105
JAR_VOLUME_ML = 340
PAN_CAPACITY_KG = 8.0
PECTIN_LEVELS = {"strawberry": "low", "raspberry": "medium", "blackcurrant": "high", "plum": "medium"}


@dataclass
class FruitLot:
    fruit: str
    weight_kg: float
    supplier: str = "own garden"


class PreservingBatch:
    """A single boil in the preserving pan."""

    def __init__(self, batch_code, lot, lemon_juice_ml=0):
        self.batch_code = batch_code
        self.lot = lot
        self.lemon_juice_ml = lemon_juice_ml
        self.sugar_kg = sugar_for(lot.weight_kg, fruit=lot.fruit)
        self.temperatures = []
        self.jars_filled = 0

    def record_temperature(self, reading_c):
        self.temperatures.append(reading_c)
        return reading_c >= SETTING_POINT_C

    def has_set(self):
        if not self.temperatures:
            return False
        return max(self.temperatures) >= SETTING_POINT_C

    def needs_pectin(self):
        level = PECTIN_LEVELS.get(self.lot.fruit, "medium")
        return level == "low" and self.lemon_juice_ml < 30

    def fill_jars(self, yield_ratio=1.6):
        total_ml = (self.lot.weight_kg + self.sugar_kg) * 1000 / yield_ratio
        self.jars_filled = jars_needed(total_ml)
        return self.jars_filled


class BatchBook:
    """The kitchen's running record of batches, one page per day."""

    def __init__(self, kitchen_name):
        self.kitchen_name = kitchen_name
        self.batches = []
        self.rejected = 0

    def start_batch(self, lot, lemon_juice_ml=0):
        if lot.weight_kg > PAN_CAPACITY_KG:
            raise ValueError(f"{lot.weight_kg} kg will not fit the pan")
        code = f"{lot.fruit[:3].upper()}-{len(self.batches) + 1:03d}"
        batch = PreservingBatch(code, lot, lemon_juice_ml=lemon_juice_ml)
        self.batches.append(batch)
        return batch

    def reject(self, batch_code):
        for batch in self.batches:
            if batch.batch_code == batch_code:
                self.batches.remove(batch)
                self.rejected += 1
                return True
        return False

    def total_jars(self):
        return sum(batch.jars_filled for batch in self.batches)

    def unset_batches(self):
        return [batch.batch_code for batch in self.batches if not batch.has_set()]


def sugar_for(fruit_kg, ratio=SUGAR_RATIO, fruit=None):
    return round(fruit_kg * ratio, 2)


def jars_needed(volume_ml, jar_ml=JAR_VOLUME_ML, spare=1):
    return math.ceil(volume_ml / jar_ml) + spare


def split_lot(lot, pan_kg=PAN_CAPACITY_KG, min_share_kg=0.5):
    pans = math.ceil(lot.weight_kg / pan_kg)
    share = round(lot.weight_kg / pans, 3)
    return [FruitLot(lot.fruit, share, lot.supplier) for _ in range(pans)]


def label_text(batch, made_on, best_before_months=18):
    fruit = batch.lot.fruit.title()
    return (
        f"{fruit} Jam\n"
        f"Batch {batch.batch_code}\n"
        f"Made {made_on:%d %b %Y}, best before {best_before_months} months"
    )


def day_summary(book):
    lines = [f"{book.kitchen_name}: {len(book.batches)} batches"]
    for batch in book.batches:
        status = "set" if batch.has_set() else "not set"
        lines.append(f"  {batch.batch_code} {batch.lot.fruit} {batch.sugar_kg} kg sugar, {status}")
    lines.append("  rejected today: " + str(book.rejected))
    return "\n".join(lines)
