"""Proofing trays for a pretzel bakery: timing, humidity and lye-bath slots."""

import logging
from datetime import datetime, timedelta

logger = logging.getLogger("bakery.proofing")

PROOF_MINUTES = 45
COLD_RETARD_HOURS = 12
TRAY_CAPACITY = 24
TARGET_HUMIDITY = 0.78
HUMIDITY_TOLERANCE = 0.05
LYE_SLOT_MINUTES = 6


def proof_time(dough_temp_c, base_minutes=PROOF_MINUTES):
    adjustment = (26 - dough_temp_c) * 3
    return max(20, base_minutes + adjustment)


def lye_slots(trays, start, slot_minutes=LYE_SLOT_MINUTES):
    slots = []
    when = start
    for tray in trays:
        slots.append((tray.tray_id, when))
        when += timedelta(minutes=slot_minutes)
    return slots


class ProofTray:
    def __init__(self, tray_id, pieces, dough_temp_c=24.0, retarded=False):
        if pieces > TRAY_CAPACITY:
            raise ValueError("tray holds at most %d pretzels" % TRAY_CAPACITY)
        self.tray_id = tray_id
        self.pieces = pieces
        self.dough_temp_c = dough_temp_c
        self.retarded = retarded
        self.loaded_at = None
        self.humidity_log = []

    def load(self, when=None):
        self.loaded_at = when or datetime.now()
        logger.debug("tray %s loaded", self.tray_id)
        return self.ready_at()

    def ready_at(self):
        if self.loaded_at is None:
            return None
        if self.retarded:
            return self.loaded_at + timedelta(hours=COLD_RETARD_HOURS)
        minutes = proof_time(self.dough_temp_c)
        return self.loaded_at + timedelta(minutes=minutes)

    def log_humidity(self, reading):
        self.humidity_log.append(reading)
        return abs(reading - TARGET_HUMIDITY) <= HUMIDITY_TOLERANCE

    def humidity_drift(self):
        if not self.humidity_log:
            return 0.0
        mean_reading = sum(self.humidity_log) / len(self.humidity_log)
        return round(mean_reading - TARGET_HUMIDITY, 3)


class ProofingCabinet:
    """The proofing cabinet: a rack of trays waiting for the lye bath."""

    def __init__(self, racks=6):
        self.racks = racks
        self.trays = []

    def add_tray(self, tray_id, pieces, retarded=False):
        if len(self.trays) >= self.racks:
            raise RuntimeError("cabinet is full")
        tray = ProofTray(tray_id, pieces, retarded=retarded)
        tray.load()
        self.trays.append(tray)
        return tray

    def trays_ready(self, now=None):
        now = now or datetime.now()
        ready = []
        for tray in self.trays:
            due = tray.ready_at()
            if due is not None and due <= now:
                ready.append(tray)
        return ready

    def schedule_lye(self, now=None):
        ready = self.trays_ready(now)
        ready.sort(key=lambda tray: tray.ready_at())
        return lye_slots(ready, now or datetime.now(), slot_minutes=LYE_SLOT_MINUTES)

    def unload(self, tray_id):
        for index, tray in enumerate(self.trays):
            if tray.tray_id == tray_id:
                logger.info("tray %s to the lye bath", tray_id)
                return self.trays.pop(index)
        raise KeyError(tray_id)


def pieces_ready(cabinet, now=None):
    return sum(tray.pieces for tray in cabinet.trays_ready(now))


def morning_plan(cabinet, start):
    slots = cabinet.schedule_lye(start)
    total_pieces = pieces_ready(cabinet, start)
    return {"slots": slots, "pieces": total_pieces}
