"""Visit records and certificates for a chimney sweep round."""

import datetime as dt
import re

SWEEP_PRICE = 65
EXTRA_FLUE_PRICE = 35
BIRD_NEST_REMOVAL = 40
POSTCODE_PATTERN = re.compile(r"^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$")
SWEEP_INTERVALS = {"wood": 6, "coal": 3, "oil": 12, "gas": 12}


class Visit:
    """One booked sweep at a customer's house."""

    def __init__(self, customer, postcode, fuel, visit_date, flues=1):
        if not POSTCODE_PATTERN.match(postcode.upper()):
            raise ValueError(f"bad postcode {postcode}")
        self.customer = customer
        self.postcode = postcode.upper()
        self.fuel = fuel
        self.visit_date = visit_date
        self.flues = flues
        self.nest_found = False
        self.smoke_test_passed = None

    def invoice_total(self):
        total = SWEEP_PRICE + EXTRA_FLUE_PRICE * max(self.flues - 1, 0)
        if self.nest_found:
            total += BIRD_NEST_REMOVAL
        return total

    def next_due(self):
        months = SWEEP_INTERVALS.get(self.fuel, 12)
        return add_months(self.visit_date, months)

    def certificate_text(self):
        if self.smoke_test_passed is None:
            return None
        result = "PASSED" if self.smoke_test_passed else "FAILED - do not use appliance"
        return (f"Certificate of chimney sweeping\n{self.customer}, {self.postcode}\n"
                f"Swept {self.visit_date:%d %B %Y}, {self.flues} flue(s), fuel: {self.fuel}\n"
                f"Smoke test: {result}\nNext sweep due: {self.next_due():%B %Y}")


def add_months(start, months):
    month_index = start.month - 1 + months
    year = start.year + month_index // 12
    month = month_index % 12 + 1
    day = min(start.day, 28)
    return dt.date(year, month, day)


def reminders_due(visits, today=None, weeks_ahead=2):
    today = today or dt.date.today()
    horizon = today + dt.timedelta(weeks=weeks_ahead)
    latest = {}
    for visit in visits:
        key = (visit.customer, visit.postcode)
        if key not in latest or visit.visit_date > latest[key].visit_date:
            latest[key] = visit
    return [v for v in latest.values() if today <= v.next_due() <= horizon]
