"""Scale recipes to a number of servings and print the amounts in kitchen units."""

from dataclasses import dataclass, field
from fractions import Fraction

DEFAULT_SERVINGS = 4
GRAMS_PER_OUNCE = 28.35
ML_PER_CUP = 240
ML_PER_TABLESPOON = 15
ML_PER_TEASPOON = 5
NICE_FRACTIONS = (Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(3, 4))
ROUND_GRAMS_TO = 5


@dataclass
class Ingredient:
    name: str
    amount: float
    unit: str = "g"
    optional: bool = False

    def scaled(self, factor):
        return Ingredient(self.name, self.amount * factor, self.unit, self.optional)


@dataclass
class Recipe:
    title: str
    servings: int = DEFAULT_SERVINGS
    ingredients: list[Ingredient] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)

    def add(self, name, amount, unit="g", optional=False):
        self.ingredients.append(Ingredient(name, amount, unit, optional))

    def scale_to(self, servings: int) -> "Recipe":
        if servings <= 0:
            raise ValueError("servings must be positive")
        factor = servings / self.servings
        return Recipe(self.title, servings, [item.scaled(factor) for item in self.ingredients], list(self.steps))

    def shopping_list(self, skip_optional=True):
        totals = {}
        for ingredient in self.ingredients:
            if ingredient.optional and skip_optional:
                continue
            key = (ingredient.name.lower(), ingredient.unit)
            totals[key] = totals.get(key, 0) + ingredient.amount
        return totals


def nearest_fraction(value):
    whole = int(value)
    rest = value - whole
    best = min(NICE_FRACTIONS, key=lambda candidate: abs(float(candidate) - rest))
    if abs(float(best) - rest) > 0.1:
        return whole, None
    return whole, best


def format_volume(ml):
    if ml >= ML_PER_CUP / 4:
        cups = ml / ML_PER_CUP
        unit = "cup"
    elif ml >= ML_PER_TABLESPOON:
        cups = ml / ML_PER_TABLESPOON
        unit = "tbsp"
    else:
        cups = ml / ML_PER_TEASPOON
        unit = "tsp"
    whole, fraction = nearest_fraction(cups)
    if fraction is None:
        return f"{cups:.1f} {unit}"
    if whole == 0:
        return f"{fraction} {unit}"
    return f"{whole} {fraction} {unit}"


def format_weight(grams, imperial=False):
    if imperial:
        return f"{grams / GRAMS_PER_OUNCE:.1f} oz"
    if grams >= 1000:
        return f"{grams / 1000:.2f} kg"
    return f"{round(grams / ROUND_GRAMS_TO) * ROUND_GRAMS_TO} g"


def format_amount(ingredient, imperial=False):
    if ingredient.unit == "ml":
        return format_volume(ingredient.amount)
    if ingredient.unit == "g":
        return format_weight(ingredient.amount, imperial)
    return f"{ingredient.amount:g} {ingredient.unit}"


def render_recipe(recipe, imperial=False):
    lines = [recipe.title, f"Serves {recipe.servings}", ""]
    for ingredient in recipe.ingredients:
        suffix = " (optional)" if ingredient.optional else ""
        lines.append(f"- {format_amount(ingredient, imperial)} {ingredient.name}{suffix}")
    if recipe.steps:
        lines.append("")
    for number, step in enumerate(recipe.steps, 1):
        lines.append(f"{number}. {step}")
    return "\n".join(lines)


def parse_ingredient(line):
    amount, unit, name = line.split(maxsplit=2)
    return Ingredient(name.strip(), float(Fraction(amount)), unit)
