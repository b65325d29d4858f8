from datetime import date, timedelta
from decimal import Decimal

JOB_PRICES = {
    "hem_trousers": Decimal("12.00"),
    "take_in_waist": Decimal("18.00"),
    "shorten_sleeves": Decimal("22.00"),
    "replace_zip": Decimal("15.00"),
    "let_out_jacket": Decimal("35.00"),
}
EXPRESS_SURCHARGE = Decimal("0.5")
STANDARD_TURNAROUND_DAYS = 7
EXPRESS_TURNAROUND_DAYS = 2


class AlterationTicket:
    def __init__(self, number, customer, garment, express=False):
        self.number = number
        self.customer = customer
        self.garment = garment
        self.express = express
        self.jobs = []
        self.received = date.today()
        self.collected = False

    def add_job(self, job, note=""):
        if job not in JOB_PRICES:
            raise KeyError(f"no price for {job}")
        self.jobs.append((job, note))

    def price(self):
        return ticket_price([j for j, _ in self.jobs], express=self.express)

    def ready_date(self):
        return ready_by(self.received, len(self.jobs), express=self.express)


def ticket_price(jobs, express=False, discount=None):
    """Price for a list of jobs, with the express surcharge and any discount."""
    total = sum((JOB_PRICES[j] for j in jobs), Decimal("0"))
    if express:
        total += total * EXPRESS_SURCHARGE
    if discount:
        total -= total * Decimal(str(discount))
    return total.quantize(Decimal("0.01"))


def ready_by(received, job_count, express=False):
    """Promised collection date; extra jobs add a day each beyond the second."""
    days = EXPRESS_TURNAROUND_DAYS if express else STANDARD_TURNAROUND_DAYS
    days += max(0, job_count - 2)
    ready = received + timedelta(days=days)
    # The shop is shut on Sundays.
    if ready.weekday() == 6:
        ready += timedelta(days=1)
    return ready


def uncollected(tickets, today=None, after_days=30):
    today = today or date.today()
    return [t for t in tickets
            if not t.collected and (today - t.ready_date()).days > after_days]
