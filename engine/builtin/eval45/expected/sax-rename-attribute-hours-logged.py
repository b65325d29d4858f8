"""Tickets for the saxophone repair bench: repads, cork work and regulation."""

import math
from datetime import date, timedelta

BENCH_HOURLY_RATE = 48.0
PAD_PRICE = 6.5
MAX_PADS_PER_DAY = 30
LEAK_TOLERANCE = 0.15
SAX_TYPES = ("soprano", "alto", "tenor", "baritone")


class RepairTicket:
    def __init__(self, owner, horn, pads_needed=0, leak_reading=0.0):
        self.owner = owner
        self.horn = horn
        self.pads_needed = pads_needed
        self.leak_reading = leak_reading
        self.labour_hours = 0.0
        self.closed = False

    def log_hours(self, hours):
        if self.closed:
            raise ValueError("ticket is already closed")
        self.labour_hours += hours
        return self.labour_hours

    def is_leaking(self, tolerance=LEAK_TOLERANCE):
        return self.leak_reading > tolerance

    def parts_cost(self):
        return self.pads_needed * PAD_PRICE

    def labour_cost(self, rate=BENCH_HOURLY_RATE):
        return round(self.labour_hours * rate, 2)

    def close(self):
        self.closed = True
        return self.parts_cost() + self.labour_cost()


class RepairBench:
    def __init__(self, technician, capacity=MAX_PADS_PER_DAY):
        self.technician = technician
        self.capacity = capacity
        self.queue = []

    def accept(self, ticket):
        if not isinstance(ticket, RepairTicket):
            raise TypeError("the bench only takes repair tickets")
        if ticket.horn not in SAX_TYPES:
            raise ValueError(f"unknown horn: {ticket.horn}")
        self.queue.append(ticket)
        return len(self.queue)

    def pads_booked(self):
        return sum(t.pads_needed for t in self.queue)

    def days_of_work(self):
        return math.ceil(self.pads_booked() / self.capacity)

    def leaking_tickets(self, tolerance=LEAK_TOLERANCE):
        return [t for t in self.queue if t.is_leaking(tolerance)]


def estimate_hours(pads_needed, leak_reading, base_hours=0.5):
    hours = base_hours + pads_needed * 0.25
    if leak_reading > LEAK_TOLERANCE:
        hours += 1.0
    return hours


def quote_ticket(ticket, rate=BENCH_HOURLY_RATE):
    hours = estimate_hours(ticket.pads_needed, ticket.leak_reading)
    labour = round(hours * rate, 2)
    total = labour + ticket.parts_cost()
    return {"owner": ticket.owner, "hours": hours, "total": total}


def promised_date(bench, start=None):
    start = start or date.today()
    backlog = bench.days_of_work()
    return start + timedelta(days=backlog + 1)


def bench_report(bench, start=None):
    lines = [f"Bench: {bench.technician}"]
    for ticket in bench.queue:
        quote = quote_ticket(ticket)
        lines.append(f"{quote['owner']}: {quote['total']:.2f}")
    ready = promised_date(bench, start=start)
    lines.append(f"Ready by {ready}")
    return "\n".join(lines)
