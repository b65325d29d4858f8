"""Rental ledger for a small violin and viola hire shop."""

from dataclasses import dataclass, field
from datetime import date, timedelta

MONTHLY_FEE = 38.0
DEPOSIT_RATE = 0.25
LATE_FEE_PER_DAY = 2.5
SIZES = ("1/16", "1/8", "1/4", "1/2", "3/4", "4/4")


@dataclass
class Instrument:
    serial: str
    size: str
    maker: str
    value: float
    on_loan: bool = False


@dataclass
class Hire:
    instrument: Instrument
    renter: str
    start: date
    months: int
    returned: date | None = None
    notes: list[str] = field(default_factory=list)


class RentalDesk:
    """Keeps instruments and the hires made against them."""

    def __init__(self, shop_name):
        self.shop_name = shop_name
        self.stock = {}
        self.open_hires = []

    def add_instrument(self, instrument):
        if instrument.size not in SIZES:
            raise ValueError(f"unknown size {instrument.size}")
        self.stock[instrument.serial] = instrument

    def available(self, size):
        return [i for i in self.stock.values() if i.size == size and not i.on_loan]

    def lend(self, serial, renter, start, months):
        instrument = self.stock[serial]
        if instrument.on_loan:
            raise RuntimeError(f"{serial} is already out")
        instrument.on_loan = True
        hire = Hire(instrument, renter, start, months)
        self.open_hires.append(hire)
        return hire

    def take_back(self, serial, when):
        for hire in self.open_hires:
            if hire.instrument.serial == serial:
                hire.returned = when
                hire.instrument.on_loan = False
                self.open_hires.remove(hire)
                return hire
        raise KeyError(serial)


def due_back_date(hire):
    return hire.start + timedelta(days=30 * hire.months)


def deposit_for(instrument):
    return round(instrument.value * DEPOSIT_RATE, 2)


def late_charge(hire, today):
    overdue = (today - due_back_date(hire)).days
    if overdue <= 0:
        return 0.0
    return overdue * LATE_FEE_PER_DAY


def hire_total(hire, today, discount=0.0):
    base = MONTHLY_FEE * hire.months
    base -= base * discount
    return round(base + late_charge(hire, today), 2)


def size_for_height(height_cm):
    if height_cm < 110:
        return "1/16"
    if height_cm < 120:
        return "1/8"
    if height_cm < 130:
        return "1/4"
    if height_cm < 140:
        return "1/2"
    if height_cm < 150:
        return "3/4"
    return "4/4"


def overdue_report(desk, today):
    lines = []
    for hire in desk.open_hires:
        charge = late_charge(hire, today)
        if charge > 0:
            lines.append(f"{hire.renter}: {hire.instrument.serial} owes {charge:.2f}")
    return "\n".join(lines)


def upgrade_path(current_size):
    position = SIZES.index(current_size)
    return list(SIZES[position + 1:])


def summary(desk, today):
    out_count = len(desk.open_hires)
    in_count = len(desk.stock) - out_count
    owed = sum(late_charge(h, today) for h in desk.open_hires)
    return {
        "shop": desk.shop_name,
        "out": out_count,
        "in": in_count,
        "late_fees": round(owed, 2),
    }
