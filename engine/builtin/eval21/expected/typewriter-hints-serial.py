"""Job tickets and parts stock for a typewriter repair workshop."""

import re
from dataclasses import dataclass, field
from datetime import date

LABOUR_RATE = 48.0
RUSH_SURCHARGE = 0.3
SERIAL_PATTERN = re.compile(r"^[A-Z]{1,3}-?\d{4,8}$")


@dataclass
class Part:
    code: str
    description: str
    price: float
    in_stock: int


@dataclass
class Ticket:
    number: int
    customer: str
    make: str
    serial: str
    received: date
    faults: list[str] = field(default_factory=list)
    parts_used: list[str] = field(default_factory=list)
    hours: float = 0.0
    done: bool = False


class Workshop:
    def __init__(self, name):
        self.name = name
        self.parts = {}
        self.tickets = {}
        self.next_number = 1

    def stock(self, part):
        self.parts[part.code] = part

    def open_ticket(self, customer, make, serial, received, faults):
        ticket = Ticket(self.next_number, customer, make, serial, received, list(faults))
        self.tickets[ticket.number] = ticket
        self.next_number += 1
        return ticket

    def use_part(self, number, code):
        part = self.parts[code]
        if part.in_stock < 1:
            raise LookupError(f"no {code} in stock")
        part.in_stock -= 1
        self.tickets[number].parts_used.append(code)


def valid_serial(serial: str) -> bool:
    return bool(SERIAL_PATTERN.match(serial))


def parts_cost(workshop, ticket):
    return sum(workshop.parts[c].price for c in ticket.parts_used)


def quote(workshop, ticket, rush=False, rate=LABOUR_RATE):
    labour = ticket.hours * rate
    total = labour + parts_cost(workshop, ticket)
    if rush:
        total *= 1 + RUSH_SURCHARGE
    return round(total, 2)


def waiting_days(ticket, today):
    return (today - ticket.received).days


def backlog(workshop, today, older_than=14):
    late = []
    for ticket in workshop.tickets.values():
        if not ticket.done and waiting_days(ticket, today) > older_than:
            late.append(ticket.number)
    return sorted(late)


def low_stock(workshop, threshold=2):
    return [p.code for p in workshop.parts.values() if p.in_stock <= threshold]


def close_ticket(workshop, number, hours):
    ticket = workshop.tickets[number]
    ticket.hours = hours
    ticket.done = True
    return quote(workshop, ticket)


def parse_fault_list(text):
    faults = []
    for chunk in text.split(","):
        chunk = chunk.strip().lower()
        if chunk:
            faults.append(chunk)
    return faults


def makes_seen(workshop):
    makes = {}
    for ticket in workshop.tickets.values():
        makes[ticket.make] = makes.get(ticket.make, 0) + 1
    return makes


def receipt(workshop, number, paid_by):
    ticket = workshop.tickets[number]
    lines = [workshop.name, f"Ticket {ticket.number} - {ticket.customer}"]
    for code in ticket.parts_used:
        part = workshop.parts[code]
        lines.append(f"  {part.description}: {part.price:.2f}")
    lines.append(f"  Labour {ticket.hours:.1f} h")
    lines.append(f"Total {quote(workshop, ticket):.2f}")
    return "\n".join(lines)
