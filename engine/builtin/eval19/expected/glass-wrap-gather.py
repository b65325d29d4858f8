"""Furnace, kiln and order tracking for a glassblowing studio."""

import csv
from dataclasses import dataclass, field

FURNACE_TEMP_C = 1130
GLORY_HOLE_TEMP_C = 1050
ANNEAL_TEMP_C = 482
COOL_RATE_C_PER_HOUR = 40
BATCH_KG_PER_SHIFT = 45


@dataclass
class Piece:
    order_id: str
    form: str
    weight_g: int
    colours: list = field(default_factory=list)
    wall_mm: float = 4.0


@dataclass
class KilnLoad:
    pieces: list = field(default_factory=list)
    started_hour: float = 0.0


def anneal_hours(piece, safety=1.5):
    soak = (piece.wall_mm / 6.35) ** 2
    cool = (ANNEAL_TEMP_C - 20) / COOL_RATE_C_PER_HOUR
    return round((soak + cool) * safety, 1)


def kiln_cycle_hours(load):
    if not load.pieces:
        return 0.0
    return max(anneal_hours(p) for p in load.pieces)


class Furnace:
    def __init__(self, crucible_kg=120, idle_temp_c=1060):
        self.crucible_kg = crucible_kg
        self.idle_temp_c = idle_temp_c
        self.glass_kg = 0.0
        self.temp_c = idle_temp_c

    def charge(self, batch_kg):
        room = self.crucible_kg - self.glass_kg
        added = min(room, batch_kg)
        self.glass_kg += added
        return added

    def gather(self, grams):
        kg = grams / 1000
        if kg > self.glass_kg:
            raise RuntimeError("not enough glass in the crucible")
        self.glass_kg -= kg
        return self.glass_kg

    def ready_to_work(self):
        return self.temp_c >= FURNACE_TEMP_C and self.glass_kg > 5


class Studio:
    def __init__(self, name):
        self.name = name
        self.furnace = Furnace()
        self.queue = []
        self.finished = []

    def take_order(self, piece):
        self.queue.append(piece)
        return len(self.queue)

    def blow_next(self):
        if not self.queue:
            return None
        piece = self.queue.pop(0)
        try:
            self.furnace.gather(piece.weight_g * 1.3)
        except RuntimeError:
            self.queue.insert(0, piece)
            return None
        self.finished.append(piece)
        return piece

    def load_kiln(self, max_pieces=6):
        load = KilnLoad(pieces=self.finished[:max_pieces])
        self.finished = self.finished[max_pieces:]
        return load


def colour_cost(piece, price_per_colour=3.5):
    return len(piece.colours) * price_per_colour


def quote(piece, hourly_rate, batch_note=""):
    glass_cost = piece.weight_g / 1000 * 8.0
    labour = hourly_rate * (0.5 + piece.weight_g / 2000)
    return round(glass_cost + labour + colour_cost(piece), 2)


def read_orders(path):
    pieces = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            weight = int(row["weight_g"])
            pieces.append(Piece(row["order_id"], row["form"], weight))
    print("read", len(pieces), "orders")
    return pieces
