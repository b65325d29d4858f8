"""Fermentation tracking for a small-batch kombucha brewery."""

from __future__ import annotations

import csv
import statistics
from datetime import date, timedelta

TARGET_PH = 3.2
MIN_SAFE_PH = 2.5
PRIMARY_DAYS = 10
SECONDARY_DAYS = 3
SCOBY_RESERVE = 4
FLAVOURS = ("ginger", "hibiscus", "raspberry", "lemongrass")


class Batch:
    def __init__(self, batch_id: str, litres: float, tea: str, brewed_on: date):
        self.batch_id = batch_id
        self.litres = litres
        self.tea = tea
        self.brewed_on = brewed_on
        self.readings: list[tuple[date, float]] = []
        self.flavour: str | None = None

    def add_reading(self, day: date, ph: float) -> None:
        if ph < MIN_SAFE_PH:
            raise ValueError(f"pH {ph} is below the safe floor")
        self.readings.append((day, ph))

    def latest_ph(self) -> float | None:
        if not self.readings:
            return None
        return self.readings[-1][1]

    def ready_for_secondary(self, today: date) -> bool:
        ph = self.latest_ph()
        old_enough = today - self.brewed_on >= timedelta(days=PRIMARY_DAYS)
        return old_enough and ph is not None and ph <= TARGET_PH

    def flavour_with(self, flavour: str) -> None:
        if flavour not in FLAVOURS:
            raise ValueError(f"unknown flavour: {flavour}")
        self.flavour = flavour


class ScobyHotel:
    def __init__(self, count: int = 12):
        self.count = count
        self.log: list[str] = []

    def take(self, n: int = 1) -> int:
        if self.count - n < SCOBY_RESERVE:
            raise RuntimeError("would eat into the SCOBY reserve")
        self.count -= n
        self.log.append(f"took {n}")
        return self.count

    def feed(self, new_scobies):
        self.count += new_scobies
        self.log.append(f"added {new_scobies}")


def bottling_date(batch: Batch, extra_days: int = 0) -> date:
    return batch.brewed_on + timedelta(days=PRIMARY_DAYS + SECONDARY_DAYS + extra_days)


def average_ph(batch: Batch, last_n: int = 3) -> float | None:
    values = [ph for _, ph in batch.readings[-last_n:]]
    if not values:
        return None
    return round(statistics.mean(values), 2)


def start_batch(hotel, batch_id, litres=20.0, tea="black", brewed_on=None, sweetness="standard"):
    hotel.take(1 if litres <= 25 else 2)
    batch = Batch(batch_id, litres, tea, brewed_on or date.today())
    print(f"started {batch_id}: {litres} L of {tea}")
    return batch


def plan_week(hotel, ids, litres=20.0):
    batches = []
    for offset, batch_id in enumerate(ids):
        brewed = date.today() + timedelta(days=offset)
        try:
            batches.append(start_batch(hotel, batch_id, litres, brewed_on=brewed, sweetness="standard"))
        except RuntimeError:
            break
    return batches


def export_readings(batches, path):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["batch", "day", "ph", "avg"])
        for batch in batches:
            mean = average_ph(batch)
            for day, ph in batch.readings:
                writer.writerow([batch.batch_id, day.isoformat(), ph, mean])
    return path
