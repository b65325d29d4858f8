"""Rod licence sales for an angling association.

Sells day, week and season licences for the association's waters,
applies junior and senior concessions, keeps a sales ledger and
reports catch returns at the end of the season.
"""

import csv
import json
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from enum import Enum
from pathlib import Path

log = logging.getLogger(__name__)

SEASON_START = (3, 16)
SEASON_END = (3, 14)
JUNIOR_MAX_AGE = 16
SENIOR_MIN_AGE = 65
CONCESSION_RATE = Decimal("0.5")
LEDGER_FILE = "licence_sales.csv"
RODS_PER_LICENCE = {"coarse": 3, "trout": 1, "salmon": 1}
COARSE_CLOSE_SEASON = ((3, 15), (6, 15))


class LicenceType(Enum):
    DAY = ("day", Decimal("6.00"), timedelta(days=1))
    WEEK = ("week", Decimal("18.00"), timedelta(days=8))
    SEASON = ("season", Decimal("85.00"), None)

    def __init__(self, label, price, length):
        self.label = label
        self.price = price
        self.length = length


@dataclass
class Licence:
    serial: str
    angler: str
    date_of_birth: date
    licence_type: LicenceType
    water: str
    valid_from: date
    valid_to: date
    price_paid: Decimal
    email: str = ""
    catches: list = field(default_factory=list)

    def covers(self, day) -> bool:
        return self.valid_from <= day <= self.valid_to

    @property
    def rods(self):
        return RODS_PER_LICENCE.get(self.water, 1)

    def record_catch(self, species: str, weight_kg: float, released=True, on=None):
        on = on or date.today()
        if not self.covers(on):
            raise ValueError(f"licence {self.serial} does not cover {on}")
        self.catches.append({"species": species, "weight_kg": weight_kg, "released": released,
                             "date": on.isoformat()})


def season_bounds(day: date):
    """The fishing season runs from 16 March to 14 March the following year."""
    start = date(day.year, *SEASON_START)
    if day < start:
        start = date(day.year - 1, *SEASON_START)
    end = date(start.year + 1, *SEASON_END)
    return start, end


def in_close_season(day: date, water="coarse") -> bool:
    """Coarse fishing on rivers is closed from mid March to mid June."""
    if water != "coarse":
        return False
    first, last = COARSE_CLOSE_SEASON
    return date(day.year, *first) <= day <= date(day.year, *last)


def age_on(date_of_birth: date, day: date) -> int:
    years = day.year - date_of_birth.year
    if (day.month, day.day) < (date_of_birth.month, date_of_birth.day):
        years -= 1
    return years


def concession_for(date_of_birth: date, on: date) -> Decimal:
    age = age_on(date_of_birth, on)
    if age < 12:
        return Decimal("1")
    if age <= JUNIOR_MAX_AGE or age >= SENIOR_MIN_AGE:
        return CONCESSION_RATE
    return Decimal("0")


def price_for(licence_type: LicenceType, date_of_birth: date, on: date, *, member=False) -> Decimal:
    """Licence price after age concessions and the members' season discount."""
    price = licence_type.price
    price -= price * concession_for(date_of_birth, on)
    if member and licence_type is LicenceType.SEASON:
        price -= Decimal("10.00")
    return max(price, Decimal("0")).quantize(Decimal("0.01"))


class LicenceOffice:
    """The association's sales desk and its ledger file."""

    def __init__(self, ledger_dir: Path, prefix="AA"):
        self.ledger_path = ledger_dir / LEDGER_FILE
        self.prefix = prefix
        self.sold: list[Licence] = []
        self._next_serial = 1

    @staticmethod
    def validity(licence_type, start):
        if licence_type.length is None:
            return start, season_bounds(start)[1]
        return start, start + licence_type.length - timedelta(days=1)

    def _serial(self) -> str:
        serial = f"{self.prefix}{date.today():%y}-{self._next_serial:06d}"
        self._next_serial += 1
        return serial

    def sell(self, angler, date_of_birth, licence_type, water="coarse", start=None, member=False, email=""):
        start = start or date.today()
        if in_close_season(start, water) and licence_type is not LicenceType.SEASON:
            raise ValueError(f"{water} waters are in close season on {start}")
        valid_from, valid_to = self.validity(licence_type, start)
        licence = Licence(
            serial=self._serial(),
            angler=angler,
            date_of_birth=date_of_birth,
            licence_type=licence_type,
            water=water,
            valid_from=valid_from,
            valid_to=valid_to,
            price_paid=price_for(licence_type, date_of_birth, start, member=member),
            email=email,
        )
        self.sold.append(licence)
        self._append_to_ledger(licence)
        log.info("sold %s %s licence %s", licence_type.label, water, licence.serial)
        return licence

    def _append_to_ledger(self, licence: Licence):
        new_file = not self.ledger_path.exists()
        with self.ledger_path.open("a", newline="") as handle:
            writer = csv.writer(handle)
            if new_file:
                writer.writerow(["serial", "angler", "type", "water", "from", "to", "paid", "sold_at"])
            writer.writerow([licence.serial, licence.angler, licence.licence_type.label,
                             licence.water, licence.valid_from, licence.valid_to,
                             licence.price_paid, datetime.now().isoformat(timespec="seconds")])

    def valid_for(self, name, on=None):
        on = on or date.today()
        return [l for l in self.sold if l.angler == name and l.covers(on)]

    def takings(self, start: date, end: date):
        totals = defaultdict(Decimal)
        for licence in self.sold:
            if start <= licence.valid_from <= end:
                totals[licence.licence_type.label] += licence.price_paid
        return dict(totals)


def catch_return(licences, species=None):
    """Summarise catches per species: count, heaviest and share released."""
    summary = {}
    for licence in licences:
        for catch in licence.catches:
            if species and catch["species"] != species:
                continue
            entry = summary.setdefault(catch["species"], {"count": 0, "heaviest_kg": 0.0, "released": 0})
            entry["count"] += 1
            entry["heaviest_kg"] = max(entry["heaviest_kg"], catch["weight_kg"])
            entry["released"] += int(catch["released"])
    for entry in summary.values():
        entry["release_rate"] = round(entry["released"] / entry["count"], 2)
    return summary


def export_returns(licences, path: Path):
    payload = {
        "generated": date.today().isoformat(),
        "anglers": [
            {"serial": l.serial, "angler": l.angler, "email": l.email, "catches": l.catches}
            for l in licences if l.catches
        ],
    }
    path.write_text(json.dumps(payload, indent=2, default=str))
    return len(payload["anglers"])
