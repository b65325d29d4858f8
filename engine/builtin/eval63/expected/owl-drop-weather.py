"""Feeding rounds at the owl sanctuary: birds, their weights and the evening feed list."""

import csv
from datetime import date

CHICKS_PER_100G = 0.9
MICE_PER_100G = 0.45
WEIGHT_DROP_ALERT = 0.08
FEED_TIME = "18:30"
SPECIES_DIET = {
    "barn": "chicks",
    "tawny": "mice",
    "little": "chicks",
    "eagle": "rats",
    "snowy": "mice",
}


class Owl:
    def __init__(self, name, species, weight_g, aviary):
        self.name = name
        self.species = species
        self.weight_g = weight_g
        self.aviary = aviary

    def daily_ration(self, working_day=False, boost=1.15):
        diet = SPECIES_DIET.get(self.species, "mice")
        if diet == "chicks":
            count = self.weight_g / 100 * CHICKS_PER_100G
        elif diet == "mice":
            count = self.weight_g / 100 * MICE_PER_100G
        else:
            count = 1
        if working_day:
            count *= boost
        return diet, max(1, round(count))

    def weight_alert(self, previous_g, threshold=WEIGHT_DROP_ALERT):
        if previous_g <= 0:
            return False
        drop = (previous_g - self.weight_g) / previous_g
        return drop >= threshold


class FeedLog:
    def __init__(self, keeper):
        self.keeper = keeper
        self.entries = []
        self.skipped = set()

    def record(self, owl, item, count, day=None):
        day = day or date.today()
        self.entries.append((day, owl.name, item, count))
        return len(self.entries)

    def skip(self, owl, reason):
        self.skipped.add(owl.name)
        self.entries.append((date.today(), owl.name, "skipped", reason))

    def totals(self):
        result = {}
        for _, _, item, count in self.entries:
            if item == "skipped":
                continue
            result[item] = result.get(item, 0) + count
        return result

    def sheet(self, title="Evening feed"):
        lines = [f"{title} at {FEED_TIME} ({self.keeper})"]
        for item, count in sorted(self.totals().items()):
            lines.append(f"  {item:<8}{count:>4}")
        lines.append(f"  skipped: {len(self.skipped)}")
        return "\n".join(lines)


def feed_round(owls, log, previous_weights, flying_today=()):
    alerts = []
    for owl in sorted(owls, key=lambda o: o.aviary):
        if owl.weight_alert(previous_weights.get(owl.name, 0)):
            alerts.append(owl.name)
        item, count = owl.daily_ration(working_day=owl.name in flying_today)
        log.record(owl, item, count)
    return alerts


def load_owls(path):
    owls = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            owls.append(Owl(row["name"], row["species"], float(row["weight_g"]), row["aviary"]))
    return owls


def evening_feed(path, keeper, previous_weights, flying_today=()):
    owls = load_owls(path)
    log = FeedLog(keeper)
    alerts = feed_round(owls, log, previous_weights, flying_today)
    return log.sheet(), alerts
