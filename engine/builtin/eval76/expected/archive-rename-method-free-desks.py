"""Reading room desks and document requests for a county archive."""

import re
from collections import defaultdict
from datetime import datetime, timedelta

DESK_COUNT = 14
MAX_ITEMS_PER_READER = 6
FETCH_MINUTES = 20
REFERENCE_PATTERN = re.compile(r"^[A-Z]{1,4}/\d+(/\d+)*$")


class ReaderTicket:
    def __init__(self, number, name, expires):
        self.number = number
        self.name = name
        self.expires = expires
        self.items_out = []

    def is_valid(self, when):
        return when.date() <= self.expires

    def can_request(self):
        return len(self.items_out) < MAX_ITEMS_PER_READER


def fetch_ready_at(requested_at, queue_length=0, minutes_each=FETCH_MINUTES):
    wait = minutes_each * (queue_length + 1)
    return requested_at + timedelta(minutes=wait)


def fragile_item(reference, fragile_series=("PR", "QS")):
    series = reference.split("/")[0]
    return series in fragile_series


class ReadingRoom:
    def __init__(self, desks=DESK_COUNT):
        self.desks = desks
        self.seated = {}
        self.requests = defaultdict(list)
        self.log = []

    def open_desks(self):
        taken = set(self.seated.values())
        return [desk for desk in range(1, self.desks + 1) if desk not in taken]

    def seat_reader(self, ticket, when):
        if not ticket.is_valid(when):
            raise ValueError(f"ticket {ticket.number} has expired")
        free = self.open_desks()
        if not free:
            return None
        desk = free[0]
        self.seated[ticket.number] = desk
        self.log.append((when, ticket.number, "seated"))
        return desk

    def request_item(self, ticket, reference, when):
        if not REFERENCE_PATTERN.match(reference.strip().upper()):
            raise ValueError(f"bad reference {reference!r}")
        if not ticket.can_request():
            return None
        queue = sum(len(items) for items in self.requests.values())
        ready = fetch_ready_at(when, queue_length=queue)
        self.requests[ticket.number].append(reference)
        ticket.items_out.append(reference)
        if fragile_item(reference):
            self.log.append((when, ticket.number, "fragile " + reference))
        return ready

    def return_items(self, ticket, when):
        returned = list(ticket.items_out)
        ticket.items_out.clear()
        self.requests.pop(ticket.number, None)
        self.log.append((when, ticket.number, f"returned {len(returned)}"))
        return returned

    def usage_percent(self):
        used = len(self.seated)
        return round(100 * used / self.desks, 1) if self.desks else 0.0

    def leave(self, ticket, when):
        if ticket.items_out:
            raise RuntimeError(f"reader {ticket.name} still holds {len(ticket.items_out)} items")
        self.seated.pop(ticket.number, None)
        self.log.append((when, ticket.number, "left"))


def closing_notice(room, closing, now=None):
    now = now or datetime.now()
    remaining = closing - now
    minutes = int(remaining.total_seconds() // 60)
    if minutes > 30:
        return ""
    holders = [number for number, items in room.requests.items() if items]
    return f"Closing in {minutes} minutes: {len(holders)} readers must return items"


def day_report(room, closing):
    lines = [f"Desks in use: {len(room.seated)} of {room.desks} ({room.usage_percent()}%)"]
    counts = defaultdict(int)
    for _when, _number, event in room.log:
        counts[event.split()[0]] += 1
    for event in sorted(counts):
        lines.append(f"{event}: {counts[event]}")
    notice = closing_notice(room, closing)
    if notice:
        lines.append(notice)
    return "\n".join(lines)
