"""Food bank parcel packing.

Households are referred by partner agencies; each referral is turned
into a parcel whose contents scale with household size and respect
dietary needs. Stock is drawn down as parcels are packed, and items
near their best-before date are used first.
"""

import json
import logging
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from pathlib import Path

logger = logging.getLogger(__name__)

DAYS_OF_FOOD = 3
MAX_REFERRALS_PER_SIX_MONTHS = 3
SHORT_DATE_WINDOW = timedelta(days=14)
STOCK_FILE = "stock.json"
BASE_PARCEL = {
    "pasta": 1,
    "rice": 1,
    "tinned_tomatoes": 2,
    "tinned_beans": 2,
    "tinned_fish": 1,
    "cereal": 1,
    "uht_milk": 1,
    "tea": 1,
}
SWAPS = {
    "vegetarian": {"tinned_fish": "tinned_lentils"},
    "halal": {"tinned_fish": "tinned_chickpeas"},
    "gluten_free": {"pasta": "gf_pasta", "cereal": "gf_cereal"},
    "no_kitchen": {"pasta": "cup_soup", "rice": "microwave_rice"},
}


class ParcelStatus(Enum):
    REQUESTED = "requested"
    PACKED = "packed"
    COLLECTED = "collected"
    SHORT = "short"


@dataclass
class StockLine:
    item: str
    quantity: int
    best_before: date

    def is_short_dated(self, today: date) -> bool:
        return self.best_before - today <= SHORT_DATE_WINDOW


@dataclass
class Referral:
    voucher: str
    agency: str
    adults: int
    children: int = 0
    dietary: list = field(default_factory=list)
    issued: date = field(default_factory=date.today)

    @property
    def household_size(self) -> int:
        return self.adults + self.children


@dataclass
class Parcel:
    voucher: str
    contents: Counter = field(default_factory=Counter)
    missing: Counter = field(default_factory=Counter)
    status: ParcelStatus = ParcelStatus.REQUESTED


class Warehouse:
    def __init__(self, lines=None):
        self.lines: list[StockLine] = list(lines or [])

    @classmethod
    def load(cls, directory: Path, filename=STOCK_FILE):
        path = directory / filename
        if not path.exists():
            logger.warning("no stock file at %s, starting empty", path)
            return cls()
        raw = json.loads(path.read_text())
        lines = [StockLine(r["item"], int(r["quantity"]), date.fromisoformat(r["best_before"])) for r in raw]
        return cls(lines)

    def save(self, directory: Path, filename=STOCK_FILE):
        payload = [
            {"item": l.item, "quantity": l.quantity, "best_before": l.best_before.isoformat()}
            for l in self.lines if l.quantity > 0
        ]
        (directory / filename).write_text(json.dumps(payload, indent=2))

    def on_hand(self, item: str) -> int:
        return sum(l.quantity for l in self.lines if l.item == item)

    def take(self, item: str, wanted: int, today=None) -> int:
        """Remove up to ``wanted`` of ``item``, oldest date first; return how many were taken."""
        today = today or date.today()
        usable = sorted(
            (l for l in self.lines if l.item == item and l.best_before >= today and l.quantity > 0),
            key=lambda l: l.best_before,
        )
        taken = 0
        for line in usable:
            if taken == wanted:
                break
            step = min(line.quantity, wanted - taken)
            line.quantity -= step
            taken += step
        return taken

    def short_dated(self, today=None):
        today = today or date.today()
        return sorted((l for l in self.lines if l.quantity and l.is_short_dated(today)),
                      key=lambda l: l.best_before)


def _scale(quantity: int, household_size: int) -> int:
    if household_size <= 1:
        return quantity
    # Every two extra people add one more unit of each item.
    return quantity + (household_size - 1) // 2


def parcel_list(referral: Referral, base=None) -> Counter:
    base = base or BASE_PARCEL
    wanted = Counter()
    for item, quantity in base.items():
        for need in referral.dietary:
            item = SWAPS.get(need, {}).get(item, item)
        wanted[item] += _scale(quantity, referral.household_size)
    if referral.children:
        wanted["fruit_pots"] += referral.children * DAYS_OF_FOOD
    return wanted


def eligible(referral: Referral, history, today=None, limit=MAX_REFERRALS_PER_SIX_MONTHS):
    today = today or date.today()
    window_start = today - timedelta(days=182)
    recent = [r for r in history if r.voucher != referral.voucher and r.issued >= window_start]
    return len(recent) < limit


def pack(referral: Referral, warehouse: Warehouse, *, today=None) -> Parcel:
    parcel = Parcel(referral.voucher)
    for item, quantity in parcel_list(referral).items():
        got = warehouse.take(item, quantity, today=today)
        if got:
            parcel.contents[item] = got
        if got < quantity:
            parcel.missing[item] = quantity - got
    parcel.status = ParcelStatus.SHORT if parcel.missing else ParcelStatus.PACKED
    if parcel.missing:
        logger.info("parcel %s short: %s", referral.voucher, dict(parcel.missing))
    return parcel


def pack_session(referrals, warehouse, history=(), today=None):
    packed, refused = [], []
    # Largest households first so that scarce items go where they stretch furthest.
    for referral in sorted(referrals, key=lambda r: r.household_size, reverse=True):
        if not eligible(referral, history, today=today):
            refused.append(referral.voucher)
            continue
        packed.append(pack(referral, warehouse, today=today))
    return packed, refused


def shopping_list(parcels, warehouse, buffer=5):
    shortfall = Counter()
    for parcel in parcels:
        shortfall.update(parcel.missing)
    return {item: count + buffer for item, count in shortfall.most_common()
            if warehouse.on_hand(item) < buffer}
