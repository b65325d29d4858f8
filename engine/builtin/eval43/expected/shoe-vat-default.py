"""Tickets, prices and collection for a shoe repair counter."""

import logging
from datetime import date, timedelta

log = logging.getLogger(__name__)

PRICES = {
    "heel": 14.50,
    "half_sole": 32.00,
    "full_sole": 55.00,
    "stitching": 9.00,
    "stretch": 12.00,
    "polish": 6.50,
}
TURNAROUND_DAYS = {"heel": 1, "half_sole": 3, "full_sole": 5, "stitching": 2, "stretch": 2, "polish": 0}
UNCOLLECTED_AFTER_DAYS = 90
VAT_RATE = 0.2
TICKET_PREFIX = "SR"


def job_price(job, pairs=1, loyalty=False):
    price = PRICES[job] * pairs
    if loyalty:
        price *= 0.9
    return round(price, 2)


def ticket_total(jobs, loyalty=False, include_vat=False):
    net = sum(job_price(job, loyalty=loyalty) for job in jobs)
    if include_vat:
        return round(net * (1 + VAT_RATE), 2)
    return round(net, 2)


def ready_date(jobs, dropped_off, busy=False):
    days = max((TURNAROUND_DAYS[job] for job in jobs), default=0)
    if busy:
        days += 1
    return dropped_off + timedelta(days=days)


def end_of_day(counter):
    stale = counter.uncollected()
    takings = counter.takings(unit="pounds")
    log.info("%s: took %.2f, %d tickets uncollected", counter.shop_name, takings, len(stale))
    return takings, [ticket.label() for ticket in stale]


class RepairTicket:
    def __init__(self, number, customer, jobs, dropped_off=None, phone=""):
        self.number = number
        self.customer = customer
        self.jobs = list(jobs)
        self.dropped_off = dropped_off or date.today()
        self.phone = phone
        self.collected = False
        self.paid = 0.0

    def label(self):
        return f"{TICKET_PREFIX}-{self.number:05d}"

    def total(self, loyalty=False):
        return ticket_total(self.jobs, loyalty=loyalty)

    def add_job(self, job):
        if job not in PRICES:
            raise KeyError(job)
        self.jobs.append(job)
        log.info("added %s to %s", job, self.label())

    def collect(self, amount):
        self.paid += amount
        self.collected = self.paid >= self.total()
        return self.collected


class Counter:
    def __init__(self, shop_name, busy=False):
        self.shop_name = shop_name
        self.busy = busy
        self.tickets = {}
        self.next_number = 1

    def open_ticket(self, customer, jobs, phone=""):
        ticket = RepairTicket(self.next_number, customer, jobs, phone=phone)
        self.tickets[ticket.number] = ticket
        self.next_number += 1
        log.debug("opened %s for %s", ticket.label(), customer)
        return ticket

    def ready_on(self, number):
        ticket = self.tickets[number]
        return ready_date(ticket.jobs, ticket.dropped_off, busy=self.busy)

    def uncollected(self, today=None, grace_days=UNCOLLECTED_AFTER_DAYS):
        today = today or date.today()
        cutoff = today - timedelta(days=grace_days)
        return [t for t in self.tickets.values() if not t.collected and t.dropped_off < cutoff]

    def takings(self, unit="pounds"):
        total = sum(t.paid for t in self.tickets.values())
        return round(total, 2)
