"""Stock ledger for the fossil shop: finds from the beach, preparation and pricing."""

import json
import re
from pathlib import Path

VAT_RATE = 0.2
BASE_PRICES = {"ammonite": 12.0, "belemnite": 4.0, "crinoid": 6.5, "ichthyosaur vertebra": 45.0}
PREP_HOURLY_RATE = 18
CATALOGUE_PATTERN = re.compile(r"^[A-Z]{2}\d{4}$")
GRADE_MULTIPLIERS = {"A": 2.0, "B": 1.3, "C": 1.0}


class Find:
    """A specimen picked up on the foreshore and logged into stock."""

    def __init__(self, catalogue_no, species, locality, grade="C"):
        if not CATALOGUE_PATTERN.match(catalogue_no):
            raise ValueError(f"bad catalogue number {catalogue_no!r}")
        self.catalogue_no = catalogue_no
        self.species = species
        self.locality = locality
        self.grade = grade
        self.prep_hours = 0.0
        self.sold = False

    def add_prep(self, hours):
        self.prep_hours += hours
        return self.prep_hours

    def shelf_price(self):
        return price_for(self.species, self.grade, self.prep_hours, self.locality)


class StockLedger:
    """Everything on the shelves and in the prep room."""

    def __init__(self, shop_name, ledger_path="stock.json"):
        self.shop_name = shop_name
        self.ledger_path = Path(ledger_path)
        self.finds = {}
        self.takings = 0.0

    def log_find(self, find):
        if find.catalogue_no in self.finds:
            raise KeyError(f"{find.catalogue_no} already logged")
        self.finds[find.catalogue_no] = find

    def sell(self, catalogue_no, discount=0.0):
        find = self.finds[catalogue_no]
        price = with_vat(find.shelf_price() * (1 - discount))
        find.sold = True
        self.takings += price
        return price

    def on_shelf(self):
        return [f for f in self.finds.values() if not f.sold]

    def save(self):
        rows = [
            {
                "catalogue_no": f.catalogue_no,
                "species": f.species,
                "locality": f.locality,
                "grade": f.grade,
                "prep_hours": f.prep_hours,
                "sold": f.sold,
            }
            for f in self.finds.values()
        ]
        self.ledger_path.write_text(json.dumps(rows, indent=2))
        return len(rows)


def price_for(species, grade, prep_hours=0.0, locality=None):
    base = BASE_PRICES.get(species, 5.0)
    multiplier = GRADE_MULTIPLIERS.get(grade, 1.0)
    return round(base * multiplier + prep_hours * PREP_HOURLY_RATE, 2)


def with_vat(net_price, rate=VAT_RATE):
    return round(net_price * (1 + rate), 2)


def load_ledger(path, shop_name="Foreshore Fossils"):
    ledger = StockLedger(shop_name, ledger_path=path)
    for row in json.loads(Path(path).read_text()):
        find = Find(row["catalogue_no"], row["species"], row["locality"], grade=row["grade"])
        find.prep_hours = row["prep_hours"]
        find.sold = row["sold"]
        ledger.log_find(find)
    return ledger


def stock_value(ledger, include_vat=True):
    total = sum(f.shelf_price() for f in ledger.on_shelf())
    if include_vat:
        total = with_vat(total)
    return total


def best_localities(ledger, top=3):
    tally = {}
    for find in ledger.finds.values():
        if find.grade == "A":
            tally[find.locality] = tally.get(find.locality, 0) + 1
    ranked = sorted(tally.items(), key=lambda item: item[1], reverse=True)
    return ranked[:top]
