"""Scale a recipe to another number of servings and print it as a card."""

import json
import logging
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

logger = logging.getLogger(__name__)

MILLILITRES_PER_UNIT = {
    "tsp": 5,
    "tbsp": 15,
    "cup": 240,
    "ml": 1,
    "l": 1000,
}
GRAMS_PER_UNIT = {"g": 1, "kg": 1000, "oz": 28.35, "lb": 453.6}
MAX_SERVINGS = 48
PINCH = "pinch"


@dataclass
class Ingredient:
    name: str
    quantity: float
    unit: str = ""
    optional: bool = False

    def scaled(self, factor):
        if self.unit == PINCH:
            return Ingredient(self.name, self.quantity, self.unit, self.optional)
        return Ingredient(self.name, self.quantity * factor, self.unit, self.optional)

    def label(self):
        amount = format_quantity(self.quantity)
        unit = f" {self.unit}" if self.unit else ""
        suffix = " (optional)" if self.optional else ""
        return f"{amount}{unit} {self.name}{suffix}"


@dataclass
class Recipe:
    title: str
    servings: int
    ingredients: list[Ingredient] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)

    def add(self, name, quantity, unit="", optional=False):
        ingredient = Ingredient(name, quantity, unit, optional)
        self.ingredients.append(ingredient)
        return ingredient

    def scale_to(self, servings):
        if servings < 1 or servings > MAX_SERVINGS:
            raise ValueError(f"servings must be between 1 and {MAX_SERVINGS}")
        factor = servings / self.servings
        scaled = Recipe(self.title, servings, steps=list(self.steps))
        for ingredient in self.ingredients:
            scaled.ingredients.append(ingredient.scaled(factor))
        logger.debug("scaled %s from %d to %d servings", self.title, self.servings, servings)
        return scaled

    def shopping_list(self, include_optional=True):
        lines = []
        for ingredient in self.ingredients:
            if ingredient.optional and not include_optional:
                continue
            lines.append(ingredient.label())
        return lines

    def to_dict(self):
        return {
            "title": self.title,
            "servings": self.servings,
            "ingredients": [vars(ingredient) for ingredient in self.ingredients],
            "steps": self.steps,
        }


def format_quantity(quantity, max_denominator=8):
    quantity = round(quantity, 3)
    whole = int(quantity)
    rest = Fraction(quantity - whole).limit_denominator(max_denominator)
    if rest == 0:
        return str(whole)
    if whole == 0:
        return f"{rest.numerator}/{rest.denominator}"
    return f"{whole} {rest.numerator}/{rest.denominator}"


def convert(quantity, unit, target):
    if unit in MILLILITRES_PER_UNIT and target in MILLILITRES_PER_UNIT:
        table = MILLILITRES_PER_UNIT
    elif unit in GRAMS_PER_UNIT and target in GRAMS_PER_UNIT:
        table = GRAMS_PER_UNIT
    else:
        raise ValueError(f"cannot convert {unit} to {target}")
    return quantity * table[unit] / table[target]


def load_recipe(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    recipe = Recipe(data["title"], int(data["servings"]))
    for item in data.get("ingredients", []):
        recipe.add(
            item["name"],
            float(item["quantity"]),
            unit=item.get("unit", ""),
            optional=item.get("optional", False),
        )
    recipe.steps.extend(data.get("steps", []))
    return recipe


def save_recipe(recipe, path):
    Path(path).write_text(json.dumps(recipe.to_dict(), indent=2), encoding="utf-8")


def render_card(recipe, width=60):
    lines = [recipe.title.upper().center(width), f"Serves {recipe.servings}", ""]
    lines.extend(f"- {line}" for line in recipe.shopping_list())
    lines.append("")
    for number, step in enumerate(recipe.steps, start=1):
        lines.append(f"{number}. {step}")
    return "\n".join(lines)
