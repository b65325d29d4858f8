"""Plot allocation and rent for the Riverside allotment society."""

import csv
import logging
from dataclasses import dataclass
from datetime import date

log = logging.getLogger(__name__)

RENT_PER_SQUARE_METRE = 0.45
WATER_CHARGE = 12.0
CONCESSION_DISCOUNT = 0.5


@dataclass
class Plot:
    number: str
    square_metres: float
    has_shed: bool = False
    tenant: str | None = None


@dataclass
class Applicant:
    name: str
    applied: date
    wants_shed: bool = False
    concession: bool = False


class Society:
    def __init__(self, plots):
        self.plots = {p.number: p for p in plots}
        self.waiting_list = []

    def apply(self, applicant):
        self.waiting_list.append(applicant)
        self.waiting_list.sort(key=lambda a: a.applied)

    def vacant(self):
        return [p for p in self.plots.values() if p.tenant is None]

    def allocate(self, plot_number):
        plot = self.plots[plot_number]
        if plot.tenant is not None:
            raise ValueError(f"plot {plot_number} is taken")
        for index, applicant in enumerate(self.waiting_list):
            if applicant.wants_shed and not plot.has_shed:
                continue
            plot.tenant = applicant.name
            del self.waiting_list[index]
            return applicant
        return None

    def give_up(self, plot_number):
        plot = self.plots[plot_number]
        former = plot.tenant
        plot.tenant = None
        return former


def yearly_rent(plot, concession=False):
    rent = plot.square_metres * RENT_PER_SQUARE_METRE + WATER_CHARGE
    if concession:
        rent *= 1 - CONCESSION_DISCOUNT
    return round(rent, 2)


def rent_roll(society, concessions):
    roll = {}
    for plot in society.plots.values():
        if plot.tenant is None:
            continue
        roll[plot.number] = yearly_rent(plot, plot.tenant in concessions)
    return roll


def read_plots(path):
    plots = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            size = float(row["square_metres"])
            plots.append(Plot(row["number"], size, row.get("shed") == "yes"))
    return plots


def waiting_years(applicant, today, days_per_year=365):
    return int((today - applicant.applied).days // days_per_year)


def waiting_report(society, today):
    lines = []
    for position, applicant in enumerate(society.waiting_list, start=1):
        years = waiting_years(applicant, today)
        lines.append(f"{position:>3}. {applicant.name} ({years} yrs)")
    return "\n".join(lines) or "nobody waiting"


def shed_plots(society):
    """Return the numbers of plots that have a shed."""
    return [p.number for p in society.plots.values() if p.has_shed]
