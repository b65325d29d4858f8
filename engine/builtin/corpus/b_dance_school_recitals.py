"""Running order and costume planning for the summer dance recital."""

import itertools
import logging
from collections import defaultdict, namedtuple

logger = logging.getLogger("recital")

QUICK_CHANGE_GAP = 2
MAX_ROUTINE_MINUTES = 5
INTERVAL_AFTER = 0.5
TICKET_PRICE = 12.0
CHILD_TICKET_PRICE = 7.0
COSTUME_DEPOSIT = 15

Routine = namedtuple("Routine", "title style dancers minutes")


class Recital:
    """A show: a list of routines, performed in a running order."""

    def __init__(self, title, venue, seats=220):
        self.title = title
        self.venue = venue
        self.seats = seats
        self.routines = []
        self.tickets_sold = {"adult": 0, "child": 0}

    def add_routine(self, title, style, dancers, minutes=3):
        """Add a routine to the show, enforcing the length cap."""
        if minutes > MAX_ROUTINE_MINUTES:
            raise ValueError(f"{title} is {minutes} min; routines are capped at {MAX_ROUTINE_MINUTES}")
        routine = Routine(title, style, frozenset(dancers), minutes)
        self.routines.append(routine)
        return routine

    @property
    def running_time(self):
        """Show length in minutes, including the interval."""
        return sum(r.minutes for r in self.routines) + 20

    def sell(self, adults=0, children=0):
        """Sell tickets if there are enough seats left."""
        sold = sum(self.tickets_sold.values())
        if sold + adults + children > self.seats:
            return False
        self.tickets_sold["adult"] += adults
        self.tickets_sold["child"] += children
        return True

    def box_office(self):
        return self.tickets_sold["adult"] * TICKET_PRICE + self.tickets_sold["child"] * CHILD_TICKET_PRICE


def _clashes(order, gap=QUICK_CHANGE_GAP):
    """Count dancers who appear in routines too close together in the order."""
    count = 0
    for i, routine in enumerate(order):
        for later in order[i + 1:i + gap]:
            count += len(routine.dancers & later.dancers)
    return count


def running_order(routines, gap=QUICK_CHANGE_GAP, attempts=5000):
    """Order routines so no dancer appears in two within `gap` of each other.

    Small shows are brute-forced; bigger ones use a greedy pass.
    """
    if len(routines) <= 7:
        best = min(itertools.permutations(routines), key=lambda order: _clashes(order, gap))
        return list(best)
    remaining = list(routines)
    order = [remaining.pop(0)]
    tries = 0
    while remaining and tries < attempts:
        tries += 1
        recent = set().union(*(r.dancers for r in order[-(gap - 1):])) if gap > 1 else set()
        pick = next((r for r in remaining if not (r.dancers & recent)), remaining[0])
        remaining.remove(pick)
        order.append(pick)
    if remaining:
        logger.warning("gave up ordering, %d routines appended as-is", len(remaining))
        order.extend(remaining)
    return order


def split_halves(order):
    cut = int(len(order) * INTERVAL_AFTER)
    return order[:cut], order[cut:]


def costume_list(routines):
    """For each dancer, the routines they need a costume for."""
    needed = defaultdict(list)
    for routine in routines:
        for dancer in sorted(routine.dancers):
            needed[dancer].append(f"{routine.style}: {routine.title}")
    return dict(needed)


def deposits_due(routines, paid=()):
    costumes = costume_list(routines)
    return {dancer: len(items) * COSTUME_DEPOSIT for dancer, items in costumes.items() if dancer not in paid}


def programme_text(recital, order=None):
    order = order or recital.routines
    first, second = split_halves(order)
    lines = [recital.title.upper(), recital.venue, ""]
    for heading, half in (("Act One", first), ("Act Two", second)):
        lines.append(heading)
        for number, routine in enumerate(half, start=1):
            names = ", ".join(sorted(routine.dancers))
            lines.append(f"  {number}. {routine.title} ({routine.style}) - {names}")
        lines.append("")
    return "\n".join(lines).rstrip()
