"""Seat reservations on a train: coaches of seats, trips between stops, a printable seat map."""

import json
import logging
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

SEATS_PER_ROW = 4
WINDOW_LETTERS = ("A", "D")
QUIET_COACHES = {"C"}
MAX_PARTY = 6


@dataclass(frozen=True)
class Seat:
    coach: str
    row: int
    letter: str

    @property
    def label(self):
        return f"{self.coach}{self.row}{self.letter}"

    def is_window(self):
        return self.letter in WINDOW_LETTERS


@dataclass
class Reservation:
    seat: Seat
    passenger: str
    board: int
    alight: int

    def overlaps(self, board, alight):
        return self.board < alight and board < self.alight


class Coach:
    def __init__(self, name, rows, first_class=False):
        self.name = name
        self.rows = rows
        self.first_class = first_class
        self.reservations = []

    def seats(self):
        letters = "ABCD"[:SEATS_PER_ROW]
        for row in range(1, self.rows + 1):
            for letter in letters:
                yield Seat(self.name, row, letter)

    def is_free(self, seat, board, alight):
        return not any(r.seat == seat and r.overlaps(board, alight) for r in self.reservations)

    def free_seats(self, board, alight, window_only=False):
        found = []
        for seat in self.seats():
            if window_only and not seat.is_window():
                continue
            if self.is_free(seat, board, alight):
                found.append(seat)
        return found

    def occupancy(self, stop):
        taken = sum(1 for r in self.reservations if r.board <= stop < r.alight)
        return taken / (self.rows * SEATS_PER_ROW)


class Train:
    def __init__(self, number, coaches):
        self.number = number
        self.coaches = {coach.name: coach for coach in coaches}

    def reserve(self, passenger, board, alight, coach=None, window_only=False):
        """The first free seat from board to alight, in the coach given or any; None if full."""
        if board >= alight:
            raise ValueError("a trip must end after it starts")
        names = [coach] if coach else sorted(self.coaches)
        for name in names:
            free = self.coaches[name].free_seats(board, alight, window_only=window_only)
            if free:
                reservation = Reservation(free[0], passenger, board, alight)
                self.coaches[name].reservations.append(reservation)
                logger.info("train %s: %s gets %s", self.number, passenger, free[0].label)
                return reservation
        return None

    def reserve_party(self, passengers, board, alight, coach=None):
        if len(passengers) > MAX_PARTY:
            raise ValueError(f"parties of more than {MAX_PARTY} book as a group")
        return [self.reserve(name, board, alight, coach=coach) for name in passengers]


def build_train(number, layout, quiet=QUIET_COACHES):
    coaches = []
    for name, rows in layout.items():
        coaches.append(Coach(name, rows, first_class=name == "A"))
    return Train(number, coaches)


def sample_train(number="IC 204"):
    return build_train(number, {"A": 8, "B": 16, "C": 16}, quiet={"C"})


def seat_map(train, stop, marker="x"):
    lines = []
    for name in sorted(train.coaches):
        coach = train.coaches[name]
        cells = []
        for seat in coach.seats():
            busy = any(r.seat == seat and r.board <= stop < r.alight for r in coach.reservations)
            cells.append(marker if busy else "_")
        lines.append(f"{name}: {''.join(cells)}")
    return "\n".join(lines)


def export_reservations(train, path):
    rows = []
    for coach in train.coaches.values():
        for r in coach.reservations:
            rows.append({"seat": r.seat.label, "passenger": r.passenger, "board": r.board, "alight": r.alight})
    Path(path).write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return len(rows)
