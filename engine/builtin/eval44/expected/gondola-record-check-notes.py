"""Daily and periodic checks on the cabins of a gondola lift."""

import json
import logging
from datetime import datetime, timedelta

log = logging.getLogger(__name__)

GRIP_FORCE_MIN_KN = 42.0
DOOR_FAULT_LIMIT = 3
MAX_WIND_KMH = 65
INSPECTION_INTERVAL_DAYS = 30
CHECK_ITEMS = ("doors", "grip", "windows", "hanger", "seats")


def parse_reading(raw):
    data = json.loads(raw)
    return data["cabin"], float(data["grip_kn"])


def grip_ok(force_kn, margin_kn=2.0):
    return force_kn >= GRIP_FORCE_MIN_KN + margin_kn


def wind_hold(speed_kmh, gusting=False):
    limit = MAX_WIND_KMH - 10 if gusting else MAX_WIND_KMH
    return speed_kmh > limit


def cabin_report(cabin, checked_at, shift="day"):
    status = "in service" if cabin.in_service else "withdrawn"
    return {
        "cabin": cabin.cabin_id,
        "status": status,
        "defects": [item for item, _ in cabin.defects],
        "checked_at": checked_at.isoformat(timespec="minutes"),
    }


class Cabin:
    def __init__(self, cabin_id, seats=8, last_inspected=None):
        self.cabin_id = cabin_id
        self.seats = seats
        self.last_inspected = last_inspected
        self.door_faults = 0
        self.defects = []
        self.in_service = True

    def record_check(self, item, passed, inspector="duty", notes=None):
        if item not in CHECK_ITEMS:
            raise ValueError("unknown check item: " + item)
        if not passed:
            self.defects.append((item, inspector))
            if item == "doors":
                self.door_faults += 1
        return passed

    def check_grip(self, force_kn):
        ok = grip_ok(force_kn)
        self.record_check("grip", ok)
        return ok

    def needs_withdrawal(self):
        if self.door_faults >= DOOR_FAULT_LIMIT:
            return True
        return any(item in ("grip", "hanger") for item, _ in self.defects)

    def inspection_due(self, today):
        if self.last_inspected is None:
            return True
        due = self.last_inspected + timedelta(days=INSPECTION_INTERVAL_DAYS)
        return due <= today

    def clear_defects(self):
        self.defects.clear()
        self.door_faults = 0
        self.in_service = True


class CheckRound:
    """One morning round of cabin checks before the lift opens."""

    def __init__(self, operator, cabins):
        self.operator = operator
        self.cabins = {cabin.cabin_id: cabin for cabin in cabins}
        self.started = datetime.now()
        self.wind_kmh = 0.0

    def apply_readings(self, lines):
        applied = 0
        for raw in lines:
            parsed = parse_reading(raw)
            if parsed is None:
                continue
            cabin_id, force = parsed
            cabin = self.cabins.get(cabin_id)
            if cabin is None:
                log.warning("reading for unknown cabin %s", cabin_id)
                continue
            cabin.check_grip(force)
            applied += 1
        return applied

    def withdraw_faulty(self):
        withdrawn = []
        for cabin in self.cabins.values():
            if cabin.needs_withdrawal():
                cabin.in_service = False
                withdrawn.append(cabin.cabin_id)
        return withdrawn

    def can_open(self, gusting=False):
        if wind_hold(self.wind_kmh, gusting=gusting):
            return False
        return sum(1 for c in self.cabins.values() if c.in_service) >= 4

    def reports(self):
        now = datetime.now()
        return [cabin_report(c, now, shift="day") for c in self.cabins.values()]
