"""Stock tracking for a single hot-dog cart: buns, sausages and toppings."""

import json
from datetime import date, datetime
from pathlib import Path

BUNS_PER_PACK = 8
SAUSAGES_PER_PACK = 10
LOW_STOCK_THRESHOLD = 12
CONDIMENT_UNITS = ("ketchup", "mustard", "relish", "onions")
DEFAULT_LEDGER = Path("cart_stock.json")


def packs_needed(units_short, pack_size=BUNS_PER_PACK):
    if units_short <= 0:
        return 0
    full, remainder = divmod(units_short, pack_size)
    return full + (1 if remainder else 0)


def load_ledger(path=DEFAULT_LEDGER):
    if not path.exists():
        return {"buns": 0, "sausages": 0, "condiments": {}}
    with path.open() as handle:
        data = json.load(handle)
    data.setdefault("condiments", {})
    return data


def restock_order(ledger, expected_sales, safety_margin=0.15):
    target = int(expected_sales * (1 + safety_margin))
    bun_gap = target - ledger["buns"]
    sausage_gap = target - ledger["sausages"]
    order = {
        "bun_packs": packs_needed(bun_gap),
        "sausage_packs": packs_needed(sausage_gap, pack_size=SAUSAGES_PER_PACK),
    }
    for name in CONDIMENT_UNITS:
        level = ledger["condiments"].get(name, 0)
        if level < LOW_STOCK_THRESHOLD:
            order[name] = LOW_STOCK_THRESHOLD - level
    return order


class StockItem:
    def __init__(self, name, on_hand, unit_cost):
        self.name = name
        self.on_hand = on_hand
        self.unit_cost = unit_cost
        self.wasted = 0

    def take(self, count):
        if count > self.on_hand:
            raise ValueError(f"not enough {self.name} left")
        self.on_hand -= count
        return self.on_hand

    def spoil(self, count):
        lost = min(count, self.on_hand)
        self.on_hand -= lost
        self.wasted += lost
        return lost

    def stock_value(self):
        return round(self.on_hand * self.unit_cost, 2)


class Cart:
    def __init__(self, cart_id, ledger_path=DEFAULT_LEDGER):
        self.cart_id = cart_id
        self.ledger_path = ledger_path
        self.items = {}
        self.sales_log = []
        self.opened_on = date.today()

    def add_item(self, name, on_hand, unit_cost):
        self.items[name] = StockItem(name, on_hand, unit_cost)
        return self.items[name]

    def sell(self, combo="classic", quantity=1):
        self.items["buns"].take(quantity)
        self.items["sausages"].take(quantity)
        if combo == "loaded":
            for topping in ("onions", "relish"):
                if topping in self.items:
                    self.items[topping].take(quantity)
        self.sales_log.append((datetime.now(), combo, quantity))
        return len(self.sales_log)

    def end_of_day(self, spoil_rate=0.05):
        report = {}
        for name, item in self.items.items():
            spoiled = item.spoil(int(item.on_hand * spoil_rate))
            report[name] = {"left": item.on_hand, "spoiled": spoiled}
        return report

    def low_items(self):
        return sorted(
            name for name, item in self.items.items() if item.on_hand < LOW_STOCK_THRESHOLD
        )

    def total_value(self):
        return sum(item.stock_value() for item in self.items.values())

    def save(self):
        snapshot = {
            "cart": self.cart_id,
            "day": self.opened_on.isoformat(),
            "buns": self.items["buns"].on_hand if "buns" in self.items else 0,
            "sausages": self.items["sausages"].on_hand if "sausages" in self.items else 0,
            "condiments": {
                name: self.items[name].on_hand for name in CONDIMENT_UNITS if name in self.items
            },
        }
        self.ledger_path.write_text(json.dumps(snapshot, indent=2))
        return snapshot


def open_cart(cart_id, ledger_path=DEFAULT_LEDGER):
    ledger = load_ledger(ledger_path)
    cart = Cart(cart_id, ledger_path=ledger_path)
    cart.add_item("buns", ledger["buns"], 0.18)
    cart.add_item("sausages", ledger["sausages"], 0.55)
    for name, level in ledger["condiments"].items():
        cart.add_item(name, level, 0.04)
    return cart
