"""A watering plan for house plants, from what each kind needs and the season."""

import json
import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

DEFAULT_INTERVAL_DAYS = 7
MIN_INTERVAL_DAYS = 2
SUMMER_FACTOR = 0.7
WINTER_FACTOR = 1.5
POT_LITRES_PER_CM = 0.05
SCHEDULE_FILE = "watering.json"

THIRST = {"cactus": 21, "succulent": 14, "orchid": 10, "fern": 3, "herb": 4}


def season_factor(day):
    if day.month in (6, 7, 8):
        return SUMMER_FACTOR
    if day.month in (12, 1, 2):
        return WINTER_FACTOR
    return 1.0


@dataclass
class Plant:
    name: str
    kind: str
    pot_cm: int
    last_watered: date | None = None
    notes: list[str] = field(default_factory=list)

    def interval(self, day):
        base = THIRST.get(self.kind, DEFAULT_INTERVAL_DAYS)
        return max(MIN_INTERVAL_DAYS, round(base * season_factor(day)))

    def due_on(self, day):
        if self.last_watered is None:
            return day
        return self.last_watered + timedelta(days=self.interval(day))

    def needs_water(self, day):
        return self.due_on(day) <= day

    def water_amount(self):
        return round(self.pot_cm * POT_LITRES_PER_CM, 2)


class WateringPlan:
    def __init__(self, plants=None, owner="me"):
        self.plants = {plant.name: plant for plant in plants or []}
        self.owner = owner
        self.history = []

    def add_plant(self, plant):
        if plant.name in self.plants:
            raise ValueError(f"there is already a plant called {plant.name}")
        self.plants[plant.name] = plant
        plant.notes.append("added to plan")

    def water(self, name, day, litres=None):
        plant = self.plants[name]
        amount = plant.water_amount() if litres is None else litres
        plant.last_watered = day
        self.history.append({"plant": name, "day": day.isoformat(), "litres": amount})
        logger.info("watered %s with %.2f l", name, amount)
        return amount

    def due(self, day):
        return sorted(name for name, plant in self.plants.items() if plant.needs_water(day))

    def upcoming(self, day, days=7):
        schedule = {}
        for name, plant in self.plants.items():
            when = plant.due_on(day)
            if when <= day + timedelta(days=days):
                schedule.setdefault(when.isoformat(), []).append(name)
        return dict(sorted(schedule.items()))

    def total_litres(self):
        return round(sum(entry["litres"] for entry in self.history), 2)

    def to_dict(self):
        plants = []
        for plant in self.plants.values():
            last = plant.last_watered.isoformat() if plant.last_watered else None
            plants.append(
                {"name": plant.name, "kind": plant.kind, "pot_cm": plant.pot_cm, "last": last}
            )
        return {"owner": self.owner, "plants": plants, "history": self.history}


def save_plan(plan, folder):
    path = Path(folder) / SCHEDULE_FILE
    path.write_text(json.dumps(plan.to_dict(), indent=2), encoding="utf-8")
    return path


def load_plan(folder):
    path = Path(folder) / SCHEDULE_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    plan = WateringPlan(owner=data.get("owner", "me"))
    for item in data["plants"]:
        plant = Plant(item["name"], item["kind"], item["pot_cm"])
        if item.get("last"):
            plant.last_watered = date.fromisoformat(item["last"])
        plan.add_plant(plant)
    plan.history = data.get("history", [])
    return plan


def reminder(plan, day):
    names = plan.due(day)
    if not names:
        return f"Nothing to water today, {plan.owner}."
    return f"Water today: {', '.join(names)}."
