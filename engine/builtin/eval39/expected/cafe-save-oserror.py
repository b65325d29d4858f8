"""Ticket queue for a monthly repair cafe: intake, triage and volunteer matching."""

import itertools
import json
from datetime import datetime

CATEGORIES = ("electrical", "textiles", "bikes", "furniture", "jewellery")
MAX_OPEN_PER_VOLUNTEER = 3
SAFETY_CHECK_CATEGORIES = {"electrical"}
TICKET_ID_WIDTH = 4
DEFAULT_ESTIMATE_MINUTES = 30

_ticket_counter = itertools.count(1)


def normalise_category(raw, fallback="furniture"):
    cleaned = raw.strip().lower()
    if cleaned not in CATEGORIES and cleaned + "s" in CATEGORIES:
        cleaned += "s"
    return cleaned if cleaned in CATEGORIES else fallback


def estimate_minutes(category, item, fault, base=DEFAULT_ESTIMATE_MINUTES):
    minutes = base
    if category in SAFETY_CHECK_CATEGORIES:
        minutes += 15
    if "vintage" in item.lower():
        minutes *= 2
    return minutes


class Ticket:
    def __init__(self, visitor, item, category, fault, arrived=None):
        self.ticket_id = f"RC{next(_ticket_counter):0{TICKET_ID_WIDTH}d}"
        self.visitor = visitor
        self.item = item
        self.category = normalise_category(category)
        self.fault = fault
        self.arrived = arrived or datetime.now()
        self.status = "waiting"
        self.volunteer = None
        self.estimate = estimate_minutes(self.category, item, fault)

    def needs_safety_check(self):
        return self.category in SAFETY_CHECK_CATEGORIES

    def assign(self, volunteer):
        self.volunteer = volunteer
        self.status = "in repair"

    def close(self, fixed, notes=""):
        self.status = "fixed" if fixed else "not fixable"
        self.notes = notes
        return self.status

    def to_dict(self):
        return {
            "id": self.ticket_id,
            "visitor": self.visitor,
            "item": self.item,
            "category": self.category,
            "status": self.status,
            "volunteer": self.volunteer.name if self.volunteer else None,
        }


class Volunteer:
    def __init__(self, name, skills, max_open=MAX_OPEN_PER_VOLUNTEER):
        self.name = name
        self.skills = set(skills)
        self.max_open = max_open
        self.open_tickets = []

    def can_take(self, ticket):
        return ticket.category in self.skills and len(self.open_tickets) < self.max_open

    def take(self, ticket):
        ticket.assign(self)
        self.open_tickets.append(ticket)

    def finish(self, ticket, fixed, notes=""):
        self.open_tickets.remove(ticket)
        return ticket.close(fixed, notes=notes)


def match_volunteers(tickets, volunteers, safety_first=True):
    if safety_first:
        queue = sorted(tickets, key=lambda t: (not t.needs_safety_check(), t.arrived))
    else:
        queue = sorted(tickets, key=lambda t: t.arrived)
    matched = []
    for ticket in queue:
        if ticket.status != "waiting":
            continue
        for volunteer in volunteers:
            if volunteer.can_take(ticket):
                volunteer.take(ticket)
                matched.append((ticket.ticket_id, volunteer.name))
                break
    return matched


def save_queue(tickets, path, indent=2):
    payload = [t.to_dict() for t in tickets]
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(payload, handle, indent=indent)
    except OSError:
        return 0
    return len(payload)
