"""Costume store records for a small repertory theatre."""

import csv
from collections import defaultdict
from datetime import date, timedelta

STORE_NAME = "Wardrobe Loft"
LOAN_DAYS = 21
DRY_CLEANING_FEE = 4.5
SIZES = ("XS", "S", "M", "L", "XL")


def normalise_size(label, fallback="M"):
    cleaned = label.strip().upper()
    if cleaned not in SIZES:
        return fallback
    return cleaned


def due_back(issued_on, extra_days=0):
    return issued_on + timedelta(days=LOAN_DAYS + extra_days)


def load_costumes(path, delimiter=","):
    rows = []
    with open(path, newline="") as handle:
        reader = csv.DictReader(handle, delimiter=delimiter)
        for row in reader:
            row["size"] = normalise_size(row.get("size", ""))
            rows.append(row)
    return rows


class Costume:
    def __init__(self, tag, period, size="M"):
        self.tag = tag
        self.period = period
        self.size = normalise_size(size)
        self.times_worn = 0
        self.needs_repair = False

    def wear(self):
        self.times_worn += 1
        if self.times_worn % 10 == 0:
            self.needs_repair = True

    def label(self):
        return f"{self.tag} ({self.period}, {self.size})"


class CostumeStore:
    def __init__(self, name=STORE_NAME):
        self.name = name
        self.rails = defaultdict(list)
        self.loans = {}

    def add(self, costume):
        self.rails[costume.period].append(costume)
        return len(self.rails[costume.period])

    def new_costume(self, tag, period, size="M"):
        costume = Costume(tag, period, size)
        self.add(costume)
        return costume

    def find(self, period, size=None):
        matches = []
        for costume in self.rails.get(period, []):
            if size is None or costume.size == normalise_size(size):
                matches.append(costume)
        return matches

    def lend(self, costume, production, issued_on=None):
        issued_on = issued_on or date.today()
        self.loans[costume.tag] = (production, due_back(issued_on))
        costume.wear()
        return self.loans[costume.tag]

    def return_costume(self, tag, returned_on=None):
        production, due = self.loans.pop(tag)
        returned_on = returned_on or date.today()
        late_days = max(0, (returned_on - due).days)
        return production, late_days

    def overdue(self, today=None):
        today = today or date.today()
        late = []
        for tag, (production, due) in self.loans.items():
            if due < today:
                late.append((tag, production))
        return sorted(late)

    def repair_list(self):
        pending = []
        for costumes in self.rails.values():
            for costume in costumes:
                if costume.needs_repair:
                    pending.append(costume.label())
        return pending

    def cleaning_bill(self, tags):
        total = 0.0
        for tag in tags:
            if tag in self.loans:
                total += DRY_CLEANING_FEE
        return round(total, 2)


def stock_report(store, periods=("Tudor", "Regency", "Victorian")):
    lines = [f"Stock at {store.name}"]
    for period in periods:
        count = len(store.find(period))
        lines.append(f"{period}: {count} costumes")
    lines.append(f"On loan: {len(store.loans)}")
    return "\n".join(lines)
