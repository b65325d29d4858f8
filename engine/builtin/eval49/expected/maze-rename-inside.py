"""Ticket desk for the maze garden: pricing, timed entry and lost-visitor checks."""

import itertools
from datetime import datetime, timedelta

ENTRY_PRICE = 9.5
CHILD_PRICE = 6.0
FAMILY_PRICE = 28.0
SLOT_MINUTES = 20
VISITORS_PER_SLOT = 40
OVERDUE_MINUTES = 90
CENTRE_BELL = "ring twice"

_ticket_numbers = itertools.count(1001)


def price_party(adults, children=0, family_pass=False):
    if family_pass and adults <= 2 and children <= 3:
        return FAMILY_PRICE
    return adults * ENTRY_PRICE + children * CHILD_PRICE


def slot_start(moment, slot_minutes=SLOT_MINUTES):
    minutes = (moment.minute // slot_minutes) * slot_minutes
    return moment.replace(minute=minutes, second=0, microsecond=0)


def overdue(entered, now, allowance=OVERDUE_MINUTES):
    return now - entered > timedelta(minutes=allowance)


class Ticket:
    def __init__(self, holder, adults, children=0, family_pass=False):
        self.number = next(_ticket_numbers)
        self.holder = holder
        self.adults = adults
        self.children = children
        self.price = price_party(adults, children, family_pass=family_pass)
        self.entered = None
        self.exited = None

    def admit(self, when):
        self.entered = when
        return slot_start(when)

    def leave(self, when):
        if self.entered is None:
            raise ValueError(f"ticket {self.number} never entered")
        self.exited = when
        return when - self.entered

    def heads(self):
        return self.adults + self.children


class TicketDesk:
    def __init__(self, opens_at, closes_at):
        self.opens_at = opens_at
        self.closes_at = closes_at
        self.sold = []
        self.slot_counts = {}

    def sell(self, holder, adults, children=0, family_pass=False, when=None):
        when = when or datetime.now()
        slot = slot_start(when)
        if self.slot_counts.get(slot, 0) + adults + children > VISITORS_PER_SLOT:
            return None
        ticket = Ticket(holder, adults, children, family_pass)
        ticket.admit(when)
        self.slot_counts[slot] = self.slot_counts.get(slot, 0) + ticket.heads()
        self.sold.append(ticket)
        return ticket

    def still_inside(self):
        return [t for t in self.sold if t.entered and t.exited is None]

    def missing(self, now):
        lost = []
        for ticket in self.still_inside():
            if overdue(ticket.entered, now):
                lost.append(ticket)
        return lost

    def takings(self):
        return round(sum(t.price for t in self.sold), 2)

    def closing_sweep(self, now):
        stragglers = self.still_inside()
        names = ", ".join(t.holder for t in stragglers)
        if stragglers:
            print(f"{CENTRE_BELL}: still in the maze -> {names}")
        return len(stragglers)


def busiest_slot(desk):
    best = None
    best_count = 0
    for slot, count in desk.slot_counts.items():
        if count > best_count:
            best, best_count = slot, count
    return best, best_count
