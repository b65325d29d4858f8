"""Loan tickets for a pawn counter: advances, interest, renewals and forfeits."""

from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

MONTHLY_RATE = Decimal("0.04")
LOAN_TERM_DAYS = 30
GRACE_DAYS = 10
MAX_LOAN_TO_VALUE = Decimal("0.6")
TICKET_FORMAT = "T{year}-{seq:05d}"


def to_cents(amount):
    return Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def max_advance(appraised_value, ratio=MAX_LOAN_TO_VALUE):
    return to_cents(Decimal(appraised_value) * ratio)


def interest_due(principal, days_out, rate=MONTHLY_RATE):
    months = max(1, -(-days_out // LOAN_TERM_DAYS))
    return to_cents(principal * rate * months)


class LoanTicket:
    def __init__(self, number, customer, item, principal, issued_on):
        self.number = number
        self.customer = customer
        self.item = item
        self.principal = to_cents(principal)
        self.issued_on = issued_on
        self.due_on = issued_on + timedelta(days=LOAN_TERM_DAYS)
        self.status = "open"

    def payoff(self, on_day):
        days_out = (on_day - self.issued_on).days
        weeks = days_out // 7
        return self.principal + interest_due(self.principal, days_out)

    def renew(self, on_day):
        charge = interest_due(self.principal, (on_day - self.issued_on).days)
        self.issued_on = on_day
        self.due_on = on_day + timedelta(days=LOAN_TERM_DAYS)
        return charge

    def is_forfeit(self, today):
        return self.status == "open" and today > self.due_on + timedelta(days=GRACE_DAYS)


class PawnCounter:
    def __init__(self, shop, year):
        self.shop = shop
        self.year = year
        self.next_seq = 1
        self.tickets = {}

    def issue(self, customer, item, appraised_value, requested, today):
        advance_cap = max_advance(appraised_value)
        if advance_cap <= 0:
            raise ValueError(f"{item} appraised too low to lend on")
        amount = min(to_cents(requested), advance_cap)
        number = TICKET_FORMAT.format(year=self.year, seq=self.next_seq)
        self.next_seq += 1
        ticket = LoanTicket(number, customer, item, amount, today)
        self.tickets[number] = ticket
        return ticket

    def redeem(self, number, today):
        ticket = self.tickets[number]
        if ticket.status != "open":
            raise ValueError(f"ticket {number} is already {ticket.status}")
        owed = ticket.payoff(today)
        ticket.status = "redeemed"
        return owed

    def renew(self, number, today):
        return self.tickets[number].renew(today)

    def sweep_forfeits(self, today):
        forfeited = []
        for number, ticket in self.tickets.items():
            if ticket.is_forfeit(today):
                ticket.status = "forfeited"
                forfeited.append(number)
        return forfeited

    def ledger(self, today=None):
        today = today or date.today()
        lines = [f"{self.shop} open loans as of {today.isoformat()}"]
        for ticket in self.tickets.values():
            if ticket.status != "open":
                continue
            owed = ticket.payoff(today)
            lines.append(f"{ticket.number}  {ticket.customer:<18} {ticket.item:<24} {owed}")
        return "\n".join(lines)
