"""Donation intake, Gift Aid and pricing for a charity shop."""

import csv
import re
from collections import Counter
from datetime import date

GIFT_AID_RATE = 0.25
PRICE_GUIDE = {
    "womenswear": 4.00,
    "menswear": 4.50,
    "childrenswear": 2.00,
    "books": 1.50,
    "bric-a-brac": 1.00,
    "media": 1.00,
    "shoes": 5.00,
}
RAG_PRICE_PER_KG = 0.40
WEEKS_ON_SHELF = 3
DONOR_FILE = "gift_aid_donors.csv"


class Donation:
    """One bag or box of donated goods."""

    def __init__(self, bag_id, received=None, donor_ref=None):
        self.bag_id = bag_id
        self.received = received or date.today()
        self.donor_ref = donor_ref
        self.items = []
        self.ragged_kg = 0.0

    def add(self, category, description, quality="good"):
        """Price and tag an item from this bag; returns the ticket price."""
        price = price_item(category, quality)
        self.items.append({"category": category, "description": description,
                           "price": price, "tagged": self.received})
        return price

    def rag(self, kg):
        """Weigh out unsaleable textiles for the rag merchant."""
        self.ragged_kg += kg

    @property
    def gift_aided(self):
        return self.donor_ref is not None

    def shelf_value(self):
        return round(sum(i["price"] for i in self.items), 2)


def price_item(category, quality="good", branded=False):
    """Ticket price from the price guide, rounded to the nearest 50p."""
    base = PRICE_GUIDE.get(category, 1.00)
    factor = {"new with tags": 2.0, "excellent": 1.5, "good": 1.0, "worn": 0.5}.get(quality, 1.0)
    price = base * factor * (1.5 if branded else 1)
    return round(price * 2) / 2 or 0.5


def valid_donor_ref(ref):
    """Gift Aid donor references are GA followed by six digits."""
    return bool(ref and re.fullmatch(r"GA\d{6}", ref))


def gift_aid_claim(sales, donations):
    """sales: list of (bag_id, amount) taken at the till."""
    aided = {d.bag_id for d in donations if d.gift_aided and valid_donor_ref(d.donor_ref)}
    eligible = sum(amount for bag_id, amount in sales if bag_id in aided)
    return round(eligible * GIFT_AID_RATE, 2)


def rotate_stock(donations, today=None, weeks=WEEKS_ON_SHELF):
    """Pull items that have been on the shelf too long.

    Returns the descriptions of the pulled items so they can go to another shop.
    """
    today = today or date.today()
    pulled = []
    for donation in donations:
        keep = []
        for entry in donation.items:
            if (today - entry["tagged"]).days > weeks * 7:
                pulled.append(entry["description"])
            else:
                keep.append(entry)
        donation.items = keep
    return pulled


def weekly_report(donations, sales):
    categories = Counter(i["category"] for d in donations for i in d.items)
    rag_kg = sum(d.ragged_kg for d in donations)
    return {
        "bags": len(donations),
        "gift_aided_bags": sum(d.gift_aided for d in donations),
        "items_on_shelf": sum(categories.values()),
        "by_category": dict(categories.most_common()),
        "rag_income": round(rag_kg * RAG_PRICE_PER_KG, 2),
        "till": round(sum(amount for _, amount in sales), 2),
        "gift_aid": gift_aid_claim(sales, donations),
    }


def export_donors(donations, path=DONOR_FILE):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["donor_ref", "bag_id", "received"])
        for donation in donations:
            if valid_donor_ref(donation.donor_ref):
                writer.writerow([donation.donor_ref, donation.bag_id, donation.received.isoformat()])
