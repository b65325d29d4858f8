"""Pressing log for the orchard's cider barn."""
import csv
import statistics
from dataclasses import dataclass
from pathlib import Path

JUICE_YIELD_LITRES_PER_KG = 0.62
MAX_PRESS_LOAD_KG = 180
TARGET_GRAVITY = 1.050
LOG_COLUMNS = ("date", "variety", "kg", "litres", "gravity")


@dataclass
class Pressing:
    variety: str
    kg: float
    litres: float = 0.0
    gravity: float = 1.000

    @property
    def yield_ratio(self) -> float:
        if not self.kg:
            return 0.0
        return self.litres / self.kg


def loads_for(kg, max_load=MAX_PRESS_LOAD_KG):
    """Split a delivery of apples into press loads."""
    loads = []
    while kg > 0:
        load = min(kg, max_load)
        loads.append(load)
        kg -= load
    return loads


def expected_litres(kg: float, ratio: float = JUICE_YIELD_LITRES_PER_KG) -> float:
    return round(kg * ratio, 1)


def potential_abv(gravity, final_gravity=1.000):
    return round((gravity - final_gravity) * 131.25, 1)


def needs_sugar(pressings, target=TARGET_GRAVITY):
    gravities = [p.gravity for p in pressings if p.litres > 0]
    if not gravities:
        return False
    return statistics.mean(gravities) < target


def read_log(path: Path):
    pressings = []
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                pressings.append(Pressing(row["variety"], float(row["kg"]),
                                          float(row["litres"]), float(row["gravity"])))
            except (KeyError, ValueError):
                continue
    return pressings


def variety_yields(pressings):
    by_variety = {}
    for pressing in pressings:
        by_variety.setdefault(pressing.variety, []).append(pressing.yield_ratio)
    return {name: round(statistics.mean(r), 3) for name, r in by_variety.items()}


def append_log(path: Path, day, pressing: Pressing) -> None:
    new_file = not path.exists()
    with path.open("a", newline="") as handle:
        writer = csv.writer(handle)
        if new_file:
            writer.writerow(LOG_COLUMNS)
        writer.writerow([day.isoformat(), pressing.variety, pressing.kg,
                         pressing.litres, f"{pressing.gravity:.3f}"])
