"""Waiting list and plot allocation for a town allotment society."""

import csv
import io
from datetime import date

FULL_PLOT_RENT = 64.00
HALF_PLOT_RENT = 36.50
CONCESSION_RATE = 0.5
MAX_OFFERS_DECLINED = 2
POSTCODE_PRIORITY = ("BS3", "BS4")


class Applicant:
    def __init__(self, name, postcode, joined, wants_half=False, concession=False):
        self.name = name
        self.home_postcode = postcode.upper().strip()
        self.joined = joined
        self.wants_half = wants_half
        self.concession = concession
        self.declined = 0

    def is_local(self):
        return self.home_postcode.split(" ")[0] in POSTCODE_PRIORITY

    def decline_offer(self):
        self.declined += 1
        return self.declined > MAX_OFFERS_DECLINED


class Plot:
    def __init__(self, number, half=False, water_butt=True):
        self.number = number
        self.half = half
        self.water_butt = water_butt
        self.tenant = None
        self.since = None

    def let_to(self, applicant, start):
        self.tenant = applicant
        self.since = start

    def vacate(self):
        previous = self.tenant
        self.tenant = None
        self.since = None
        return previous

    def annual_rent(self, applicant, water_charge=8.0):
        rent = HALF_PLOT_RENT if self.half else FULL_PLOT_RENT
        if self.water_butt:
            rent += water_charge
        if applicant.concession:
            rent = rent * CONCESSION_RATE
        return round(rent, 2)


def queue_order(applicants, today, local_first=True):
    def sort_key(applicant):
        waited_days = (today - applicant.joined).days
        priority = 0 if (local_first and applicant.is_local()) else 1
        return (priority, -waited_days, applicant.name)

    return sorted(applicants, key=sort_key)


def allocate(plots, applicants, today, committee_note=""):
    offers = []
    free = [plot for plot in plots if plot.tenant is None]
    waiting = queue_order(applicants, today)
    for plot in free:
        for applicant in waiting:
            if applicant.wants_half != plot.half:
                continue
            plot.let_to(applicant, today)
            offers.append((plot.number, applicant.name, plot.annual_rent(applicant)))
            waiting.remove(applicant)
            break
    return offers


def load_applicants(text, delimiter=","):
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    applicants = []
    for row in reader:
        joined = date.fromisoformat(row["joined"])
        applicants.append(
            Applicant(
                row["name"],
                row["postcode"],
                joined,
                wants_half=row.get("half", "") == "yes",
                concession=row.get("concession", "") == "yes",
            )
        )
    return applicants


def run_allocation_day(plots, csv_text, today=None):
    today = today or date.today()
    applicants = load_applicants(csv_text)
    offers = allocate(plots, applicants, today, committee_note="spring round")
    total = sum(rent for _, _, rent in offers)
    return offers, round(total, 2)
