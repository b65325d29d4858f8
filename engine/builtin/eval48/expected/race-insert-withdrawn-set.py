"""Race entries for a fell-running club."""

import csv
import re
from datetime import date

ENTRY_FEE = 8.0
LATE_FEE = 3.0
NON_MEMBER_FEE = 2.0
CATEGORY_BANDS = (40, 50, 60, 70)
BIB_PATTERN = re.compile(r"^R\d{3}$")
MIN_AGE = 18


def age_on(birth_date, race_day):
    years = race_day.year - birth_date.year
    if (race_day.month, race_day.day) < (birth_date.month, birth_date.day):
        years -= 1
    return years


def category_for(age, sex, bands=CATEGORY_BANDS):
    label = "M" if sex == "M" else "F"
    band = None
    for lower in bands:
        if age >= lower:
            band = lower
    if band is None:
        return label + "O"
    return f"{label}{band}"


def entry_fee(entered_on, closing_date, club_member=True, strict=False):
    fee = ENTRY_FEE
    if entered_on > closing_date:
        fee += LATE_FEE
    if not club_member:
        fee += NON_MEMBER_FEE
    return fee


class Runner:
    def __init__(self, name, birth_date, sex, club=None):
        self.name = name
        self.birth_date = birth_date
        self.sex = sex
        self.club = club

    def is_member(self, club_name):
        return self.club == club_name


class RaceEntryList:
    def __init__(self, race_name, race_day, closing_date, club_name="Borrowdale Harriers"):
        self.race_name = race_name
        self.race_day = race_day
        self.closing_date = closing_date
        self.club_name = club_name
        self.entries = {}
        self.next_bib = 1
        self.refunds = []
        self.withdrawn = set()

    def enter(self, runner, entered_on=None):
        entered_on = entered_on or date.today()
        age = age_on(runner.birth_date, self.race_day)
        if age < MIN_AGE:
            raise ValueError(f"{runner.name} is under {MIN_AGE}")
        bib = f"R{self.next_bib:03d}"
        self.next_bib += 1
        member = runner.is_member(self.club_name)
        fee = entry_fee(entered_on, self.closing_date, member, strict=True)
        self.entries[bib] = {
            "runner": runner,
            "category": category_for(age, runner.sex),
            "fee": fee,
        }
        return bib

    def withdraw(self, bib):
        if not BIB_PATTERN.match(bib):
            raise ValueError(f"bad bib number: {bib}")
        entry = self.entries.pop(bib)
        refund = entry["fee"] / 2
        self.refunds.append((bib, refund))
        return refund

    def fees_taken(self):
        taken = sum(e["fee"] for e in self.entries.values())
        return taken - sum(amount for _, amount in self.refunds)

    def by_category(self):
        groups = {}
        for bib, entry in self.entries.items():
            groups.setdefault(entry["category"], []).append(bib)
        return groups

    def export_csv(self, path, delimiter=","):
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle, delimiter=delimiter)
            writer.writerow(["bib", "name", "category", "fee"])
            for bib, entry in sorted(self.entries.items()):
                runner = entry["runner"]
                writer.writerow([bib, runner.name, entry["category"], f"{entry['fee']:.2f}"])
        return len(self.entries)


def late_entries(entry_list, cutoff):
    names = []
    for entry in entry_list.entries.values():
        if entry["fee"] > ENTRY_FEE + NON_MEMBER_FEE:
            names.append(entry["runner"].name)
    return sorted(names)[:cutoff]
