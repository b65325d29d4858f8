"""Burial register and plot maintenance records for a parish cemetery."""

import csv
import re
from dataclasses import dataclass
from pathlib import Path

PLOT_CODE_PATTERN = re.compile(r"^[A-H]-\d{1,3}$")
LEASE_YEARS = 50
HEADSTONE_CHECK_INTERVAL_YEARS = 5


@dataclass
class Plot:
    code: str
    section: str
    lease_start_year: int
    occupied: bool = False
    headstone_checked_year: int = 0


@dataclass
class BurialEntry:
    surname: str
    forenames: str
    year_of_death: int
    plot_code: str


def valid_plot_code(code):
    return bool(PLOT_CODE_PATTERN.match(code))


def lease_expiry(plot: Plot, term_years: int = 50) -> int:
    return plot.lease_start_year + term_years


def leases_expiring(plots: list[Plot], year: int, window: int = 2) -> list[Plot]:
    return [plot for plot in plots if 0 <= lease_expiry(plot) - year <= window]


def headstones_due(plots: list[Plot], year: int) -> list[str]:
    due = []
    for plot in plots:
        if year - plot.headstone_checked_year >= HEADSTONE_CHECK_INTERVAL_YEARS:
            due.append(plot.code)
    return due


def register_burial(entry: BurialEntry, plots: dict[str, Plot], clerk: str) -> Plot:
    if not valid_plot_code(entry.plot_code):
        raise ValueError(f"bad plot code: {entry.plot_code}")
    plot = plots[entry.plot_code]
    plot.occupied = True
    return plot


def search_surname(entries: list[BurialEntry], surname: str) -> list[BurialEntry]:
    """Return entries whose surname matches, ignoring case and surrounding spaces."""
    wanted = surname.strip().lower()
    return [entry for entry in entries if entry.surname.lower() == wanted]


def load_register(path: Path) -> list[BurialEntry]:
    entries = []
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            year = int(row["year"])
            entries.append(BurialEntry(row["surname"], row["forenames"], year, row["plot"]))
    return entries


def export_register(entries: list[BurialEntry], path: Path) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["surname", "forenames", "year", "plot"])
        for entry in entries:
            writer.writerow([entry.surname, entry.forenames, entry.year_of_death, entry.plot_code])


def free_plots(plots: list[Plot], section: str) -> list[str]:
    return sorted(plot.code for plot in plots if plot.section == section and not plot.occupied)


def mark_checked(plot: Plot, year: int) -> None:
    plot.headstone_checked_year = year
    print("checked", plot.code)


def decades_summary(entries: list[BurialEntry]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for entry in entries:
        decade = entry.year_of_death // 10 * 10
        counts[decade] = counts.get(decade, 0) + 1
    return counts


def archive_name(year: int) -> str:
    stamp = datetime.now().strftime("%Y%m%d")
    return f"register-{year}-{stamp}.csv"


def burials_in_section(entries: list[BurialEntry], plots: dict[str, Plot], section: str) -> int:
    return sum(1 for entry in entries if plots[entry.plot_code].section == section)


def process_intake(entries: list[BurialEntry], plots: dict[str, Plot]) -> list[Plot]:
    used = []
    for entry in entries:
        used.append(register_burial(entry, plots, clerk="office"))
    return used
