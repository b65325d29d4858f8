"""A yard sale shared by a few families: tagged items, haggling, one cashbox and the payouts."""

import csv
import logging
from dataclasses import dataclass
from datetime import datetime

log = logging.getLogger(__name__)

CASHBOX_FLOAT = 50.0
HAGGLE_LIMIT = 0.3
ROUND_TO = 0.25
CHARITY_SHARE = 0.1
SALES_FILE = "yard_sale.csv"


@dataclass
class Item:
    tag: str
    description: str
    price: float
    sold_for: float | None = None

    @property
    def seller(self):
        return self.tag.split("-")[0]


def round_price(value, step=ROUND_TO):
    return round(round(value / step) * step, 2)


def haggle(item, offer, limit=HAGGLE_LIMIT):
    floor = item.price * (1 - limit)
    if offer >= floor:
        return offer
    return round_price((offer + item.price) / 2)


class Cashbox:
    def __init__(self, float_amount=CASHBOX_FLOAT):
        self.float_amount = float_amount
        self.items = {}
        self.sales = []

    def add_item(self, item):
        self.items[item.tag] = item

    def sell(self, tag, price):
        item = self.items[tag]
        if item.sold_for is not None:
            raise ValueError(f"{tag} was already sold")
        if price < item.price * 0.5:
            log.warning("%s went for %.2f, tagged %.2f", tag, price, item.price)
        item.sold_for = price
        self.sales.append((datetime.now(), tag, price))
        return item

    def takings_by_seller(self):
        totals = {}
        for item in self.items.values():
            if item.sold_for is not None:
                totals[item.seller] = totals.get(item.seller, 0.0) + item.sold_for
        return totals

    def cash_expected(self):
        return self.float_amount + sum(price for _, _, price in self.sales)


def payout(box, charity=CHARITY_SHARE):
    return {
        seller: round(total * (1 - charity), 2)
        for seller, total in box.takings_by_seller().items()
    }


def top_sales(box, count=5):
    sold = [item for item in box.items.values() if item.sold_for is not None]
    return sorted(sold, key=lambda item: item.sold_for, reverse=True)[:count]


def print_payouts(payouts):
    print("Seller  Payout")
    for seller, amount in sorted(payouts.items()):
        print(f"{seller:<6}  {amount:>6.2f}")


def load_items(path, box=None):
    box = box or Cashbox()
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            box.add_item(Item(row["tag"], row["description"], float(row["price"])))
    return box


def save_sales(box, path=SALES_FILE):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["time", "tag", "price"])
        for when, tag, price in box.sales:
            writer.writerow([when.isoformat(timespec="seconds"), tag, f"{price:.2f}"])
    log.info("saved %d sales to %s", len(box.sales), path)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    box = Cashbox()
    box.add_item(Item("KM-001", "bread maker", 15.0))
    box.add_item(Item("KM-002", "box of paperbacks", 5.0))
    box.add_item(Item("JP-001", "bike helmet", 8.0))
    box.add_item(Item("JP-002", "desk lamp", 12.0))
    box.sell("KM-001", haggle(box.items["KM-001"], 9.0))
    box.sell("JP-001", 8.0)
    box.sell("JP-002", haggle(box.items["JP-002"], 10.0, limit=0.2))
    box.sell("KM-002", 2.0)
    print_payouts(payout(box))
    print("best sales:", [item.description for item in top_sales(box)])
    print(f"cash in box: {box.cash_expected():.2f}")
    save_sales(box)
