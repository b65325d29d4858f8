"""Food bank parcel packing.

Households are referred by partner agencies; each referral is turned
into a parcel whose contents scale with household size and respect
dietary needs. Stock is drawn down as parcels are packed, and items
near their best-before date are used first.
"""

import json
import logging
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
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


@dataclass
class Referral:
    """A voucher from a partner agency for one household."""
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
    collected: bool = False

    @property
    def status(self) -> str:
        if self.collected:
            return "collected"
        return "short" if self.missing else "packed"


class Warehouse:
    """Stock by item, each item held as [best_before, quantity] batches."""

    def __init__(self, batches=None):
        self.batches: dict[str, list[list]] = defaultdict(list)
        for item, best_before, quantity in batches or ():
            self.receive(item, quantity, best_before)

    def receive(self, item: str, quantity: int, best_before: date):
        self.batches[item].append([best_before, quantity])
        self.batches[item].sort(key=lambda batch: batch[0])

    @classmethod
    def load(cls, directory: Path, filename=STOCK_FILE):
        path = directory / filename
        if not path.exists():
            logger.warning("no stock file at %s, starting empty", path)
            return cls()
        raw = json.loads(path.read_text())
        return cls((r["item"], date.fromisoformat(r["best_before"]), int(r["quantity"])) for r in raw)

    def save(self, directory: Path, filename=STOCK_FILE):
        payload = [
            {"item": item, "quantity": quantity, "best_before": best_before.isoformat()}
            for item, batches in sorted(self.batches.items())
            for best_before, quantity in batches if quantity > 0
        ]
        (directory / filename).write_text(json.dumps(payload, indent=2))

    def on_hand(self, item: str) -> int:
        return sum(quantity for _, quantity in self.batches.get(item, []))

    def take(self, item: str, wanted: int, today=None) -> int:
        """Remove up to ``wanted`` of ``item``, oldest date first; return how many were taken."""
        today = today or date.today()
        taken = 0
        for batch in self.batches.get(item, []):
            if taken == wanted:
                break
            best_before, quantity = batch
            if best_before < today or quantity == 0:
                continue
            step = min(quantity, wanted - taken)
            batch[1] -= step
            taken += step
        return taken

    def short_dated(self, today=None):
        today = today or date.today()
        return sorted(
            (best_before, item, quantity)
            for item, batches in self.batches.items()
            for best_before, quantity in batches
            if quantity and best_before - today <= SHORT_DATE_WINDOW
        )


def _scale(quantity: int, household_size: int) -> int:
    if household_size <= 1:
        return quantity
    # Every two extra people add one more unit of each item.
    return quantity + (household_size - 1) // 2


def parcel_list(referral: Referral, base=None) -> Counter:
    """Items and quantities for this household, after dietary swaps."""
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
    """Whether the household is under the limit of referrals in six months."""
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
    if parcel.missing:
        logger.info("parcel %s short: %s", referral.voucher, dict(parcel.missing))
    return parcel


def pack_session(referrals, warehouse, history=(), today=None):
    """Pack every eligible referral; return (parcels, refused vouchers)."""
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
