"""Tallying the haul from a volunteer beach clean, bag by bag and zone by zone."""

import statistics
from collections import Counter, defaultdict

CATEGORIES = ("plastic", "glass", "metal", "rope", "rubber", "other")
BAG_LIMIT_KG = 9.0
PLASTIC_ALERT_SHARE = 0.6
ZONE_NAMES = {"N": "north dunes", "S": "south rocks", "C": "central sands"}
MIN_VOLUNTEERS = 5


class BagTally:
    def __init__(self, bag_id, zone, collector):
        self.bag_id = bag_id
        self.zone = zone
        self.collector = collector
        self.items = Counter()
        self.weight_kg = 0.0

    def add_item(self, category, weight_kg, count=1):
        if category not in CATEGORIES:
            category = "other"
        self.items[category] += count
        self.weight_kg += weight_kg
        return self.weight_kg

    def is_full(self):
        return self.weight_kg >= BAG_LIMIT_KG

    def plastic_share(self):
        total = sum(self.items.values())
        if total == 0:
            return 0.0
        return self.items["plastic"] / total


def zone_totals(bags, unit="kg"):
    totals = defaultdict(float)
    for bag in bags:
        totals[bag.zone] += bag.weight_kg
    if unit == "g":
        return {zone: weight * 1000 for zone, weight in totals.items()}
    return dict(totals)


def plastic_alerts(bags, share=PLASTIC_ALERT_SHARE):
    flagged = []
    for bag in bags:
        if bag.plastic_share() >= share:
            flagged.append(bag.bag_id)
    return flagged


def haul_report(bags, volunteers, event_name="Spring Clean"):
    weights = [bag.weight_kg for bag in bags]
    median_weight = statistics.median(weights) if weights else 0.0
    per_zone = zone_totals(bags)
    lines = ["%s: %d bags, %d volunteers" % (event_name, len(bags), volunteers)]
    for code, weight in sorted(per_zone.items()):
        lines.append("  %s: %.1f kg" % (ZONE_NAMES.get(code, code), weight))
    lines.append("  median bag: %.2f kg" % median_weight)
    alerts = plastic_alerts(bags, share=0.5)
    if alerts:
        lines.append("  plastic-heavy bags: %s" % ", ".join(alerts))
    return "\n".join(lines)


class CleanEvent:
    def __init__(self, name, volunteers):
        self.name = name
        self.volunteers = list(volunteers)
        self.bags = []
        self._next_number = 1

    def open_bag(self, zone, collector):
        bag = BagTally("B%03d" % self._next_number, zone, collector)
        self._next_number += 1
        self.bags.append(bag)
        return bag

    def is_viable(self):
        return len(self.volunteers) >= MIN_VOLUNTEERS

    def top_collectors(self, limit=3):
        weights = Counter()
        for bag in self.bags:
            weights[bag.collector] += bag.weight_kg
        return [name for name, _ in weights.most_common(limit)]

    def report(self):
        return haul_report(self.bags, len(self.volunteers), event_name=self.name)
