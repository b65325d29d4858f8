"""Logbook for a sea glass collectors' group: finds, colours and rarity scores."""

import json
import statistics
from datetime import date

RARITY = {"white": 1, "green": 1, "brown": 1, "aqua": 3, "cobalt": 6, "red": 9, "orange": 10}
FROSTING_GRADES = ("light", "medium", "heavy")
MIN_SIZE_MM = 8
UNKNOWN_COLOUR_SCORE = 2


class Find:
    def __init__(self, collector, beach, colour, size_mm, frosting="medium", found_on=None):
        self.collector = collector
        self.beach = beach
        self.colour = colour.lower()
        self.size_mm = size_mm
        self.frosting = frosting
        self.found_on = found_on or date.today()

    def score(self):
        base = RARITY.get(self.colour, UNKNOWN_COLOUR_SCORE)
        bonus = FROSTING_GRADES.index(self.frosting) if self.frosting in FROSTING_GRADES else 0
        return base * 10 + bonus + self.size_mm // 10

    def to_dict(self):
        return {
            "collector": self.collector,
            "beach": self.beach,
            "colour": self.colour,
            "size_mm": self.size_mm,
            "frosting": self.frosting,
            "found_on": self.found_on.isoformat(),
        }


class Logbook:
    def __init__(self, group_name):
        self.group_name = group_name
        self.finds = []

    def record(self, find):
        if find.size_mm < MIN_SIZE_MM:
            return False
        self.finds.append(find)
        return True

    def by_collector(self, collector):
        return [find for find in self.finds if find.collector == collector]

    def best_beach(self):
        scores = {}
        for find in self.finds:
            scores.setdefault(find.beach, []).append(find.score())
        if not scores:
            return None
        return max(scores, key=lambda beach: statistics.mean(scores[beach]))


def colour_counts(finds, include_common=True):
    counts = {}
    for find in finds:
        if not include_common and RARITY.get(find.colour, 0) <= 1:
            continue
        counts[find.colour] = counts.get(find.colour, 0) + 1
    return dict(sorted(counts.items()))


def leaderboard(logbook, top=5):
    totals = {}
    for find in logbook.finds:
        totals[find.collector] = totals.get(find.collector, 0) + find.score()
    ranked = sorted(totals.items(), key=lambda item: item[1], reverse=True)
    return ranked[:top]


def load_finds(path, season=None):
    with open(path, encoding="utf-8") as handle:
        rows = json.load(handle)
    finds = []
    for row in rows:
        found_on = date.fromisoformat(row["found_on"])
        finds.append(Find(row["collector"], row["beach"], row["colour"], row["size_mm"],
                          row.get("frosting", "medium"), found_on))
    return finds


def export_finds(logbook, path, indent=2):
    data = [find.to_dict() for find in logbook.finds]
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=indent)
    return len(data)


if __name__ == "__main__":
    book = Logbook("Saltburn Glass Hunters")
    book.record(Find("Mo", "Saltburn", "Cobalt", 14, "heavy"))
    book.record(Find("Jen", "Seaham", "red", 22))
    print(colour_counts(book.finds))
    print(leaderboard(book))
    print("best beach:", book.best_beach())
