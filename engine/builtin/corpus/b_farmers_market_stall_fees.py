"""Stall fee calculation for the Saturday farmers' market."""

import math
from decimal import Decimal, ROUND_HALF_UP

PITCH_WIDTH_METRES = 3
BASE_PITCH_FEE = Decimal("28.00")
ELECTRIC_HOOKUP_FEE = Decimal("6.50")
GAZEBO_HIRE_FEE = Decimal("12.00")
LOCAL_PRODUCER_DISCOUNT = Decimal("0.15")
LATE_BOOKING_SURCHARGE = Decimal("5.00")


def pitches_needed(frontage_metres):
    """Number of 3m pitches needed for a stall frontage."""
    if frontage_metres <= 0:
        return 0
    return math.ceil(frontage_metres / PITCH_WIDTH_METRES)


def _money(amount):
    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def stall_fee(frontage_metres, electric=False, gazebo=False, *, local=True, late=False):
    """Fee for one market day."""
    pitches = pitches_needed(frontage_metres)
    fee = BASE_PITCH_FEE * pitches
    if local:
        fee -= fee * LOCAL_PRODUCER_DISCOUNT
    if electric:
        fee += ELECTRIC_HOOKUP_FEE
    if gazebo:
        fee += GAZEBO_HIRE_FEE * pitches
    if late:
        fee += LATE_BOOKING_SURCHARGE
    return _money(fee)


def season_fee(frontage_metres, market_days, electric=False, gazebo=False, local=True):
    """Fee for a block booking; every tenth market is free."""
    free_days = market_days // 10
    paying_days = market_days - free_days
    per_day = stall_fee(frontage_metres, electric, gazebo, local=local)
    return _money(per_day * paying_days)


class StallHolder:
    def __init__(self, name, produce, frontage_metres, local=True):
        self.name = name
        self.produce = produce
        self.frontage_metres = frontage_metres
        self.local = local
        self.needs_electric = produce in ("dairy", "meat", "hot food")
        self.payments = []

    def fee_for_day(self, late=False):
        return stall_fee(self.frontage_metres, self.needs_electric, local=self.local, late=late)

    def pay(self, amount):
        self.payments.append(Decimal(str(amount)))

    def balance(self, market_days):
        """What the stallholder still owes for the season."""
        owed = season_fee(self.frontage_metres, market_days, self.needs_electric, local=self.local)
        return owed - sum(self.payments, Decimal("0"))


def market_takings(stallholders, late_names=()):
    """Total pitch fees for the day across all stallholders."""
    total = Decimal("0")
    for holder in stallholders:
        total += holder.fee_for_day(late=holder.name in late_names)
    return _money(total)
