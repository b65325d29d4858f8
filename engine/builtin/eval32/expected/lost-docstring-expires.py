"""Lost property office at a small railway station: logging finds, claims and disposal."""

import json
from datetime import datetime, timedelta

RETENTION_DAYS = 90
VALUABLE_THRESHOLD = 50.0
HANDLING_FEE = 3.50
CATEGORIES = ("umbrella", "bag", "phone", "wallet", "keys", "clothing", "book", "other")
HELD = "held"
CLAIMED = "claimed"
DONATED = "donated"
HANDED_TO_POLICE = "police"


class FoundItem:
    def __init__(self, ref, category, description, found_at, platform=None, value=0.0):
        if category not in CATEGORIES:
            category = "other"
        self.ref = ref
        self.category = category
        self.description = description
        self.found_at = found_at
        self.platform = platform
        self.value = value
        self.status = HELD
        self.claimant = None

    def expires(self):
        """Return the moment after which the item is no longer held."""
        return self.found_at + timedelta(days=RETENTION_DAYS)

    def is_valuable(self):
        return self.value >= VALUABLE_THRESHOLD or self.category in ("phone", "wallet")

    def claim(self, name, proof):
        if self.status != HELD:
            raise ValueError(f"item {self.ref} is no longer held")
        if not proof:
            raise ValueError("a claim needs a description or proof of ownership")
        self.status = CLAIMED
        self.claimant = name
        return claim_fee(self)


class Office:
    def __init__(self, station, opened_hours=(7, 19)):
        self.station = station
        self.opened_hours = opened_hours
        self.items = {}
        self.next_ref = 1

    def log_find(self, category, description, found_at=None, platform=None, value=0.0):
        found_at = found_at or datetime.now()
        ref = f"{self.station[:3].upper()}-{self.next_ref:05d}"
        self.next_ref += 1
        item = FoundItem(ref, category, description, found_at, platform, value)
        self.items[ref] = item
        return item

    def search(self, words, category=None):
        words = [word.lower() for word in words.split()]
        hits = []
        for item in self.items.values():
            if category and item.category != category:
                continue
            text = item.description.lower()
            if all(word in text for word in words):
                hits.append(item)
        return hits

    def is_open(self, when):
        start, end = self.opened_hours
        return start <= when.hour < end


def claim_fee(item, waive_under=5.0):
    if item.value and item.value < waive_under:
        return 0.0
    return HANDLING_FEE


def clear_expired(office, now=None, dry_run=False):
    now = now or datetime.now()
    cleared = []
    for item in office.items.values():
        if item.status != HELD or item.expires() > now:
            continue
        print(f"clearing {item.ref}")
        item.status = HANDED_TO_POLICE if item.is_valuable() else DONATED
        cleared.append(item.ref)
    return cleared


def export_register(office, path, indent=2, include_claimed=True):
    rows = []
    for item in office.items.values():
        if not include_claimed and item.status == CLAIMED:
            continue
        rows.append({
            "ref": item.ref,
            "category": item.category,
            "description": item.description,
            "found": item.found_at.isoformat(),
            "status": item.status,
        })
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(rows, handle, indent=indent)
    return len(rows)


def nightly_close(office, path, now=None):
    cleared = clear_expired(office, now, dry_run=False)
    written = export_register(office, path)
    return {"cleared": len(cleared), "written": written}
