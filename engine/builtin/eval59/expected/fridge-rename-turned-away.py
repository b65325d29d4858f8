"""Donation ledger for the Elm Street community fridge."""

import uuid
from collections import defaultdict
from datetime import date, timedelta

SHELF_LIFE_DAYS = {
    "dairy": 3,
    "bread": 4,
    "fruit": 6,
    "vegetables": 7,
    "tins": 365,
}
FRIDGE_CAPACITY_KG = 80
MIN_DAYS_LEFT = 1
BANNED_ITEMS = ("raw meat", "raw fish", "alcohol", "opened jars")


def days_left(use_by, today=None):
    today = today or date.today()
    return (use_by - today).days


def is_acceptable(item_name, use_by, today=None, min_days=MIN_DAYS_LEFT):
    if item_name.lower() in BANNED_ITEMS:
        return False
    return days_left(use_by, today=today) >= min_days


def default_use_by(category, received, fallback_days=2):
    return received + timedelta(days=SHELF_LIFE_DAYS.get(category, fallback_days))


class Donation:
    def __init__(self, item_name, category, weight_kg, donor="anonymous", use_by=None):
        self.ref = uuid.uuid4().hex[:8]
        self.item_name = item_name
        self.category = category
        self.weight_kg = weight_kg
        self.donor = donor
        self.received = date.today()
        self.use_by = use_by or default_use_by(category, self.received)

    def expired(self, today=None):
        return days_left(self.use_by, today=today) < 0


class FridgeLedger:
    def __init__(self, location, capacity_kg=FRIDGE_CAPACITY_KG):
        self.location = location
        self.capacity_kg = capacity_kg
        self.stock = []
        self.rejected_count = 0

    def load_kg(self):
        return sum(donation.weight_kg for donation in self.stock)

    def accept(self, donation, today=None):
        if not is_acceptable(donation.item_name, donation.use_by, today=today):
            self.rejected_count += 1
            return False
        if self.load_kg() + donation.weight_kg > self.capacity_kg:
            self.rejected_count += 1
            return False
        self.stock.append(donation)
        return True

    def take(self, ref):
        for donation in self.stock:
            if donation.ref == ref:
                self.stock.remove(donation)
                return donation
        return None

    def clear_expired(self, today=None, log=None):
        kept = []
        removed = []
        for donation in self.stock:
            if donation.expired(today=today):
                removed.append(donation)
            else:
                kept.append(donation)
        self.stock = kept
        return removed

    def by_category(self):
        grouped = defaultdict(list)
        for donation in self.stock:
            grouped[donation.category].append(donation.item_name)
        return dict(grouped)

    def weekly_report(self, week_start, days=7):
        week_end = week_start + timedelta(days=days)
        received = [d for d in self.stock if week_start <= d.received < week_end]
        donors = sorted({d.donor for d in received})
        return {
            "location": self.location,
            "items": len(received),
            "kg": round(sum(d.weight_kg for d in received), 1),
            "donors": donors,
            "turned_away": self.rejected_count,
        }


def nightly_check(ledger, today=None, log=None):
    removed = ledger.clear_expired(today=today, log=log)
    return [donation.item_name for donation in removed]
