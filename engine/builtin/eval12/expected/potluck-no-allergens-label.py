"""Potluck sign-up sheet: who brings which dish, allergens, servings for the guest count, missing courses."""

import csv
import logging
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

COURSES = ("starter", "main", "side", "dessert", "drinks")
SERVINGS_PER_GUEST = 1.5
MAX_DISHES_PER_PERSON = 2
ALLERGENS = {"nuts", "gluten", "dairy", "egg", "shellfish", "soy"}
SHEET_COLUMNS = ["name", "dish", "course", "servings", "allergens"]


@dataclass
class Dish:
    cook: str
    name: str
    course: str
    servings: int
    allergens: set = field(default_factory=set)

    def is_safe_for(self, avoid):
        return not (self.allergens & set(avoid))

    def label(self):
        tags = ", ".join(sorted(self.allergens)) or "none listed"
        return f"{self.name} ({self.course}, serves {self.servings}, allergens: {tags})"


class SignupSheet:
    def __init__(self, event, guests):
        self.event = event
        self.guests = guests
        self.dishes = []

    def add_dish(self, cook, name, course, servings, allergens=()):
        if course not in COURSES:
            raise ValueError(f"unknown course {course!r}")
        unknown = set(allergens) - ALLERGENS
        if unknown:
            raise ValueError(f"unknown allergens: {', '.join(sorted(unknown))}")
        if self.dishes_by(cook) >= MAX_DISHES_PER_PERSON:
            raise ValueError(f"{cook} already brings {MAX_DISHES_PER_PERSON} dishes")
        dish = Dish(cook, name, course, servings, set(allergens))
        self.dishes.append(dish)
        logger.info("%s signed up to bring %s", cook, name)
        return dish

    def dishes_by(self, cook):
        return sum(1 for dish in self.dishes if dish.cook == cook)

    def servings_needed(self):
        return round(self.guests * SERVINGS_PER_GUEST)

    def course_counts(self):
        counts = Counter(dish.course for dish in self.dishes)
        return {course: counts.get(course, 0) for course in COURSES}

    def missing_courses(self):
        return [course for course, count in self.course_counts().items() if count == 0]

    def safe_dishes(self, avoid):
        return [dish for dish in self.dishes if dish.is_safe_for(avoid)]


def shortfall(sheet):
    mains = sum(dish.servings for dish in sheet.dishes if dish.course == "main")
    return max(0, sheet.servings_needed() - mains)


def reminder_text(sheet, cook):
    mine = [dish.name for dish in sheet.dishes if dish.cook == cook]
    if not mine:
        return f"Hi {cook}, you haven't signed up for {sheet.event} yet!"
    return f"Hi {cook}, thanks for bringing {' and '.join(mine)} to {sheet.event}."


def save_sheet(sheet, path):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(SHEET_COLUMNS)
        for dish in sheet.dishes:
            writer.writerow([dish.cook, dish.name, dish.course, dish.servings, ";".join(sorted(dish.allergens))])


def load_sheet(path, event, guests):
    sheet = SignupSheet(event, guests)
    with open(path, newline="") as handle:
        reader = csv.DictReader(handle)
        missing = set(SHEET_COLUMNS) - set(reader.fieldnames or [])
        if missing:
            raise ValueError(f"{path} is missing columns: {', '.join(sorted(missing))}")
        for row in reader:
            allergens = [name for name in row["allergens"].split(";") if name]
            sheet.add_dish(row["name"], row["dish"], row["course"], int(row["servings"]), allergens)
    return sheet


def main():
    logging.basicConfig(level=logging.INFO)
    sheet = SignupSheet("Elm Street potluck", guests=24)
    sheet.add_dish("Maya", "lentil stew", "main", 12, ["soy"])
    sheet.add_dish("Tom", "garlic bread", "side", 16, ["gluten", "dairy"])
    sheet.add_dish("Tom", "brownies", "dessert", 20, ["egg", "dairy", "nuts"])
    sheet.add_dish("Ines", "lemonade", "drinks", 30)
    print("still missing:", ", ".join(sheet.missing_courses()))
    print(f"need {sheet.servings_needed()} main servings, short by {shortfall(sheet)}")
    for dish in sheet.safe_dishes(["nuts"]):
        print(" -", dish.label())
    print(reminder_text(sheet, "Ines"))
    save_sheet(sheet, Path("potluck.csv"))
    print(len(load_sheet(Path("potluck.csv"), sheet.event, sheet.guests).dishes), "dishes reloaded")


if __name__ == "__main__":
    main()
