"""Dough batches and drying racks for a small fresh pasta maker."""

import json
from datetime import date, timedelta

HYDRATION_TARGET = 0.32
SEMOLINA_PER_KG = 0.75
DRYING_HOURS = {"spaghetti": 18, "rigatoni": 24, "orecchiette": 12, "tagliatelle": 8}
RACK_CAPACITY_KG = 6.0


def water_for_flour(flour_kg, hydration=HYDRATION_TARGET):
    return round(flour_kg * hydration, 3)


def racks_needed(batch_kg, rack_kg=RACK_CAPACITY_KG):
    full, rest = divmod(batch_kg, rack_kg)
    return int(full) + (1 if rest > 0 else 0)


def drying_time(shape, humidity=0.55, thickness_mm=1.5):
    hours = DRYING_HOURS.get(shape, 12)
    if humidity > 0.7:
        hours += 6
    return hours


def best_before(made_on, shape, dried=True):
    days = 30 if dried else 3
    return made_on + timedelta(days=days)


class PastaBatch:
    def __init__(self, code, shape, flour_kg, made_on=None):
        self.code = code
        self.shape = shape
        self.flour_kg = flour_kg
        self.made_on = made_on or date.today()
        self.water_kg = water_for_flour(flour_kg)
        self.rejected_kg = 0.0

    def dough_kg(self):
        return round(self.flour_kg + self.water_kg, 3)

    def saleable_kg(self):
        return round(self.dough_kg() - self.rejected_kg, 3)

    def reject(self, kg, reason="cracked"):
        if kg > self.saleable_kg():
            raise ValueError(f"batch {self.code} has only {self.saleable_kg()} kg left")
        self.rejected_kg += kg
        return reason

    def label(self):
        expiry = best_before(self.made_on, self.shape, dried=True)
        return f"{self.shape.title()} {self.code} best before {expiry:%d/%m/%Y}"

    def to_record(self):
        return {
            "code": self.code,
            "shape": self.shape,
            "flour_kg": self.flour_kg,
            "water_kg": self.water_kg,
            "rejected_kg": self.rejected_kg,
            "made_on": self.made_on.isoformat(),
        }


class DryingRoom:
    def __init__(self, racks=10, humidity=0.55):
        self.racks = racks
        self.humidity = humidity
        self.loaded = []

    def free_racks(self):
        used = sum(racks_needed(batch.saleable_kg()) for batch in self.loaded)
        return self.racks - used

    def load(self, batch):
        needed = racks_needed(batch.saleable_kg())
        if needed > self.free_racks():
            return False
        self.loaded.append(batch)
        return True

    def ready_at(self, batch, loaded_hour=6):
        return loaded_hour + drying_time(batch.shape, humidity=self.humidity)

    def unload(self, code):
        for batch in self.loaded:
            if batch.code == code:
                self.loaded.remove(batch)
                return batch
        return None

    def save(self, path):
        records = [batch.to_record() for batch in self.loaded]
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(records, handle, indent=2)
        return len(records)

    def restore(self, path):
        with open(path, encoding="utf-8") as handle:
            records = json.load(handle)
        for record in records:
            batch = PastaBatch(record["code"], record["shape"], record["flour_kg"],
                               made_on=date.fromisoformat(record["made_on"]))
            batch.rejected_kg = record["rejected_kg"]
            self.loaded.append(batch)
        return len(self.loaded)
