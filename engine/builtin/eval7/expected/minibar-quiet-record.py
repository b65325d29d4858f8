"""Hotel minibar: a price list, what each room took, and the bill at checkout."""

import json
import logging
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

SERVICE_CHARGE = 0.12
CITY_TAX_RATE = 0.07
RESTOCK_FEE = 2.50
MAX_ITEMS_PER_SLOT = 6
DEFAULT_CURRENCY = "EUR"


@dataclass
class MinibarItem:
    sku: str
    name: str
    price: float
    alcoholic: bool = False


@dataclass
class Consumption:
    sku: str
    quantity: int
    noticed_by: str = "housekeeping"


class PriceList:
    def __init__(self, items, currency=DEFAULT_CURRENCY):
        self.items = {item.sku: item for item in items}
        self.currency = currency

    def price_of(self, sku):
        return self.items[sku].price

    def name_of(self, sku):
        item = self.items.get(sku)
        return item.name if item else sku

    def alcoholic_skus(self):
        return sorted(sku for sku, item in self.items.items() if item.alcoholic)


def load_price_list(path, currency=DEFAULT_CURRENCY):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    items = [
        MinibarItem(entry["sku"], entry["name"], float(entry["price"]), entry.get("alcoholic", False))
        for entry in data["items"]
    ]
    logger.info("loaded %d minibar items from %s", len(items), path)
    return PriceList(items, currency=currency)


class RoomMinibar:
    def __init__(self, room, price_list, stock=None):
        self.room = room
        self.price_list = price_list
        self.stock = dict(stock or {})
        self.consumed = []
        self.locked = False

    def record(self, sku, quantity=1, noticed_by="housekeeping"):
        if self.locked:
            raise RuntimeError(f"minibar in room {self.room} is locked")
        available = self.stock.get(sku, 0)
        if quantity > available:
            raise ValueError(f"room {self.room} only had {available} of {sku}")
        self.stock[sku] = available - quantity
        self.consumed.append(Consumption(sku, quantity, noticed_by))

    def restock(self, sku, quantity):
        current = self.stock.get(sku, 0)
        self.stock[sku] = min(current + quantity, MAX_ITEMS_PER_SLOT)
        return self.stock[sku] - current

    def lock(self):
        self.locked = True

    def empty_slots(self):
        return [sku for sku in self.price_list.items if self.stock.get(sku, 0) == 0]


def subtotal(minibar):
    total = 0.0
    for entry in minibar.consumed:
        total += minibar.price_list.price_of(entry.sku) * entry.quantity
    return round(total, 2)


def bill_lines(minibar):
    counts = {}
    for entry in minibar.consumed:
        counts[entry.sku] = counts.get(entry.sku, 0) + entry.quantity
    lines = []
    for sku, quantity in sorted(counts.items()):
        price = minibar.price_list.price_of(sku)
        lines.append((minibar.price_list.name_of(sku), quantity, round(price * quantity, 2)))
    return lines


def checkout_total(minibar, service=SERVICE_CHARGE, tax_rate=CITY_TAX_RATE):
    base = subtotal(minibar)
    if base == 0:
        return 0.0
    with_service = base * (1 + service)
    total = with_service * (1 + tax_rate) + RESTOCK_FEE
    return round(total, 2)


def format_bill(minibar, width=32):
    currency = minibar.price_list.currency
    rows = [f" Minibar - room {minibar.room} ".center(width, "-")]
    for name, quantity, amount in bill_lines(minibar):
        left = f"{quantity} x {name}"
        rows.append(f"{left:<{width - 10}}{amount:>6.2f} {currency}")
    rows.append(f"{'Total':<{width - 10}}{checkout_total(minibar):>6.2f} {currency}")
    return "\n".join(rows)


def save_bill(minibar, folder, width=32):
    target = Path(folder) / f"minibar-{minibar.room}.txt"
    target.write_text(format_bill(minibar, width=width) + "\n", encoding="utf-8")
    logger.info("wrote minibar bill for room %s to %s", minibar.room, target)
    return target
