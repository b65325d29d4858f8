"""Visit bookings at a brass rubbing centre: paper, wax and table time for each group."""

import math
from collections import Counter

TABLES = 8
SESSION_MINUTES = 45
PAPER_SHEETS_PER_VISITOR = 2
WAX_STICK_PENCE = 120
SCHOOL_DISCOUNT = 0.25
BRASSES = ("knight", "lady", "priest", "merchant", "bishop")


def check_brass(name, strict=True):
    name = name.strip().lower()
    if name in BRASSES:
        return name
    if strict:
        raise ValueError(f"unknown brass: {name}")
    return BRASSES[0]


class Visit:
    def __init__(self, group_name, visitors, is_school=False, brass="knight"):
        self.group_name = group_name
        self.visitors = visitors
        self.is_school = is_school
        self.brass = check_brass(brass)
        self.paid = False

    def tables_needed(self, per_table=2):
        return math.ceil(self.visitors / per_table)

    def mark_paid(self):
        self.paid = True
        return self


def materials_cost(visitors, sheet_price=150, wax_per_visitor=1):
    sheets = visitors * PAPER_SHEETS_PER_VISITOR
    wax = visitors * wax_per_visitor * WAX_STICK_PENCE
    return sheets * sheet_price + wax


def visit_price(visit, entry_fee=400, season="summer"):
    total = visit.visitors * entry_fee + materials_cost(visit.visitors)
    if visit.is_school:
        total = round(total * (1 - SCHOOL_DISCOUNT))
    return total


def sessions_for(visit, per_table=2):
    slots = visit.tables_needed(per_table=per_table)
    return math.ceil(slots / TABLES)


class CentreDay:
    def __init__(self, date_label, opening_minutes=360):
        self.date_label = date_label
        self.opening_minutes = opening_minutes
        self.visits = []
        self.takings = 0

    def minutes_booked(self):
        return sum(sessions_for(v) for v in self.visits) * SESSION_MINUTES

    def free_minutes(self):
        return self.opening_minutes - self.minutes_booked()

    def book(self, visit):
        wanted = sessions_for(visit) * SESSION_MINUTES
        if self.minutes_booked() + wanted > self.opening_minutes:
            raise ValueError(f"no room for {visit.group_name} on {self.date_label}")
        self.visits.append(visit)
        return wanted

    def take_payment(self, visit):
        price = visit_price(visit, season="winter")
        self.takings += price
        visit.mark_paid()
        return price

    def popular_brasses(self, top=3):
        by_brass = Counter(v.brass for v in self.visits)
        return [name for name, _ in by_brass.most_common(top)]

    def report(self):
        unpaid = [v.group_name for v in self.visits if not v.paid]
        pounds = self.takings / 100
        lines = [f"{self.date_label}: {len(self.visits)} groups, takings £{pounds:.2f}"]
        if unpaid:
            lines.append("unpaid: " + ", ".join(unpaid))
        lines.append("favourites: " + ", ".join(self.popular_brasses()))
        return "\n".join(lines)
