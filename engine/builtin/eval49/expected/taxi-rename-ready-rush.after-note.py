"""Commission tracking for a small taxidermy studio."""

import math
from dataclasses import dataclass, field
from datetime import date, timedelta

DEPOSIT_RATE = 0.35
RUSH_SURCHARGE = 120.0
EYE_PRICE = 18.5
CURING_DAYS = 21
BASE_PRICES = {
    "bird": 280.0,
    "fish": 340.0,
    "small_mammal": 420.0,
    "shoulder_mount": 950.0,
}


def estimate_price(species_class, length_cm, rush=False, glass_eyes=2):
    base = BASE_PRICES.get(species_class)
    if base is None:
        raise ValueError(f"unknown species class: {species_class}")
    size_factor = 1.0 + max(0.0, length_cm - 30) / 100
    price = base * size_factor + glass_eyes * EYE_PRICE
    if rush:
        price += RUSH_SURCHARGE
    return round(price, 2)


def deposit_for(price, rate=DEPOSIT_RATE):
    return math.ceil(price * rate)


def ready_date(received, workload, is_rush=False):
    days = CURING_DAYS + workload * 3
    if is_rush:
        days = max(CURING_DAYS, days // 2)
    return received + timedelta(days=days)


@dataclass
class Commission:
    client: str
    species_class: str
    length_cm: float
    received: date
    rush: bool = False
    paid: float = 0.0
    notes: list = field(default_factory=list)

    def quote(self):
        return estimate_price(self.species_class, self.length_cm, rush=self.rush)

    def balance_due(self):
        return round(self.quote() - self.paid, 2)

    def record_payment(self, amount):
        if amount <= 0:
            raise ValueError("payment must be positive")
        self.paid += amount
        self.notes.append(f"paid {amount:.2f}")
        return self.balance_due()


class CommissionBook:
    def __init__(self, studio_name, max_open=12):
        self.studio_name = studio_name
        self.max_open = max_open
        self.open_commissions = []
        self.delivered = []

    def accept(self, commission):
        if len(self.open_commissions) >= self.max_open:
            return False
        required = deposit_for(commission.quote())
        if commission.paid < required:
            commission.notes.append(f"needs deposit of {required}")
            return False
        self.open_commissions.append(commission)
        commission.notes.append("accepted")
        return True

    def workload(self):
        load = 0
        for commission in self.open_commissions:
            load += 2 if commission.rush else 1
        return load

    def promise_date(self, commission):
        return ready_date(commission.received, self.workload(), is_rush=commission.rush)

    def deliver(self, client):
        for commission in list(self.open_commissions):
            if commission.client == client:
                if commission.balance_due() > 0:
                    raise ValueError(f"{client} still owes {commission.balance_due()}")
                self.open_commissions.remove(commission)
                self.delivered.append(commission)
                return commission
        return None

    def outstanding_total(self):
        total = 0.0
        for commission in self.open_commissions:
            total += commission.balance_due()
        return round(total, 2)


def summarize(book, today=None):
    today = today or date.today()
    lines = [f"{book.studio_name}: {len(book.open_commissions)} open"]
    for commission in book.open_commissions:
        due = book.promise_date(commission)
        late = " LATE" if due < today else ""
        lines.append(f"  {commission.client} ({commission.species_class}) due {due}{late}")
    lines.append(f"  outstanding: {book.outstanding_total():.2f}")
    return "\n".join(lines)
