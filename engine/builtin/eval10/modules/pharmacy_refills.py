"""Pharmacy refills: when a prescription may be refilled, the refill worklist and pickup labels."""

from __future__ import annotations

import csv
import logging
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

REFILL_THRESHOLD = 0.80
CONTROLLED_THRESHOLD = 0.90
CONTROLLED_SCHEDULES = {"II", "III", "IV", "V"}
PICKUP_HOLD_DAYS = 10
MAX_LABEL_WIDTH = 40
PHARMACY_NAME = "Elm Street Pharmacy"


@dataclass
class Prescription:
    rx_number: str
    patient: str
    drug: str
    strength: str
    quantity: int
    days_supply: int
    refills_left: int
    last_filled: date
    schedule: str = ""

    @property
    def controlled(self):
        return self.schedule in CONTROLLED_SCHEDULES

    def threshold(self):
        return CONTROLLED_THRESHOLD if self.controlled else REFILL_THRESHOLD

    def earliest_refill(self):
        days = int(self.days_supply * self.threshold())
        return self.last_filled + timedelta(days=days)

    def can_refill(self, today):
        if self.refills_left <= 0:
            return False
        return today >= self.earliest_refill()

    def record_fill(self, today):
        if not self.can_refill(today):
            raise ValueError(f"Rx {self.rx_number} cannot be refilled before {self.earliest_refill()}")
        self.refills_left -= 1
        self.last_filled = today
        logger.info("filled Rx %s, %d refills left", self.rx_number, self.refills_left)


@dataclass
class PickupBin:
    rx_number: str
    patient: str
    filled_on: date

    def expires(self, hold_days=PICKUP_HOLD_DAYS):
        """The last day the filled prescription waits at the counter."""
        return self.filled_on + timedelta(days=hold_days)


def label_lines(rx, width=MAX_LABEL_WIDTH):
    lines = [
        PHARMACY_NAME,
        f"Rx {rx.rx_number}  {rx.patient}",
        f"{rx.drug} {rx.strength}",
        f"Qty {rx.quantity}  Days {rx.days_supply}",
        f"Refills left: {rx.refills_left}",
    ]
    if rx.controlled:
        lines.append(f"Schedule {rx.schedule}: no early refills")
    return [line[:width] for line in lines]


def refill_queue(prescriptions, today, *, days_ahead=3):
    """Prescriptions that can be refilled by `days_ahead` days from today, soonest first."""
    horizon = today + timedelta(days=days_ahead)
    queue = [rx for rx in prescriptions if rx.refills_left > 0 and rx.earliest_refill() <= horizon]
    queue.sort(key=lambda rx: (rx.earliest_refill(), rx.patient))
    return queue


def return_to_stock(bins, today, hold_days=PICKUP_HOLD_DAYS):
    expired = [item for item in bins if item.expires(hold_days) < today]
    for item in expired:
        logger.warning("Rx %s for %s was not picked up; back to stock", item.rx_number, item.patient)
        bins.remove(item)
    return expired


def load_prescriptions(path: Path):
    prescriptions = []
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            prescriptions.append(Prescription(
                rx_number=row["rx"],
                patient=row["patient"],
                drug=row["drug"],
                strength=row["strength"],
                quantity=int(row["quantity"]),
                days_supply=int(row["days"]),
                refills_left=int(row["refills"]),
                last_filled=date.fromisoformat(row["last_filled"]),
                schedule=row.get("schedule", ""),
            ))
    return prescriptions


def fill_due(prescriptions, today, bins, pharmacist=None):
    filled = []
    for rx in refill_queue(prescriptions, today, days_ahead=0):
        rx.record_fill(today)
        bins.append(PickupBin(rx.rx_number, rx.patient, today))
        filled.append(rx.rx_number)
    return filled


def print_labels(prescriptions, *, width=MAX_LABEL_WIDTH):
    for rx in prescriptions:
        print("+" + "-" * width + "+")
        for line in label_lines(rx, width):
            print("|" + line.ljust(width) + "|")
    print("+" + "-" * width + "+")
