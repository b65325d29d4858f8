"""Small grants scheme run by the parish council."""

from datetime import date

ANNUAL_BUDGET = 12000
MAX_AWARD = 1500
MATCH_FUNDING_RATIO = 0.25
ELIGIBLE_PURPOSES = ("village hall", "youth club", "allotments", "playground",
                     "footpaths", "events", "sports club", "environment")
CLOSING_DAY = (9, 30)


class Application:
    def __init__(self, group, purpose, requested, match_funding=0, received=None):
        self.group = group
        self.purpose = purpose
        self.requested = requested
        self.match_funding = match_funding
        self.received = received or date.today()
        self.awarded = None
        self.reason = ""

    def is_eligible(self, year):
        closing = date(year, *CLOSING_DAY)
        if self.received > closing:
            return False, "received after closing date"
        if self.purpose not in ELIGIBLE_PURPOSES:
            return False, f"'{self.purpose}' is not an eligible purpose"
        if self.match_funding < self.requested * MATCH_FUNDING_RATIO:
            return False, "not enough match funding"
        return True, ""


def score(application):
    points = 0
    if application.purpose in ("youth club", "playground"):
        points += 3
    if application.match_funding >= application.requested:
        points += 2
    if application.requested <= MAX_AWARD / 2:
        points += 1
    return points


def allocate(applications, year, budget=ANNUAL_BUDGET):
    """Award grants in score order until the budget runs out."""
    remaining = budget
    eligible = []
    for application in applications:
        ok, reason = application.is_eligible(year)
        if ok:
            eligible.append(application)
        else:
            application.awarded = 0
            application.reason = reason
    for application in sorted(eligible, key=score, reverse=True):
        award = min(application.requested, MAX_AWARD, remaining)
        application.awarded = award
        application.reason = "awarded in full" if award == application.requested else "part award"
        if award == 0:
            application.reason = "budget exhausted"
        remaining -= award
    return remaining


def minutes_table(applications):
    rows = [f"{a.group:<30} {a.purpose:<15} £{a.requested:>6} £{a.awarded or 0:>6}  {a.reason}"
            for a in applications]
    return "\n".join(rows)
