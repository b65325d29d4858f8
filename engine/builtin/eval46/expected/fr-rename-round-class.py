"""Visit planning and invoicing for a travelling farrier."""

from collections import Counter
from datetime import date, timedelta

SHOEING_CYCLE_WEEKS = 6
FULL_SET_PRICE = 95.0
TRIM_PRICE = 35.0
CALLOUT_FEE = 15.0
REMEDIAL_SURCHARGE = 20.0
MAX_VISITS_PER_DAY = 5


class Horse:
    def __init__(self, name, yard, shod=True, last_visit=None):
        self.name = name
        self.yard = yard
        self.shod = shod
        self.last_visit = last_visit
        self.notes = []

    def due_date(self):
        if self.last_visit is None:
            return date.today()
        return self.last_visit + timedelta(weeks=SHOEING_CYCLE_WEEKS)

    def is_overdue(self, today):
        return self.due_date() < today

    def add_note(self, text):
        self.notes.append(text.strip())


class FarrierRound:
    def __init__(self, day, farrier="Sam"):
        self.day = day
        self.farrier = farrier
        self.stops = []

    def add_visit(self, horse):
        if len(self.stops) >= MAX_VISITS_PER_DAY:
            return False
        self.stops.append(horse)
        return True

    def yards(self):
        return sorted({horse.yard for horse in self.stops})

    def invoice_lines(self):
        lines = []
        for yard in self.yards():
            lines.append((yard, "call-out", CALLOUT_FEE))
            for horse in self.stops:
                if horse.yard == yard:
                    kind = "full set" if horse.shod else "trim"
                    lines.append((horse.name, kind, visit_price(horse)))
        return lines


def visit_price(horse, remedial=False):
    price = FULL_SET_PRICE if horse.shod else TRIM_PRICE
    if remedial:
        price += REMEDIAL_SURCHARGE
    return price


def horses_due(horses, today=None, window_days=7):
    today = today or date.today()
    horizon = today + timedelta(days=window_days)
    due = [h for h in horses if h.due_date() <= horizon]
    due.sort(key=lambda h: h.due_date())
    return due


def plan_rounds(horses, start, days=5):
    pending = horses_due(horses, today=start, window_days=days)
    rounds = []
    for offset in range(days):
        current = FarrierRound(start + timedelta(days=offset))
        by_yard = Counter(h.yard for h in pending)
        for yard, _ in by_yard.most_common():
            for horse in [h for h in pending if h.yard == yard]:
                if current.add_visit(horse):
                    pending.remove(horse)
        rounds.append(current)
        if not pending:
            break
    return rounds, pending


def round_total(round_):
    return sum(amount for _, _, amount in round_.invoice_lines())
