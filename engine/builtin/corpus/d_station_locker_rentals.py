"""Left-luggage lockers at the railway station."""
import datetime
import random
import string
from enum import Enum
from typing import Dict, Optional

PIN_LENGTH = 6
SIZE_PRICES = {"small": 5.00, "medium": 7.50, "large": 10.00}
PERIOD_HOURS = 24
MAX_DAYS = 14
ABANDONED_NOTICE = "Items left over 14 days go to lost property"


class LockerSize(Enum):
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


class LockerBank:
    def __init__(self, lockers: Dict[str, LockerSize]):
        self.lockers = lockers
        self.rentals: Dict[str, dict] = {}

    def free(self, size=None):
        return [number for number, s in sorted(self.lockers.items())
                if number not in self.rentals and (size is None or s is size)]

    def rent(self, size: LockerSize, now=None) -> Optional[tuple]:
        free = self.free(size)
        if not free:
            return None
        number = free[0]
        pin = _new_pin()
        self.rentals[number] = {"pin": pin, "since": now or datetime.datetime.now()}
        return number, pin

    def collect(self, number, pin, now=None):
        rental = self.rentals.get(number)
        if rental is None or rental["pin"] != pin:
            raise PermissionError("wrong locker or PIN")
        owed = charge(self.lockers[number], rental["since"], now or datetime.datetime.now())
        del self.rentals[number]
        return owed

    def abandoned(self, now=None):
        now = now or datetime.datetime.now()
        limit = datetime.timedelta(days=MAX_DAYS)
        return [n for n, r in self.rentals.items() if now - r["since"] > limit]


def _new_pin(length=PIN_LENGTH):
    return "".join(random.choice(string.digits) for _ in range(length))


def charge(size: LockerSize, since: datetime.datetime, until: datetime.datetime) -> float:
    hours = (until - since).total_seconds() / 3600
    periods = max(1, int(-(-hours // PERIOD_HOURS)))
    return round(periods * SIZE_PRICES[size.value], 2)


def receipt(number, pin, size: LockerSize, since: datetime.datetime) -> str:
    """Text printed on the ticket the customer keeps."""
    lines = [
        f"Locker {number} ({size.value})",
        f"PIN: {pin}",
        f"From: {since:%d %b %Y %H:%M}",
        f"£{SIZE_PRICES[size.value]:.2f} per {PERIOD_HOURS} hours",
        ABANDONED_NOTICE,
    ]
    return "\n".join(lines)
