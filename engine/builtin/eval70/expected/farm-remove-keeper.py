"""Daily feed rations for the animals at a city farm."""

import csv
import json
from pathlib import Path

FEED_PRICES = {"hay": 0.18, "pellets": 0.65, "grain": 0.42, "greens": 0.30}
STOCK_WARNING_KG = 25
WEEKEND_VISITOR_TREATS = 0.2
RATION_FILE = "rations.json"


class Animal:
    def __init__(self, name, species, weight_kg, diet=None):
        self.name = name
        self.species = species
        self.weight_kg = weight_kg
        self.diet = diet or {"hay": 0.02}
        self.treats_allowed = True

    def daily_ration(self, weekend=False):
        ration = {feed: round(self.weight_kg * share, 2) for feed, share in self.diet.items()}
        if weekend and self.treats_allowed:
            ration["greens"] = ration.get("greens", 0) + WEEKEND_VISITOR_TREATS
        return ration

    def __repr__(self):
        return f"Animal({self.name!r}, {self.species!r})"


class FeedStore:
    def __init__(self, stock):
        self.stock = dict(stock)
        self.log = []

    def draw(self, feed, kg):
        available = self.stock.get(feed, 0)
        if kg > available:
            raise ValueError(f"only {available} kg of {feed} left")
        self.stock[feed] = round(available - kg, 2)
        self.log.append((feed, kg))

    def low_stock(self, threshold=STOCK_WARNING_KG):
        return sorted(feed for feed, kg in self.stock.items() if kg < threshold)


def load_animals(path, encoding="utf-8"):
    with open(path, newline="", encoding=encoding) as handle:
        rows = list(csv.DictReader(handle))
    animals = []
    for row in rows:
        diet = json.loads(row["diet"]) if row.get("diet") else None
        animals.append(Animal(row["name"], row["species"], float(row["weight_kg"]), diet))
    return animals


def total_rations(animals, weekend=False):
    totals = {}
    for animal in animals:
        for feed, kg in animal.daily_ration(weekend=weekend).items():
            totals[feed] = round(totals.get(feed, 0) + kg, 2)
    return totals


def feed_round(animals, store, weekend=False):
    totals = total_rations(animals, weekend=weekend)
    cost = 0.0
    for feed, kg in totals.items():
        store.draw(feed, kg)
        cost += kg * FEED_PRICES.get(feed, 0.5)
    return round(cost, 2)


def save_rations(animals, folder, weekend=False):
    payload = {animal.name: animal.daily_ration(weekend=weekend) for animal in animals}
    target = Path(folder) / RATION_FILE
    target.write_text(json.dumps(payload, indent=2, sort_keys=True))
    return target


if __name__ == "__main__":
    herd = [
        Animal("Bramble", "goat", 48, {"hay": 0.025, "pellets": 0.005}),
        Animal("Pickle", "pig", 120, {"pellets": 0.02, "greens": 0.01}),
        Animal("Nutmeg", "rabbit", 2.5, {"hay": 0.04, "greens": 0.03}),
    ]
    barn = FeedStore({"hay": 40, "pellets": 30, "greens": 12})
    print(total_rations(herd, weekend=True))
    print("cost", feed_round(herd, barn, weekend=True))
    print("low:", barn.low_stock())
    print(save_rations(herd, "."))
