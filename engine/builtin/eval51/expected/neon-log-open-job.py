"""Job tickets and quoting for a neon sign repair shop."""

import logging
from datetime import date, timedelta

log = logging.getLogger(__name__)

GAS_TYPES = {"neon": "red-orange", "argon": "blue", "helium": "pink"}
LABOUR_RATE = 38.0
TUBE_PRICE_PER_METRE = 22.5
TRANSFORMER_PRICE = 85.0
RUSH_SURCHARGE = 0.25
WARRANTY_DAYS = 90


def tube_cost(metres, gas="neon"):
    if gas not in GAS_TYPES:
        raise ValueError("unknown fill gas: " + gas)
    base = metres * TUBE_PRICE_PER_METRE
    if gas == "helium":
        base *= 1.4
    return round(base, 2)


def labour_cost(hours, rate=LABOUR_RATE, rush=False):
    cost = hours * rate
    if rush:
        cost += cost * RUSH_SURCHARGE
    return round(cost, 2)


def quote(metres, hours, gas="neon", new_transformer=False, rush=False, customer_note=""):
    total = tube_cost(metres, gas=gas) + labour_cost(hours, rush=rush)
    if new_transformer:
        total += TRANSFORMER_PRICE
    return round(total, 2)


def parse_ticket_number(ticket):
    return int(ticket[1:])


class RepairJob:
    def __init__(self, ticket, customer, sign_text, received=None):
        self.ticket = ticket
        self.customer = customer
        self.sign_text = sign_text
        self.received = received or date.today()
        self.faults = []
        self.completed = None
        self.price = 0.0

    def add_fault(self, description, tube_metres=0.0, hours=1.0):
        self.faults.append({"description": description, "metres": tube_metres, "hours": hours})

    def estimate(self, gas="neon", rush=False):
        metres = sum(f["metres"] for f in self.faults)
        hours = sum(f["hours"] for f in self.faults)
        needs_transformer = any("transformer" in f["description"] for f in self.faults)
        self.price = quote(
            metres,
            hours,
            gas=gas,
            new_transformer=needs_transformer,
            rush=rush,
            customer_note=self.customer,
        )
        return self.price

    def complete(self, on=None):
        self.completed = on or date.today()
        log.info("job %s completed", self.ticket)
        return self.completed

    def warranty_until(self):
        if self.completed is None:
            return None
        return self.completed + timedelta(days=WARRANTY_DAYS)


class Workshop:
    def __init__(self, name, bench_count=3):
        self.name = name
        self.bench_count = bench_count
        self.jobs = {}

    def open_job(self, customer, sign_text):
        ticket = "N%04d" % (len(self.jobs) + 1)
        job = RepairJob(ticket, customer, sign_text)
        self.jobs[ticket] = job
        log.info("opened job %s for %s", ticket, customer)
        return job

    def outstanding(self):
        return [j for j in self.jobs.values() if j.completed is None]

    def is_overbooked(self):
        return len(self.outstanding()) > self.bench_count

    def takings(self, since=None):
        done = [j for j in self.jobs.values() if j.completed is not None]
        if since is not None:
            done = [j for j in done if j.completed >= since]
        return round(sum(j.price for j in done), 2)

    def latest_ticket(self):
        if not self.jobs:
            return 0
        return max(parse_ticket_number(t) for t in self.jobs)
