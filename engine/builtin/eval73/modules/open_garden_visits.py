"""Open garden scheme: gardens open on set days, visitors pay at the gate and proceeds go to charity."""

import csv
from datetime import date, time

ADULT_ENTRY_PENCE = 600
CHILD_ENTRY_PENCE = 0
TEAS_PRICE_PENCE = 350
CHARITY_SHARE = 0.8
DEFAULT_OPENING = (time(11, 0), time(17, 0))


class Garden:
    def __init__(self, name, owner, village, opening=DEFAULT_OPENING):
        self.name = name
        self.owner = owner
        self.village = village
        self.opening = opening
        self.open_days = []

    def add_open_day(self, day):
        if day in self.open_days:
            raise ValueError(f"{self.name} already opens on {day}")
        self.open_days.append(day)
        self.open_days.sort()

    def is_open(self, day, at):
        start, end = self.opening
        return day in self.open_days and start <= at < end


class GateBook:
    def __init__(self, garden, day):
        self.garden = garden
        self.day = day
        self.adults = 0
        self.children = 0
        self.teas = 0
        self.donations_pence = 0

    def admit(self, adults=1, children=0, at=None):
        if at is not None and not self.garden.is_open(self.day, at):
            raise ValueError("garden is closed at that time")
        self.adults += adults
        self.children += children

    def sell_teas(self, count=1):
        self.teas += count

    def donate(self, pence):
        self.donations_pence += pence

    def visitors(self):
        return self.adults + self.children

    def takings_pence(self):
        entry = entry_takings(self.adults, self.children)
        return entry + self.teas * TEAS_PRICE_PENCE + self.donations_pence


def entry_takings(adults, children, adult_price=ADULT_ENTRY_PENCE, child_price=CHILD_ENTRY_PENCE):
    return adults * adult_price + children * child_price


def charity_cheque(book, share=CHARITY_SHARE, round_to=100):
    total = book.takings_pence()
    cheque = int(total * share)
    return cheque - cheque % round_to


def export_day(books, path, delimiter=",", include_teas=True):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(["garden", "day", "adults", "children", "takings", "cheque"])
        for book in books:
            row = [book.garden.name, book.day.isoformat(), book.adults, book.children]
            row.append(book.takings_pence())
            row.append(charity_cheque(book))
            writer.writerow(row)
    return len(books)


def season_totals(books, season_start=None):
    season_start = season_start or date(date.today().year, 4, 1)
    visitors = 0
    raised = 0
    for book in books:
        if book.day < season_start:
            continue
        visitors += book.adults + book.children
        raised += charity_cheque(book, round_to=1)
    return visitors, raised
