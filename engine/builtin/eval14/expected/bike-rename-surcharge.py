"""Job tickets for a bicycle repair workshop."""

import logging
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

log = logging.getLogger(__name__)

HOURLY_RATE = 38.0
VAT_RATE = 0.2
EXPRESS_FEE = 15.0


class Status(Enum):
    BOOKED = "booked"
    IN_PROGRESS = "in progress"
    WAITING_PARTS = "waiting for parts"
    READY = "ready"
    COLLECTED = "collected"


@dataclass
class Part:
    sku: str
    description: str
    price: float
    quantity: int = 1


@dataclass
class Ticket:
    number: int
    customer: str
    bike: str
    complaint: str
    status: Status = Status.BOOKED
    parts: list[Part] = field(default_factory=list)
    labour_hours: float = 0.0
    rush: bool = False

    def add_part(self, part):
        self.parts.append(part)
        if self.status is Status.WAITING_PARTS:
            self.status = Status.IN_PROGRESS

    def parts_total(self):
        return sum(p.price * p.quantity for p in self.parts)

    def labour_total(self):
        return self.labour_hours * HOURLY_RATE


class Workshop:
    def __init__(self):
        self.tickets = {}
        self.next_number = 1001

    def book_in(self, customer, bike, complaint, rush=False):
        ticket = Ticket(self.next_number, customer, bike, complaint, rush=rush)
        self.tickets[ticket.number] = ticket
        self.next_number += 1
        log.info("booked ticket %d for %s", ticket.number, customer)
        return ticket

    def move(self, number, status):
        ticket = self.tickets[number]
        ticket.status = status
        return ticket

    def ready_for_collection(self):
        return [t for t in self.tickets.values() if t.status is Status.READY]

    def open_tickets(self):
        return [t for t in self.tickets.values() if t.status is not Status.COLLECTED]


def invoice_total(ticket, include_vat=True):
    net = ticket.parts_total() + ticket.labour_total()
    if ticket.rush:
        net += EXPRESS_FEE
    if include_vat:
        net *= 1 + VAT_RATE
    return round(net, 2)


def invoice_lines(ticket, currency):
    lines = [f"Ticket {ticket.number}: {ticket.bike}"]
    for part in ticket.parts:
        lines.append(f"  {part.quantity} x {part.description}  {part.price * part.quantity:.2f}")
    lines.append(f"  labour {ticket.labour_hours:.1f} h  {ticket.labour_total():.2f}")
    lines.append(f"  total  {invoice_total(ticket):.2f}")
    return lines


def print_invoice(ticket):
    print("\n".join(invoice_lines(ticket, "GBP")))


def parse_sku_line(line, separator):
    sku, description, price = line.split(separator)
    return Part(sku.strip(), description.strip(), float(price))


def daily_report(workshop, when):
    booked = len(workshop.open_tickets())
    ready = len(workshop.ready_for_collection())
    log.debug("report requested at %s", when.isoformat())
    print("report generated")
    return f"{when:%d %b}: {booked} open, {ready} ready"


def oldest_waiting(workshop):
    waiting = [t for t in workshop.tickets.values() if t.status is Status.WAITING_PARTS]
    return min(waiting, key=lambda t: t.number, default=None)


def demo_shop():
    shop = Workshop()
    shop.book_in("Ana", "Brompton", "squeaky brakes")
    shop.book_in("Ben", "Dawes tourer", "buckled rear wheel", rush=True)
    return shop
