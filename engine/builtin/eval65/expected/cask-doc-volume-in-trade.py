"""Cask rota for a small brewery: fills, conditioning, deliveries and returns."""

import logging
from collections import defaultdict
from datetime import date, timedelta

log = logging.getLogger(__name__)

CASK_SIZES = {"pin": 20.5, "firkin": 40.9, "kilderkin": 81.8}
CONDITIONING_DAYS = 7
RETURN_GRACE_DAYS = 28
CLEANING_SLOTS_PER_DAY = 12


class Cask:
    def __init__(self, number, size="firkin"):
        if size not in CASK_SIZES:
            raise ValueError(f"unknown cask size: {size}")
        self.number = number
        self.size = size
        self.beer = None
        self.filled_on = None
        self.customer = None
        self.sent_on = None

    def fill(self, beer, day):
        self.beer = beer
        self.filled_on = day
        log.info("cask %s filled with %s", self.number, beer)

    def ready_on(self, days=CONDITIONING_DAYS):
        if self.filled_on is None:
            return None
        return self.filled_on + timedelta(days=days)

    def send(self, customer, day):
        self.customer = customer
        self.sent_on = day

    def is_overdue(self, today, grace=RETURN_GRACE_DAYS):
        if self.sent_on is None:
            return False
        return (today - self.sent_on).days > grace

    def collect(self):
        self.beer = None
        self.filled_on = None
        self.customer = None
        self.sent_on = None


class CaskRota:
    def __init__(self, casks):
        self.casks = {cask.number: cask for cask in casks}
        self.cleaning_queue = []

    def ready_for_dispatch(self, today):
        return [cask for cask in self.casks.values()
                if cask.customer is None and cask.ready_on() and cask.ready_on() <= today]

    def overdue_by_customer(self, today):
        overdue = defaultdict(list)
        for cask in self.casks.values():
            if cask.is_overdue(today):
                overdue[cask.customer].append(cask.number)
        return dict(overdue)

    def book_return(self, number):
        cask = self.casks[number]
        cask.collect()
        self.cleaning_queue.append(number)
        return len(self.cleaning_queue)


def cleaning_days(queue, start, per_day=CLEANING_SLOTS_PER_DAY):
    plan = {}
    for index, number in enumerate(queue):
        plan[number] = start + timedelta(days=index // per_day)
    return plan


def parse_cask_number(text, prefix="C"):
    cleaned = text.strip().upper()
    if cleaned.startswith(prefix):
        cleaned = cleaned[len(prefix):]
    return int(cleaned)


def dispatch_sheet(rota, today, customer_orders, note=None):
    lines = []
    available = rota.ready_for_dispatch(today)
    for customer, wanted in customer_orders.items():
        for _ in range(wanted):
            if not available:
                log.warning("ran out of casks for %s", customer)
                break
            cask = available.pop(0)
            cask.send(customer, today)
            lines.append(f"{cask.number}\t{cask.beer}\t{customer}")
    print(f"dispatched {len(lines)} casks")
    return lines


def morning_dispatch(rota, orders):
    today = date.today()
    lines = dispatch_sheet(rota, today, orders, note="morning run")
    return "\n".join(lines)


def volume_in_trade(rota):
    """Return the litres of beer currently out with customers."""
    litres = 0.0
    for cask in rota.casks.values():
        if cask.customer is not None:
            litres += CASK_SIZES[cask.size]
    return round(litres, 1)
