"""Weigh-in day at the pumpkin patch: entries, scale readings and the leaderboard."""

import statistics
from dataclasses import dataclass

SCALE_TARE_KG = 1.8
MIN_ENTRY_KG = 5.0
CLASSES = {"junior": 0, "open": 25, "giant": 150}
PRIZE_MONEY = (50, 25, 10)
KG_TO_LB = 2.20462


@dataclass
class Entry:
    grower: str
    variety: str
    category: str = "open"
    readings: tuple = ()

    def weight(self):
        if not self.readings:
            return 0.0
        return round(statistics.median(self.readings) - SCALE_TARE_KG, 1)


def to_pounds(kg: float, places: int = 1) -> float:
    return round(kg * KG_TO_LB, places)


def parse_reading(text, unit="kg"):
    value = float(text.strip().rstrip("kglb "))
    if unit == "lb":
        value = value / KG_TO_LB
    return value


def eligible(entry, minimum=MIN_ENTRY_KG):
    floor = max(minimum, CLASSES.get(entry.category, 0))
    return entry.weight() >= floor


class WeighIn:
    def __init__(self, show_name, year):
        self.show_name = show_name
        self.year = year
        self.entries = []
        self.rejected = []

    def register(self, grower, variety, category="open"):
        if category not in CLASSES:
            raise ValueError(f"no such class: {category}")
        entry = Entry(grower, variety, category)
        self.entries.append(entry)
        return entry

    def add_reading(self, grower, text, unit="kg"):
        entry = self.lookup(grower)
        value = parse_reading(text, unit)
        entry.readings = entry.readings + (value,)
        return value

    def lookup(self, grower):
        for entry in self.entries:
            if entry.grower == grower:
                return entry
        raise LookupError(grower)

    def disqualify(self, grower, reason):
        entry = self.lookup(grower)
        self.entries.remove(entry)
        self.rejected.append((entry, reason))

    def standings(self, category="open"):
        contenders = [e for e in self.entries if e.category == category and eligible(e)]
        return sorted(contenders, key=lambda e: e.weight(), reverse=True)

    def prizes(self, category="open"):
        results = []
        for place, entry in enumerate(self.standings(category)):
            if place >= len(PRIZE_MONEY):
                break
            results.append((entry.grower, entry.weight(), PRIZE_MONEY[place]))
        return results

    def board(self, category="open"):
        lines = [f"{self.show_name} {self.year} - {category}"]
        for rank, entry in enumerate(self.standings(category), start=1):
            kg = entry.weight()
            print(rank, entry.grower)
            lines.append(f"{rank:>2}. {entry.grower:<18}{kg:>7.1f} kg {to_pounds(kg):>7.1f} lb")
        return "\n".join(lines)
