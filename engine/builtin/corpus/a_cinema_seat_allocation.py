"""Seat allocation for a three-screen cinema.

Seats are held for a few minutes while a customer pays, then either
confirmed or released. Group bookings are seated together where
possible, and the middle of each row is offered first.
"""

import json
import logging
import string
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from pathlib import Path

log = logging.getLogger("cinema.seats")

HOLD_DURATION = timedelta(minutes=8)
MAX_GROUP_SIZE = 10
SEAT_PRICES = {"standard": 9.50, "premium": 12.75, "wheelchair": 9.50, "companion": 0.0}
BOOKING_FEE = 0.95
LAYOUT_FILE = "screens.json"


class SeatState(Enum):
    FREE = "free"
    HELD = "held"
    SOLD = "sold"
    BLOCKED = "blocked"


@dataclass
class Seat:
    """One seat in a screen, with any hold placed on it."""
    row: str
    number: int
    kind: str = "standard"
    state: SeatState = SeatState.FREE
    held_by: str | None = None
    held_until: datetime | None = None

    @property
    def label(self) -> str:
        return f"{self.row}{self.number}"

    def release_if_expired(self, now):
        if self.state is SeatState.HELD and self.held_until and self.held_until <= now:
            self.state = SeatState.FREE
            self.held_by = None
            self.held_until = None
            return True
        return False


@dataclass
class Showing:
    film: str
    screen: int
    starts: datetime
    seats: dict = field(default_factory=dict)

    @classmethod
    def from_layout(cls, film, screen, starts, rows, seats_per_row, premium_rows=(), wheelchair=()):
        showing = cls(film, screen, starts)
        for row in string.ascii_uppercase[:rows]:
            for number in range(1, seats_per_row + 1):
                kind = "premium" if row in premium_rows else "standard"
                if f"{row}{number}" in wheelchair:
                    kind = "wheelchair"
                showing.seats[(row, number)] = Seat(row, number, kind)
        return showing

    def rows(self):
        return sorted({row for row, _ in self.seats})

    def row_seats(self, row):
        return [self.seats[key] for key in sorted(k for k in self.seats if k[0] == row)]

    def tidy(self, now=None):
        now = now or datetime.now()
        released = [s.label for s in self.seats.values() if s.release_if_expired(now)]
        if released:
            log.debug("released expired holds on %s: %s", self.film, ", ".join(released))
        return released

    def free_count(self, kind=None) -> int:
        return sum(1 for s in self.seats.values()
                   if s.state is SeatState.FREE and (kind is None or s.kind == kind))

    @staticmethod
    def centre_first(seats):
        if not seats:
            return []
        middle = (seats[0].number + seats[-1].number) / 2
        return sorted(seats, key=lambda s: abs(s.number - middle))

    @staticmethod
    def contiguous_runs(row_seats, size):
        run = []
        for seat in row_seats:
            if seat.state is SeatState.FREE and seat.kind != "wheelchair":
                run.append(seat)
                if len(run) >= size:
                    yield run[-size:]
            else:
                run = []


def best_block(showing: Showing, size: int, kind="standard"):
    """Find ``size`` adjacent free seats, preferring rows near the back-middle."""
    rows = showing.rows()
    preferred_rows = sorted(rows, key=lambda r: abs(rows.index(r) - len(rows) * 0.65))
    for row in preferred_rows:
        seats = [s for s in showing.row_seats(row) if s.kind == kind]
        runs = list(showing.contiguous_runs(seats, size))
        if not runs:
            continue
        middle = (seats[0].number + seats[-1].number) / 2
        return min(runs, key=lambda block: abs(block[len(block) // 2].number - middle))
    return None


def scattered_seats(showing, size, kind="standard"):
    picked = []
    for row in showing.rows():
        free = [s for s in showing.row_seats(row) if s.kind == kind and s.state is SeatState.FREE]
        for seat in showing.centre_first(free):
            picked.append(seat)
            if len(picked) == size:
                return picked
    return None


def hold_seats(showing, customer, size, kind="standard", *, allow_split=False, now=None):
    """Hold seats for ``customer`` while they pay; return the seat labels held."""
    if size < 1 or size > MAX_GROUP_SIZE:
        raise ValueError(f"group size must be between 1 and {MAX_GROUP_SIZE}")
    now = now or datetime.now()
    showing.tidy(now)
    block = best_block(showing, size, kind)
    if block is None and allow_split:
        block = scattered_seats(showing, size, kind)
    if block is None:
        return []
    for seat in block:
        seat.state = SeatState.HELD
        seat.held_by = customer
        seat.held_until = now + HOLD_DURATION
    return [s.label for s in block]


def confirm(showing, customer, now=None):
    """Turn the customer's live holds into sales and return the amount due."""
    now = now or datetime.now()
    showing.tidy(now)
    sold = []
    for seat in showing.seats.values():
        if seat.state is SeatState.HELD and seat.held_by == customer:
            seat.state = SeatState.SOLD
            seat.held_until = None
            sold.append(seat)
    if not sold:
        raise LookupError(f"no live hold for {customer}")
    return basket_total(sold)


def basket_total(seats, fee=BOOKING_FEE, online=True):
    total = sum(SEAT_PRICES[s.kind] for s in seats)
    if online:
        total += fee * len(seats)
    return round(total, 2)


def load_showings(directory: Path, filename=LAYOUT_FILE):
    """Build the day's showings from the screen layout file."""
    path = directory / filename
    raw = json.loads(path.read_text())
    showings = []
    for entry in raw["showings"]:
        layout = raw["screens"][str(entry["screen"])]
        showings.append(Showing.from_layout(
            entry["film"], entry["screen"], datetime.fromisoformat(entry["starts"]),
            layout["rows"], layout["seats_per_row"],
            premium_rows=tuple(layout.get("premium_rows", ())),
            wheelchair=tuple(layout.get("wheelchair", ())),
        ))
    return showings


def occupancy_report(showings):
    lines = []
    for showing in sorted(showings, key=lambda s: (s.starts, s.screen)):
        total = len(showing.seats)
        sold = sum(1 for s in showing.seats.values() if s.state is SeatState.SOLD)
        lines.append(f"{showing.starts:%H:%M} screen {showing.screen} {showing.film}: {sold}/{total}")
    return lines
