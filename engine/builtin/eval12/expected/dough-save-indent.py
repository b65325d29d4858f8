"""Dough schedule for a small bakery: bulk proof, shaping and oven loads for each batch of the day."""

import json
import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

OVEN_CAPACITY = 12
BULK_PROOF_MINUTES = 240
SHAPE_MINUTES = 20
BAKE_MINUTES = {"sourdough": 45, "baguette": 25, "brioche": 35, "rye": 60}
SCHEDULE_FILE = Path("dough_schedule.json")


@dataclass
class Recipe:
    name: str
    style: str
    flour_grams: int
    hydration: float = 0.72
    starter_ratio: float = 0.2


@dataclass
class Batch:
    recipe: Recipe
    loaves: int
    mixed_at: datetime
    steps: list = field(default_factory=list)

    def bake_minutes(self):
        return BAKE_MINUTES.get(self.recipe.style, 40)

    def oven_loads(self):
        return -(-self.loaves // OVEN_CAPACITY)

    def ready_at(self):
        return self.steps[-1][1] if self.steps else self.mixed_at


def plan_steps(batch, proof_minutes=BULK_PROOF_MINUTES, warm_kitchen=False):
    if warm_kitchen:
        proof_minutes = int(proof_minutes * 0.75)
    start = batch.mixed_at
    steps = []
    for name, minutes in (("bulk proof", proof_minutes), ("shape", SHAPE_MINUTES)):
        end = start + timedelta(minutes=minutes)
        steps.append((name, end))
        start = end
    for load in range(batch.oven_loads()):
        end = start + timedelta(minutes=batch.bake_minutes())
        steps.append((f"bake load {load + 1}", end))
        start = end
    batch.steps = steps
    logger.debug("planned %d steps for %s", len(steps), batch.recipe.name)
    return steps


def latest_mix_time(recipe, loaves, due, proof_minutes=BULK_PROOF_MINUTES):
    trial = Batch(recipe, loaves, due)
    plan_steps(trial, proof_minutes=proof_minutes)
    return due - (trial.ready_at() - due)


def build_day(orders, recipes, first_mix, gap_minutes=15, warm_kitchen=False):
    batches = []
    mix_time = first_mix
    for name, loaves in orders.items():
        batch = Batch(recipes[name], loaves, mix_time)
        plan_steps(batch, warm_kitchen=warm_kitchen)
        batches.append(batch)
        mix_time += timedelta(minutes=gap_minutes)
    return batches


def format_schedule(batches):
    lines = []
    for batch in batches:
        lines.append(f"{batch.recipe.name} x{batch.loaves} (mix {batch.mixed_at:%H:%M})")
        for name, end in batch.steps:
            lines.append(f"  {name:<12} until {end:%H:%M}")
    return "\n".join(lines)


def load_recipes(path):
    data = json.loads(Path(path).read_text())
    recipes = {}
    for item in data:
        recipe = Recipe(item["name"], item["style"], item["flour_grams"],
                        item.get("hydration", 0.72), item.get("starter_ratio", 0.2))
        recipes[recipe.name] = recipe
    logger.info("loaded %d recipes from %s", len(recipes), path)
    return recipes


def save_schedule(batches, path=SCHEDULE_FILE, indent=2):
    rows = [{"recipe": batch.recipe.name, "loaves": batch.loaves, "mixed_at": batch.mixed_at.isoformat(),
             "steps": [[name, end.isoformat()] for name, end in batch.steps]} for batch in batches]
    Path(path).write_text(json.dumps(rows, indent=indent))
    return len(rows)


def main():
    logging.basicConfig(level=logging.INFO)
    recipes = load_recipes("recipes.json")
    orders = {"country loaf": 30, "baguette": 18}
    batches = build_day(orders, recipes, datetime(2024, 5, 3, 4, 0), warm_kitchen=True)
    print(format_schedule(batches))
    rye = Recipe("rye", "rye", 2000)
    print("mix the rye by", latest_mix_time(rye, 10, due=datetime(2024, 5, 3, 7, 0)))
    save_schedule(batches)


if __name__ == "__main__":
    main()
