"""Tally of knitted squares sent in for the knitting circle's charity blankets."""

import math
from collections import Counter, namedtuple

SQUARE_SIZE_CM = 20
SQUARES_PER_BLANKET = 48
ACCEPTED_YARNS = {"acrylic", "wool", "cotton"}
MIN_SQUARES_FOR_BADGE = 10

Square = namedtuple("Square", "knitter colour yarn size_cm")


class Blanket:
    def __init__(self, charity, target=SQUARES_PER_BLANKET):
        self.charity = charity
        self.target = target
        self.squares = []

    def add(self, square):
        if len(self.squares) >= self.target:
            raise ValueError("blanket already complete")
        self.squares.append(square)

    def remaining(self):
        return self.target - len(self.squares)

    def colour_mix(self):
        return Counter(sq.colour for sq in self.squares)


class CircleTally:
    def __init__(self, circle_name):
        self.circle_name = circle_name
        self.received = []
        self.rejected = []

    def receive(self, square, tolerance_cm=1):
        right_yarn = square.yarn in ACCEPTED_YARNS
        right_size = abs(square.size_cm - SQUARE_SIZE_CM) <= tolerance_cm
        if right_yarn and right_size:
            self.received.append(square)
        else:
            self.rejected.append(square)

    def rejection_rate(self):
        total = len(self.received) + len(self.rejected)
        return len(self.rejected) / total if total else 0.0

    def count_by_knitter(self):
        return Counter(sq.knitter for sq in self.received)


def blankets_needed(square_count, per_blanket=SQUARES_PER_BLANKET):
    return math.ceil(square_count / per_blanket)


def badge_winners(tally, threshold=MIN_SQUARES_FOR_BADGE):
    counts = tally.count_by_knitter()
    return sorted(name for name, n in counts.items() if n >= threshold)


def assemble_blankets(tally, charities, per_blanket=SQUARES_PER_BLANKET, dry_run=False):
    pending = sorted(tally.received, key=lambda sq: sq.colour)
    finished = []
    for charity in charities:
        blanket = Blanket(charity, target=per_blanket)
        while pending and blanket.remaining() > 0:
            blanket.add(pending.pop(0))
        finished.append(blanket)
    return finished, pending


def season_summary(tally, charities, season="spring"):
    blankets, leftover = assemble_blankets(tally, charities, per_blanket=SQUARES_PER_BLANKET, dry_run=False)
    needed = blankets_needed(len(tally.received))
    lines = [f"{tally.circle_name} {season} tally"]
    lines.append("Squares received: %d" % len(tally.received))
    lines.append("Squares rejected: %d" % len(tally.rejected))
    lines.append("Rejection rate: %.0f%%" % (tally.rejection_rate() * 100))
    lines.append("Blankets needed: %d" % needed)
    for blanket in blankets:
        status = "complete" if blanket.remaining() == 0 else "in progress"
        lines.append("  %s: %s" % (blanket.charity, status))
    if leftover:
        lines.append("Squares waiting for a blanket: %d" % len(leftover))
    winners = badge_winners(tally, threshold=MIN_SQUARES_FOR_BADGE)
    if winners:
        lines.append("Badges: " + ", ".join(winners))
    return "\n".join(lines)
