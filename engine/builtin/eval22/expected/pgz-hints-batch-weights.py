"""Pottery glaze mixing: recipes in percent, batches in grams, kiln cones."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

WATER_RATIO = 0.9
DEFAULT_BATCH_GRAMS = 1000
SPECIFIC_GRAVITY_TARGET = 1.45
CONE_TEMPERATURES = {"06": 999, "04": 1060, "6": 1222, "10": 1285}


@dataclass
class Ingredient:
    name: str
    percent: float
    is_colorant: bool = False


@dataclass
class GlazeRecipe:
    title: str
    cone: str
    ingredients: list[Ingredient] = field(default_factory=list)

    def base_total(self) -> float:
        return sum(i.percent for i in self.ingredients if not i.is_colorant)

    def is_balanced(self, tolerance: float = 0.5) -> bool:
        return abs(self.base_total() - 100.0) <= tolerance

    def colorants(self) -> list[Ingredient]:
        return [i for i in self.ingredients if i.is_colorant]


def batch_weights(recipe: GlazeRecipe, batch_grams: float = DEFAULT_BATCH_GRAMS) -> dict[str, float]:
    weights = {}
    for ingredient in recipe.ingredients:
        weights[ingredient.name] = round(batch_grams * ingredient.percent / 100, 1)
    return weights


def water_needed(dry_grams: float, ratio: float = WATER_RATIO) -> float:
    return round(dry_grams * ratio, 1)


def specific_gravity(wet_grams: float, volume_ml: float) -> float:
    return round(wet_grams / volume_ml, 3)


def adjust_water(current_sg: float, volume_ml: float, target: float = SPECIFIC_GRAVITY_TARGET) -> float:
    if current_sg <= target:
        return 0.0
    excess = (current_sg - target) * volume_ml
    return round(excess / (target - 1.0), 1)


def scale_recipe(recipe: GlazeRecipe, factor: float, keep_colorants: bool = True) -> GlazeRecipe:
    scaled = GlazeRecipe(recipe.title, recipe.cone)
    for ingredient in recipe.ingredients:
        percent = ingredient.percent * factor
        scaled.ingredients.append(Ingredient(ingredient.name, percent, ingredient.is_colorant))
    return scaled


def cone_temperature(cone: str) -> int:
    return CONE_TEMPERATURES[cone]


def load_recipe(path: Path) -> GlazeRecipe:
    data = json.loads(path.read_text())
    recipe = GlazeRecipe(data["title"], data["cone"])
    for row in data["ingredients"]:
        recipe.ingredients.append(Ingredient(row["name"], float(row["percent"]), row.get("colorant", False)))
    return recipe


def save_recipe(recipe: GlazeRecipe, path: Path) -> None:
    rows = [
        {"name": i.name, "percent": i.percent, "colorant": i.is_colorant}
        for i in recipe.ingredients
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"title": recipe.title, "cone": recipe.cone, "ingredients": rows}, indent=2))


def mixing_sheet(recipe: GlazeRecipe, batch_grams: float = DEFAULT_BATCH_GRAMS) -> list[str]:
    lines = [f"{recipe.title} (cone {recipe.cone})"]
    weights = batch_weights(recipe, batch_grams)
    for name, grams in weights.items():
        lines.append(f"  {name:<20} {grams:>8.1f} g")
    dry = sum(weights.values())
    lines.append(f"  water: {water_needed(dry):.0f} g")
    return lines


def compare_recipes(first: GlazeRecipe, second: GlazeRecipe) -> dict[str, float]:
    names = {i.name for i in first.ingredients} | {i.name for i in second.ingredients}
    diff = {}
    for name in sorted(names):
        a = sum(i.percent for i in first.ingredients if i.name == name)
        b = sum(i.percent for i in second.ingredients if i.name == name)
        if a != b:
            diff[name] = round(b - a, 2)
    return diff


def colorant_load(recipe: GlazeRecipe) -> float:
    total = sum(i.percent for i in recipe.colorants())
    return round(total, 2)
