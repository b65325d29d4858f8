"""Daily tallies for a shearing gang: who shore what, and what the farmer owes."""

import csv
import logging
import statistics
from collections import defaultdict
from datetime import date

RATE_PER_HEAD = 3.85
CRUTCHING_RATE = 1.10
SECOND_CUT_PENALTY = 0.15
RUNS_PER_DAY = 4
WOOL_GRADES = ("fine", "medium", "strong", "oddments")


class ShearerTally:
    def __init__(self, shearer, stand):
        self.shearer = shearer
        self.stand = stand
        self.runs = [0] * RUNS_PER_DAY
        self.crutched = 0
        self.second_cuts = 0

    def record_run(self, run, count, second_cuts=0):
        if not 1 <= run <= RUNS_PER_DAY:
            raise ValueError(f"run must be 1..{RUNS_PER_DAY}, got {run}")
        self.runs[run - 1] += count
        self.second_cuts += second_cuts

    def total(self):
        return sum(self.runs)

    def best_run(self):
        return max(range(RUNS_PER_DAY), key=lambda i: self.runs[i]) + 1

    def earnings(self, rate=RATE_PER_HEAD):
        gross = self.total() * rate + self.crutched * CRUTCHING_RATE
        penalty = self.second_cuts * SECOND_CUT_PENALTY
        return round(gross - penalty, 2)


class ShedDay:
    def __init__(self, farm, day=None):
        self.farm = farm
        self.day = day or date.today()
        self.tallies = {}
        self.bales = defaultdict(int)

    def tally_for(self, shearer, stand=None):
        if shearer not in self.tallies:
            self.tallies[shearer] = ShearerTally(shearer, stand or len(self.tallies) + 1)
        return self.tallies[shearer]

    def press_bale(self, grade, weight_kg):
        if grade not in WOOL_GRADES:
            raise ValueError(f"unknown grade {grade!r}")
        self.bales[grade] += 1
        return weight_kg

    def shed_total(self):
        return sum(tally.total() for tally in self.tallies.values())

    def leaderboard(self, top=3):
        ranked = sorted(self.tallies.values(), key=lambda t: t.total(), reverse=True)
        return [(t.shearer, t.total()) for t in ranked[:top]]


def read_tally_sheet(path, farm, delimiter=","):
    shed = ShedDay(farm)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            tally = shed.tally_for(row["shearer"])
            tally.record_run(int(row["run"]), int(row["count"]), int(row.get("second_cuts") or 0))
    print("loaded", len(shed.tallies), "shearers from", path)
    return shed


def average_per_shearer(shed, include_learners=True):
    totals = [tally.total() for tally in shed.tallies.values()]
    if not totals:
        return 0.0
    return statistics.mean(totals)


def farmer_invoice(shed, rate=RATE_PER_HEAD, gst=0.15, round_to=2):
    lines = []
    subtotal = 0.0
    for tally in shed.tallies.values():
        amount = tally.earnings(rate)
        subtotal += amount
        lines.append(f"{tally.shearer:<12} {tally.total():>5} head  ${amount:>9.2f}")
    tax = subtotal * gst
    lines.append(f"{'subtotal':<12} {'':>5}       ${subtotal:>9.2f}")
    lines.append(f"{'gst':<12} {'':>5}       ${tax:>9.2f}")
    lines.append(f"{'total':<12} {'':>5}       ${round(subtotal + tax, round_to):>9.2f}")
    return "\n".join(lines)


def day_report(shed):
    header = f"{shed.farm} - {shed.day.isoformat()}"
    average = average_per_shearer(shed, include_learners=False)
    body = farmer_invoice(shed)
    leaders = ", ".join(f"{name} ({count})" for name, count in shed.leaderboard())
    return f"{header}\nshed total {shed.shed_total()}, average {average:.1f}\nleaders: {leaders}\n{body}"
