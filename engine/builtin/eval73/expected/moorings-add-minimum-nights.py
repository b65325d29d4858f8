"""Harbour master's register of moorings, berth fees and departures."""

import json
from datetime import date
from pathlib import Path

DAILY_FEE_PER_METRE = 2.75
VISITOR_SURCHARGE = 1.2
MAX_LOA_METRES = 18.0
REGISTER_FILE = Path("moorings.json")


class Mooring:
    def __init__(self, code, max_length, depth_at_low_water):
        self.code = code
        self.max_length = max_length
        self.depth_at_low_water = depth_at_low_water
        self.vessel = None
        self.arrived = None

    def is_free(self):
        return self.vessel is None

    def fits(self, length, draught):
        return length <= self.max_length and draught < self.depth_at_low_water

    def assign(self, vessel, arrived):
        self.vessel = vessel
        self.arrived = arrived

    def release(self):
        vessel = self.vessel
        self.vessel = None
        self.arrived = None
        return vessel


class HarbourRegister:
    def __init__(self, harbour, moorings):
        self.harbour = harbour
        self.moorings = {m.code: m for m in moorings}
        self.departed = []

    def find_berth(self, length, draught):
        for mooring in self.moorings.values():
            if mooring.is_free() and mooring.fits(length, draught):
                return mooring
        return None

    def arrive(self, vessel, length, draught, when=None):
        if length > MAX_LOA_METRES:
            raise ValueError("vessel too long for this harbour")
        mooring = self.find_berth(length, draught)
        if mooring is None:
            return None
        mooring.assign(vessel, when or date.today())
        return mooring.code

    def depart(self, code, when=None, visitor=True):
        mooring = self.moorings[code]
        nights = ((when or date.today()) - mooring.arrived).days
        fee = berth_fee(mooring.max_length, nights, visitor=visitor)
        self.departed.append((mooring.release(), nights, fee))
        return fee


def berth_fee(length, nights, visitor=True, rate=DAILY_FEE_PER_METRE, minimum_nights=1):
    fee = length * max(nights, 1) * rate
    if visitor:
        fee *= VISITOR_SURCHARGE
    return round(fee, 2)


def occupancy(register):
    taken = sum(1 for m in register.moorings.values() if not m.is_free())
    return taken / len(register.moorings)


def load_register(harbour, path=REGISTER_FILE, strict=False):
    data = json.loads(path.read_text())
    moorings = [Mooring(row["code"], row["max_length"], row["depth"]) for row in data]
    return HarbourRegister(harbour, moorings)


def harbour_notice(register, since=None):
    takings = sum(fee for _vessel, _nights, fee in register.departed)
    rate = occupancy(register)
    since = since or date.today()
    return (
        f"{register.harbour}: {rate:.0%} of moorings taken, "
        f"takings since {since:%d %b} were £{takings:.2f}"
    )
