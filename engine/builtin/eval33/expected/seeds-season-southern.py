"""Seed library for the Hollow Lane allotments.

Members borrow packets in spring and are asked to bring back saved seed in
autumn. A germination test decides whether a returned batch goes on the shelf.
"""

import csv
from collections import Counter
from datetime import date

SEASON_START_MONTH = 3
MAX_PACKETS_PER_MEMBER = 6
GERMINATION_PASS = 0.7
SHELF_LIFE_YEARS = {"parsnip": 1, "onion": 1, "carrot": 3, "tomato": 5, "bean": 3, "squash": 5}
DEFAULT_SHELF_LIFE = 2


class SeedBatch:
    def __init__(self, crop, variety, saved_by, harvested, packets):
        self.crop = crop
        self.variety = variety
        self.saved_by = saved_by
        self.harvested = harvested
        self.packets = packets
        self.germination = None

    def expires(self):
        years = SHELF_LIFE_YEARS.get(self.crop, DEFAULT_SHELF_LIFE)
        return self.harvested.replace(year=self.harvested.year + years)

    def record_test(self, sown, sprouted):
        self.germination = sprouted / sown
        return self.germination >= GERMINATION_PASS

    def passed(self):
        return self.germination is None or self.germination >= GERMINATION_PASS


class SeedLibrary:
    def __init__(self, site):
        self.site = site
        self.batches = []
        self.loans = Counter()

    def add_batch(self, batch):
        print("adding", batch.crop, batch.variety)
        self.batches.append(batch)

    def on_shelf(self, today):
        return [b for b in self.batches if b.packets > 0 and b.expires() > today and b.passed()]

    def lend(self, member, crop, today):
        if self.loans[member] >= MAX_PACKETS_PER_MEMBER:
            return None
        for batch in self.on_shelf(today):
            if batch.crop == crop:
                batch.packets -= 1
                self.loans[member] += 1
                return batch
        return None

    def return_packets(self, member, count=1):
        self.loans[member] = max(0, self.loans[member] - count)


def load_returns(path, year, delimiter=","):
    batches = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            harvested = date(year, int(row["month"]), 1)
            batch = SeedBatch(
                row["crop"].strip().lower(),
                row["variety"].strip(),
                row["member"].strip(),
                harvested,
                int(row["packets"]),
            )
            batches.append(batch)
    return batches


def season_label(today, start_month=SEASON_START_MONTH, southern=False):
    if today.month >= start_month:
        return str(today.year) + " season"
    return str(today.year - 1) + " season"


def shelf_report(library, today, min_packets=1, show_tests=True):
    counts = Counter()
    for batch in library.on_shelf(today):
        if batch.packets >= min_packets:
            counts[batch.crop] += batch.packets
    lines = [library.site + ": " + season_label(today)]
    for crop, packets in counts.most_common():
        lines.append("  " + crop + ": " + str(packets) + " packets")
    untested = [b for b in library.batches if b.germination is None]
    lines.append("  untested batches: " + str(len(untested)))
    return "\n".join(lines)


def weekly_notice(library, today, heading="Seed library open Saturdays 10-12"):
    body = shelf_report(library, today, min_packets=2, show_tests=False)
    return heading + "\n" + body
