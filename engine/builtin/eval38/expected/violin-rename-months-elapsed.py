"""Rental desk for a violin shop: instrument stock, rental agreements and monthly billing."""

import itertools
from datetime import date, timedelta
from decimal import Decimal

SIZES = ("1/16", "1/10", "1/8", "1/4", "1/2", "3/4", "4/4")
MONTHLY_RATES = {"student": Decimal("18.00"), "intermediate": Decimal("32.00"), "advanced": Decimal("55.00")}
DAMAGE_WAIVER = Decimal("4.50")
RENT_TO_OWN_CREDIT = Decimal("0.60")
GRACE_DAYS = 10
_serials = itertools.count(1001)


def size_for_arm_length(arm_cm):
    thresholds = (35.5, 40.0, 44.5, 47.0, 51.0, 56.0)
    for size, limit in zip(SIZES, thresholds):
        if arm_cm < limit:
            return size
    return SIZES[-1]


def monthly_charge(grade, waiver=True):
    charge = MONTHLY_RATES[grade]
    if waiver:
        charge += DAMAGE_WAIVER
    return charge


def next_serial(prefix="VN"):
    return f"{prefix}-{next(_serials)}"


class Instrument:
    def __init__(self, size, grade, maker="workshop"):
        if size not in SIZES:
            raise ValueError(f"unknown size {size}")
        self.serial = next_serial()
        self.size = size
        self.grade = grade
        self.maker = maker
        self.on_loan = False

    def label(self):
        return f"{self.serial} {self.size} {self.grade} ({self.maker})"


class RentalAgreement:
    def __init__(self, customer, instrument, start, waiver=True):
        self.customer = customer
        self.instrument = instrument
        self.start = start
        self.waiver = waiver
        self.payments = []
        self.returned_on = None

    def monthly_amount(self):
        return monthly_charge(self.instrument.grade, self.waiver)

    def record_payment(self, amount, paid_on):
        self.payments.append((paid_on, Decimal(amount)))

    def months_on_hire(self, today):
        end = self.returned_on or today
        return (end.year - self.start.year) * 12 + end.month - self.start.month

    def total_paid(self):
        return sum((amount for _, amount in self.payments), Decimal("0"))

    def balance(self, today):
        owed = self.monthly_amount() * self.months_on_hire(today)
        return owed - self.total_paid()

    def is_overdue(self, today):
        last = self.payments[-1][0] if self.payments else self.start
        return today - last > timedelta(days=30 + GRACE_DAYS)

    def purchase_credit(self):
        return (self.total_paid() * RENT_TO_OWN_CREDIT).quantize(Decimal("0.01"))


class RentalDesk:
    def __init__(self):
        self.stock = []
        self.agreements = []

    def add_stock(self, size, grade, maker="workshop"):
        instrument = Instrument(size, grade, maker)
        print(f"added {instrument.label()}")
        self.stock.append(instrument)
        return instrument

    def available(self, size, grade):
        return [item for item in self.stock if not item.on_loan and item.size == size and item.grade == grade]

    def rent(self, customer, arm_cm, grade="student", start=None):
        size = size_for_arm_length(arm_cm)
        choices = self.available(size, grade)
        if not choices:
            raise LookupError(f"no {grade} {size} violin in stock")
        instrument = choices[0]
        instrument.on_loan = True
        agreement = RentalAgreement(customer, instrument, start or date.today())
        self.agreements.append(agreement)
        return agreement

    def return_instrument(self, agreement, returned_on=None):
        agreement.returned_on = returned_on or date.today()
        agreement.instrument.on_loan = False

    def overdue(self, today=None):
        today = today or date.today()
        return [item for item in self.agreements if item.returned_on is None and item.is_overdue(today)]
