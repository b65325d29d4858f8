import datetime as dt
import json
from pathlib import Path

LOAN_REGISTER = "loans.json"
MAX_LOAN_MONTHS = 18
COURIER_DAY_RATE = 350
INSURANCE_RATE = 0.0025
LUX_LIMIT_WORKS_ON_PAPER = 50


class Loan:
    """An artwork borrowed from (or lent to) another institution."""

    def __init__(self, title, artist, lender, value, start, end, medium="oil on canvas"):
        self.title = title
        self.artist = artist
        self.lender = lender
        self.value = value
        self.start = start
        self.end = end
        self.medium = medium
        self.condition_reports = []

    @property
    def months(self):
        """Whole calendar months between start and end."""
        return (self.end.year - self.start.year) * 12 + self.end.month - self.start.month

    @property
    def on_paper(self):
        return any(word in self.medium.lower() for word in ("paper", "watercolour", "pastel", "print"))

    def lux_limit(self):
        """Maximum light level in lux allowed for display."""
        return LUX_LIMIT_WORKS_ON_PAPER if self.on_paper else 200

    def add_condition_report(self, author, notes, when=None):
        self.condition_reports.append({
            "author": author,
            "notes": notes,
            "date": (when or dt.date.today()).isoformat(),
        })

    def to_dict(self):
        return {
            "title": self.title, "artist": self.artist, "lender": self.lender,
            "value": self.value, "start": self.start.isoformat(), "end": self.end.isoformat(),
            "medium": self.medium, "reports": self.condition_reports,
        }

    @classmethod
    def from_dict(cls, record):
        """Rebuild a loan from a register record."""
        loan = cls(record["title"], record["artist"], record["lender"], record["value"],
                   dt.date.fromisoformat(record["start"]), dt.date.fromisoformat(record["end"]),
                   record.get("medium", "oil on canvas"))
        loan.condition_reports = record.get("reports", [])
        return loan


def loan_cost(loan, courier_days=2, couriers=1):
    """Insurance premium for the loan period plus courier fees."""
    premium = loan.value * INSURANCE_RATE * max(loan.months, 1)
    return round(premium + courier_days * couriers * COURIER_DAY_RATE, 2)


def check_terms(loan):
    """List of reasons a loan agreement breaches our policy."""
    problems = []
    if loan.months > MAX_LOAN_MONTHS:
        problems.append(f"loan runs {loan.months} months, policy maximum is {MAX_LOAN_MONTHS}")
    if loan.end <= loan.start:
        problems.append("end date is before start date")
    if not loan.condition_reports:
        problems.append("no incoming condition report")
    return problems


def load_register(folder):
    path = Path(folder) / LOAN_REGISTER
    if not path.exists():
        return []
    return [Loan.from_dict(r) for r in json.loads(path.read_text())]


def returns_due(loans, within_days=30, today=None):
    """Loans ending within the next `within_days`, soonest first."""
    today = today or dt.date.today()
    cutoff = today + dt.timedelta(days=within_days)
    return sorted((l for l in loans if today <= l.end <= cutoff), key=lambda l: l.end)
