"""Toll collection at the estuary bridge."""

import logging
from collections import Counter, namedtuple
from dataclasses import dataclass
from datetime import datetime, time
from enum import Enum
from typing import Dict, List, Optional

logger = logging.getLogger(__name__)

TOLLS_PENCE: Dict[str, int] = {"motorcycle": 0, "car": 150, "van": 300, "coach": 600, "hgv": 800}
NIGHT_START = time(22, 0)
NIGHT_END = time(6, 0)
NIGHT_DISCOUNT = 0.5
TAG_DISCOUNT = 0.2
MIN_TAG_BALANCE_PENCE = 500
LANES = 6


class Payment(Enum):
    CASH = "cash"
    CARD = "card"
    TAG = "tag"
    EXEMPT = "exempt"


@dataclass
class TagAccount:
    tag_id: str
    registration: str
    balance_pence: int = 0
    vehicle_class: str = "car"

    def top_up(self, pence: int) -> int:
        if pence <= 0:
            raise ValueError("top-up must be positive")
        self.balance_pence += pence
        return self.balance_pence

    @property
    def low_balance(self) -> bool:
        return self.balance_pence < MIN_TAG_BALANCE_PENCE


Crossing = namedtuple(
    "Crossing",
    ["lane", "at", "vehicle_class", "payment", "charged_pence", "registration"],
    defaults=(None,),
)


def is_night(moment: datetime) -> bool:
    now = moment.time()
    return now >= NIGHT_START or now < NIGHT_END


def toll_for(vehicle_class: str, moment: datetime, *, payment: Payment = Payment.CASH) -> int:
    """Toll in pence after night and tag discounts."""
    if payment is Payment.EXEMPT:
        return 0
    try:
        toll = TOLLS_PENCE[vehicle_class]
    except KeyError:
        raise ValueError(f"unknown vehicle class {vehicle_class!r}") from None
    if is_night(moment):
        toll = int(toll * (1 - NIGHT_DISCOUNT))
    if payment is Payment.TAG:
        toll = int(toll * (1 - TAG_DISCOUNT))
    return toll


class TollPlaza:
    def __init__(self, accounts: Optional[List[TagAccount]] = None):
        self.accounts = {account.tag_id: account for account in accounts or []}
        self.crossings: List[Crossing] = []
        self.closed_lanes: set = set()

    def _check_lane(self, lane: int) -> None:
        if not 1 <= lane <= LANES or lane in self.closed_lanes:
            raise ValueError(f"lane {lane} is not open")

    def pass_cash(self, lane: int, vehicle_class: str, moment: datetime, card: bool = False) -> Crossing:
        self._check_lane(lane)
        payment = Payment.CARD if card else Payment.CASH
        crossing = Crossing(lane, moment, vehicle_class, payment, toll_for(vehicle_class, moment, payment=payment))
        self.crossings.append(crossing)
        return crossing

    def pass_tag(self, lane: int, tag_id: str, moment: datetime) -> Crossing:
        self._check_lane(lane)
        account = self.accounts.get(tag_id)
        if account is None:
            logger.warning("unknown tag %s in lane %d, raising barrier for manual payment", tag_id, lane)
            raise KeyError(tag_id)
        charge = toll_for(account.vehicle_class, moment, payment=Payment.TAG)
        account.balance_pence -= charge
        if account.low_balance:
            logger.info("tag %s low balance: %d p", tag_id, account.balance_pence)
        crossing = Crossing(lane, moment, account.vehicle_class, Payment.TAG, charge, account.registration)
        self.crossings.append(crossing)
        return crossing

    def shift_takings(self, start: datetime, end: datetime) -> Dict[str, int]:
        takings: Counter = Counter()
        for crossing in self.crossings:
            if start <= crossing.at < end:
                takings[crossing.payment.value] += crossing.charged_pence
        return dict(takings)

    def traffic_by_class(self) -> Dict[str, int]:
        return dict(Counter(c.vehicle_class for c in self.crossings))
