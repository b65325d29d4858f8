"""A school-run carpool: families with cars, a weekly rota and how evenly the driving is shared."""

import json
import logging
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

SCHOOL_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri")
SEATS_PER_CAR = 4
MAX_DETOUR_KM = 3.5
ROTA_FILE = "carpool_rota.json"


@dataclass
class Family:
    name: str
    children: int
    seats: int = SEATS_PER_CAR
    days: tuple[str, ...] = SCHOOL_DAYS
    detour_km: float = 0.0

    def can_drive(self, day):
        return day in self.days and self.detour_km <= MAX_DETOUR_KM


def cars_needed(families, seats=SEATS_PER_CAR):
    children = sum(family.children for family in families)
    return -(-children // seats)


class Rota:
    def __init__(self, days=SCHOOL_DAYS):
        self.days = list(days)
        self.drivers = {day: [] for day in self.days}

    def assign(self, day, family):
        if family.name in self.drivers[day]:
            raise ValueError(f"{family.name} already drives on {day}")
        self.drivers[day].append(family.name)
        log.debug("%s drives on %s", family.name, day)

    def drive_counts(self):
        counts = {}
        for names in self.drivers.values():
            for name in names:
                counts[name] = counts.get(name, 0) + 1
        return counts

    def fairness(self):
        """Fewest drives divided by most drives; 1.0 when the driving is shared evenly."""
        counts = self.drive_counts()
        if not counts:
            return 1.0
        return min(counts.values()) / max(counts.values())

    def uncovered(self, needed):
        return [day for day in self.days if len(self.drivers[day]) < needed]


def pick_drivers(families, day, needed, counts, max_drives=3):
    free = [f for f in families if f.can_drive(day) and counts.get(f.name, 0) < max_drives]
    free.sort(key=lambda f: (counts.get(f.name, 0), f.detour_km, f.name))
    return free[:needed]


def build_rota(families, days=SCHOOL_DAYS, max_drives=3):
    rota = Rota(days)
    needed = cars_needed(families)
    counts = {}
    for day in rota.days:
        for family in pick_drivers(families, day, needed, counts, max_drives=max_drives):
            rota.assign(day, family)
            counts[family.name] = counts.get(family.name, 0) + 1
    for day in rota.uncovered(needed):
        log.warning("not enough drivers on %s", day)
    return rota


def print_rota(rota):
    for day in rota.days:
        names = ", ".join(rota.drivers[day]) or "(no driver)"
        print(f"{day}  {names}")
    print(f"fairness: {rota.fairness():.2f}")


def save_rota(rota, path=ROTA_FILE):
    data = {"days": rota.days, "drivers": rota.drivers}
    Path(path).write_text(json.dumps(data, indent=2))
    log.info("saved rota to %s", path)


def load_families(path):
    families = []
    for row in json.loads(Path(path).read_text()):
        row["days"] = tuple(row.get("days", SCHOOL_DAYS))
        if row.get("detour_km", 0.0) > MAX_DETOUR_KM:
            log.info("%s lives too far out to drive", row["name"])
        families.append(Family(**row))
    return families


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    families = [
        Family("Okafor", 2),
        Family("Lindqvist", 1, seats=3, days=("Mon", "Wed", "Fri")),
        Family("Moreau", 3, seats=5, detour_km=2.0),
        Family("Tanaka", 2, days=("Tue", "Thu")),
        Family("Byrne", 1, detour_km=4.0),
    ]
    rota = build_rota(families)
    print_rota(rota)
    save_rota(rota)
    extra = pick_drivers(families, "Fri", 2, rota.drive_counts(), max_drives=4)
    print("could also drive on Friday:", [family.name for family in extra])
