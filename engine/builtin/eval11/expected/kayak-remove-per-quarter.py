"""A lakeside kayak rental: a fleet of boats, hourly bookings, deposits, late returns and a day sheet."""

import csv
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

HOURLY_RATE = 18.0
TANDEM_SURCHARGE = 6.0
DEPOSIT = 50.0
LATE_FEE_PER_QUARTER = 5.0
MAX_HOURS = 4


@dataclass
class Kayak:
    number: int
    tandem: bool = False
    in_repair: bool = False

    def rate(self):
        return HOURLY_RATE + (TANDEM_SURCHARGE if self.tandem else 0.0)


@dataclass
class Booking:
    kayak: Kayak
    customer: str
    start: datetime
    hours: int
    returned_at: datetime | None = None

    def due_back(self):
        return self.start + timedelta(hours=self.hours)

    def minutes_late(self):
        if self.returned_at is None:
            return 0
        late = self.returned_at - self.due_back()
        return max(0, int(late.total_seconds() // 60))


def late_fee(minutes, grace=10):
    if minutes <= grace:
        return 0.0
    quarters = -(-minutes // 15)
    return quarters * LATE_FEE_PER_QUARTER


def booking_price(booking, include_deposit=True):
    price = booking.kayak.rate() * booking.hours
    if include_deposit:
        price += DEPOSIT
    return round(price, 2)


class Dock:
    def __init__(self, kayaks):
        self.kayaks = {kayak.number: kayak for kayak in kayaks}
        self.bookings = []

    def available(self, when, tandem=None):
        busy = {b.kayak.number for b in self.bookings
                if b.returned_at is None and b.start <= when < b.due_back()}
        return [k for k in self.kayaks.values()
                if k.number not in busy and not k.in_repair
                and (tandem is None or k.tandem == tandem)]

    def rent(self, customer, when, hours=1, tandem=False):
        if hours > MAX_HOURS:
            raise ValueError(f"at most {MAX_HOURS} hours per booking")
        free = self.available(when, tandem=tandem)
        if not free:
            raise LookupError("no kayak free")
        booking = Booking(free[0], customer, when, hours)
        self.bookings.append(booking)
        logger.info("kayak %d out to %s", booking.kayak.number, customer)
        return booking

    def check_in(self, number, when):
        for booking in self.bookings:
            if booking.kayak.number == number and booking.returned_at is None:
                booking.returned_at = when
                return late_fee(booking.minutes_late())
        raise KeyError(number)


def day_sheet(dock, path, day):
    rows = [b for b in dock.bookings if b.start.date() == day]
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["kayak", "customer", "start", "hours", "price"])
        for b in rows:
            writer.writerow([b.kayak.number, b.customer, b.start.isoformat(timespec="minutes"),
                             b.hours, booking_price(b, include_deposit=False)])
    return len(rows)


def read_fleet(path):
    fleet = []
    with Path(path).open(newline="") as handle:
        for row in csv.DictReader(handle):
            fleet.append(Kayak(int(row["number"]), tandem=row["tandem"] == "yes"))
    return fleet
