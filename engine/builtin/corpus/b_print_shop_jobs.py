"""Job tickets and pricing for a high-street print shop."""

import csv
import math
from datetime import date, timedelta
from enum import Enum

SHEET_SIZES = {"A5": 0.5, "A4": 1.0, "A3": 2.0, "A2": 4.0}
COLOUR_CLICK = 0.09
MONO_CLICK = 0.02
PAPER_PRICES = {"80gsm": 0.01, "120gsm": 0.03, "250gsm silk": 0.09, "350gsm card": 0.14}
STANDARD_TURNAROUND_DAYS = 3
RUSH_SURCHARGE = 0.35
MINIMUM_CHARGE = 4.50


class Finish(Enum):
    NONE = 0.0
    FOLD = 0.02
    LAMINATE = 0.25
    STAPLE = 0.05
    TRIM = 0.03


class PrintJob:
    """One customer job ticket."""

    def __init__(self, customer, copies, size="A4", paper="80gsm", colour=True, duplex=False):
        self.customer = customer
        self.copies = copies
        self.size = size
        self.paper = paper
        self.colour = colour
        self.duplex = duplex
        self.finishes = []
        self.received = date.today()
        self.rush = False

    def add_finish(self, finish):
        if finish not in self.finishes and finish is not Finish.NONE:
            self.finishes.append(finish)

    @property
    def sides(self):
        return 2 if self.duplex else 1

    @property
    def a4_equivalents(self):
        """Sheets counted as A4 for click charges."""
        return self.copies * SHEET_SIZES.get(self.size, 1.0)

    def click_cost(self):
        rate = COLOUR_CLICK if self.colour else MONO_CLICK
        return self.a4_equivalents * self.sides * rate

    def paper_cost(self):
        return self.a4_equivalents * PAPER_PRICES.get(self.paper, PAPER_PRICES["80gsm"])

    def finishing_cost(self):
        return sum(f.value for f in self.finishes) * self.copies

    def price(self, markup=1.6):
        """Customer price: costs times markup, rush surcharge, minimum charge."""
        cost = self.click_cost() + self.paper_cost() + self.finishing_cost()
        total = cost * markup
        if self.rush:
            total *= 1 + RUSH_SURCHARGE
        return round(max(total, MINIMUM_CHARGE), 2)

    def due_date(self):
        """Ready date, counting working days only."""
        days = 1 if self.rush else STANDARD_TURNAROUND_DAYS
        due = self.received
        while days:
            due += timedelta(days=1)
            if due.weekday() < 5:
                days -= 1
        return due


def sheets_for_booklet(pages, per_sheet=4):
    """Booklets are printed four pages to a folded sheet."""
    return math.ceil(pages / per_sheet)


def booklet_job(customer, pages, copies, paper="120gsm", cover_paper=None):
    """Inner pages and optional laminated cover as separate jobs."""
    sheets = sheets_for_booklet(pages)
    inner = PrintJob(customer, sheets * copies, size="A3", paper=paper, duplex=True)
    inner.add_finish(Finish.FOLD)
    inner.add_finish(Finish.STAPLE)
    jobs = [inner]
    if cover_paper:
        cover = PrintJob(customer, copies, size="A3", paper=cover_paper, duplex=True)
        cover.add_finish(Finish.LAMINATE)
        jobs.append(cover)
    return jobs


def export_tickets(jobs, path):
    """Write job tickets to CSV for the production board."""
    fields = ["customer", "copies", "size", "paper", "colour", "duplex", "finishes", "due", "price"]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        for job in jobs:
            writer.writerow({
                "customer": job.customer,
                "copies": job.copies,
                "size": job.size,
                "paper": job.paper,
                "colour": "Y" if job.colour else "N",
                "duplex": "Y" if job.duplex else "N",
                "finishes": "+".join(f.name.lower() for f in job.finishes),
                "due": job.due_date().isoformat(),
                "price": f"{job.price():.2f}",
            })
    return len(jobs)


def daily_queue(jobs, day=None):
    """Jobs due today or overdue, rush jobs first."""
    day = day or date.today()
    due_today = [job for job in jobs if job.due_date() <= day]
    return sorted(due_today, key=lambda job: (not job.rush, job.received))
