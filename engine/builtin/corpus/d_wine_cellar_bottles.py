"""Keeps track of the bottles in a home wine cellar: where they are,
when they are ready to drink, and what the collection is worth."""
import csv
import datetime
import statistics
from collections import defaultdict

RACK_ROWS = 12
RACK_COLUMNS = 8
DEFAULT_DRINKING_WINDOW = (3, 10)
CELLAR_FILE = "cellar.csv"
FIELDS = ("wine", "producer", "vintage", "colour", "rack", "row", "column", "price")


class Bottle:
    def __init__(self, wine, producer, vintage, colour="red", price=0.0,
                 drink_from=None, drink_by=None):
        self.wine = wine
        self.producer = producer
        self.vintage = int(vintage)
        self.colour = colour
        self.price = float(price)
        start, end = DEFAULT_DRINKING_WINDOW
        self.drink_from = drink_from or self.vintage + start
        self.drink_by = drink_by or self.vintage + end
        self.location = None

    def label(self):
        return f"{self.producer} {self.wine} {self.vintage}"

    def readiness(self, year=None):
        year = year or datetime.date.today().year
        if year < self.drink_from:
            return "keep"
        if year > self.drink_by:
            return "past best"
        if year >= self.drink_by - 1:
            return "drink soon"
        return "ready"


class Cellar:
    def __init__(self, racks=1):
        self.racks = racks
        self.slots = {}

    def _all_positions(self):
        for rack in range(1, self.racks + 1):
            for row in range(1, RACK_ROWS + 1):
                for column in range(1, RACK_COLUMNS + 1):
                    yield rack, row, column

    def first_free(self):
        for position in self._all_positions():
            if position not in self.slots:
                return position
        return None

    def put_away(self, bottle, position=None):
        position = position or self.first_free()
        if position is None:
            raise RuntimeError("cellar is full")
        if position in self.slots:
            raise ValueError(f"rack {position} already holds {self.slots[position].label()}")
        self.slots[position] = bottle
        bottle.location = position
        return position

    def take_out(self, position):
        bottle = self.slots.pop(position, None)
        if bottle is not None:
            bottle.location = None
        return bottle

    def find(self, text):
        text = text.lower()
        return [b for b in self.slots.values()
                if text in b.wine.lower() or text in b.producer.lower()]

    def drink_now(self, year=None):
        urgent = [b for b in self.slots.values() if b.readiness(year) in ("drink soon", "past best")]
        return sorted(urgent, key=lambda b: b.drink_by)

    def value(self):
        return round(sum(b.price for b in self.slots.values()), 2)

    def by_vintage(self):
        counts = defaultdict(int)
        for bottle in self.slots.values():
            counts[bottle.vintage] += 1
        return dict(sorted(counts.items()))

    def average_price(self, colour=None):
        prices = [b.price for b in self.slots.values()
                  if b.price and (colour is None or b.colour == colour)]
        return round(statistics.mean(prices), 2) if prices else 0.0


def save(cellar, path=CELLAR_FILE):
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        for (rack, row, column), bottle in sorted(cellar.slots.items()):
            writer.writerow({"wine": bottle.wine, "producer": bottle.producer,
                             "vintage": bottle.vintage, "colour": bottle.colour,
                             "rack": rack, "row": row, "column": column,
                             "price": bottle.price})


def load(path=CELLAR_FILE, racks=2):
    cellar = Cellar(racks=racks)
    with open(path, newline="") as handle:
        for line in csv.DictReader(handle):
            bottle = Bottle(line["wine"], line["producer"], line["vintage"],
                            colour=line.get("colour", "red"), price=line.get("price") or 0)
            position = (int(line["rack"]), int(line["row"]), int(line["column"]))
            try:
                cellar.put_away(bottle, position)
            except ValueError:
                cellar.put_away(bottle)
    return cellar
