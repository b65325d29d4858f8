"""Lost property desk at the Westgate bus and rail interchange.

Items handed in are logged with where they turned up; owners claim them by
describing them, and anything unclaimed goes to charity, auction or the police
once its holding period, which depends on the kind of item, has run out.
"""

import re
from datetime import date, timedelta

HOLD_DAYS = {"phone": 90, "wallet": 60, "umbrella": 14, "clothing": 30}
DEFAULT_HOLD_DAYS = 28
CLAIM_FEE = 3.50
VALUABLE_KINDS = ("phone", "wallet", "laptop", "jewellery")
REF_PATTERN = re.compile(r"^LP-(\d{4})-(\d{5})$")


class FoundItem:
    def __init__(self, ref, kind, description, found_on, location):
        self.ref = ref
        self.kind = kind
        self.description = description
        self.found_on = found_on
        self.location = location
        self.claimed_by = None

    def hold_until(self):
        days = HOLD_DAYS.get(self.kind, DEFAULT_HOLD_DAYS)
        return self.found_on + timedelta(days=days)

    def matches(self, words):
        text = (self.description + " " + self.location).lower()
        return sum(1 for w in words if w.lower() in text)


class PropertyDesk:
    def __init__(self, station):
        self.station = station
        self.items = {}
        self.next_number = 1

    def log_item(self, kind, description, found_on, location):
        ref = "LP-" + str(found_on.year) + "-" + str(self.next_number).zfill(5)
        self.next_number += 1
        item = FoundItem(ref, kind, description, found_on, location)
        self.items[ref] = item
        return item

    def search(self, query, min_hits=2):
        words = query.split()
        hits = [i for i in self.items.values() if i.claimed_by is None and i.matches(words) >= min_hits]
        return sorted(hits, key=lambda i: i.found_on, reverse=True)

    def best_match(self, query):
        hits = self.search(query, min_hits=1)
        return hits[0] if hits else None

    def claim(self, ref, owner, waive_fee=False):
        if not REF_PATTERN.match(ref):
            raise ValueError("not a lost property reference: " + ref)
        item = self.items[ref]
        item.claimed_by = owner
        return claim_fee(item, waive_for_valuables=waive_fee)


def claim_fee(item, waive_for_valuables=False):
    if waive_for_valuables and item.kind in VALUABLE_KINDS:
        return 0.0
    return CLAIM_FEE


def disposal_route(item):
    if item.kind in VALUABLE_KINDS:
        return "police"
    if item.kind == "clothing":
        return "charity"
    return "auction"


def clear_out(desk, today=None):
    today = today or date.today()
    due = {}
    for ref, item in list(desk.items.items()):
        if item.claimed_by is None and item.hold_until() < today:
            route = disposal_route(item)
            due.setdefault(route, []).append(ref)
            del desk.items[ref]
    return due


def clear_out_notice(desk, today=None):
    due = clear_out(desk, today)
    lines = [desk.station + " lost property clear-out"]
    for route, refs in sorted(due.items()):
        lines.append(route + ": " + ", ".join(refs))
    return "\n".join(lines)
