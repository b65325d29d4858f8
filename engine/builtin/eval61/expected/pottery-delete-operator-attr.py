"""Firing log and kiln loading for a pottery studio."""

import datetime
from collections import namedtuple

CONE_TEMPERATURES = {"06": 999, "04": 1060, "6": 1222, "10": 1305}
SHELF_AREA_CM2 = 1450
FIRING_COST_PER_KWH = 0.28
COOLING_HOURS = 12
MAX_SHELVES = 5

Piece = namedtuple("Piece", ["owner", "title", "footprint", "glazed"])


def target_temperature(cone, offset=0):
    return CONE_TEMPERATURES[cone] + offset


def energy_used(hours, kilowatts=11.0, efficiency=0.9):
    return round(hours * kilowatts / efficiency, 1)


def firing_cost(hours, kilowatts=11.0, tariff=FIRING_COST_PER_KWH, currency="GBP"):
    return round(energy_used(hours, kilowatts=kilowatts) * tariff, 2)


class Shelf:
    def __init__(self, level, area=SHELF_AREA_CM2):
        self.level = level
        self.area = area
        self.pieces = []

    def free_area(self):
        used = sum(piece.footprint for piece in self.pieces)
        return self.area - used

    def place(self, piece):
        if piece.footprint > self.free_area():
            return False
        self.pieces.append(piece)
        return True


class Firing:
    def __init__(self, kind, cone, started=None, operator="studio"):
        self.kind = kind
        self.cone = cone
        self.started = started or datetime.datetime.now()
        self.shelves = [Shelf(level) for level in range(1, MAX_SHELVES + 1)]
        self.peak = None
        self.finished = None

    def load(self, piece):
        if self.kind == "bisque" and piece.glazed:
            raise ValueError(f"{piece.title} is glazed and cannot go in a bisque firing")
        for shelf in self.shelves:
            if shelf.place(piece):
                return shelf.level
        return None

    def record_peak(self, temperature, at=None):
        self.peak = temperature
        self.finished = at or datetime.datetime.now()
        return temperature - target_temperature(self.cone)

    def unload_time(self, cooling=COOLING_HOURS):
        if self.finished is None:
            return None
        return self.finished + datetime.timedelta(hours=cooling)

    def owners(self):
        names = set()
        for shelf in self.shelves:
            for piece in shelf.pieces:
                names.add(piece.owner)
        return sorted(names)

    def bill(self, hours, owner_count=None, rounding=2):
        owner_count = owner_count or len(self.owners()) or 1
        total = firing_cost(hours, currency="GBP")
        return round(total / owner_count, rounding)


def firing_report(firing, hours):
    lines = [f"{firing.kind} firing to cone {firing.cone}"]
    if firing.peak is not None:
        lines.append(f"peak {firing.peak} C, target {target_temperature(firing.cone)} C")
    share = firing.bill(hours, rounding=2)
    lines.append(f"{len(firing.owners())} potters, {share:.2f} each")
    return "\n".join(lines)
