"""Hive inspection notes for the Oakfield beekeepers' association apiary."""

import re
from dataclasses import dataclass, field
from datetime import date, timedelta

INSPECTION_INTERVAL_DAYS = 7
SWARM_CELL_ALERT = 3
TEMPER_SCALE = ("calm", "nervous", "defensive", "aggressive")
FRAME_PATTERN = re.compile(r"^(\d+)B(\d+)S(\d+)H$")


@dataclass
class Inspection:
    hive_id: str
    day: date
    queen_seen: bool
    eggs_seen: bool
    queen_cells: int = 0
    temper: str = "calm"
    frames: str = ""
    notes: list = field(default_factory=list)


def parse_frames(frame_code):
    match = FRAME_PATTERN.match(frame_code.strip().upper())
    if match is None:
        raise ValueError("bad frame code: " + repr(frame_code))
    brood, stores, honey = (int(part) for part in match.groups())
    return {"brood": brood, "stores": stores, "honey": honey}


def swarm_risk(inspection, alert_at=SWARM_CELL_ALERT):
    if inspection.queen_cells >= alert_at:
        return "high"
    if inspection.queen_cells > 0 and not inspection.eggs_seen:
        return "medium"
    return "low"


def temper_score(temper, scale=TEMPER_SCALE):
    try:
        return scale.index(temper)
    except ValueError:
        return len(scale)


class Hive:
    def __init__(self, hive_id, site, queen_marked=False):
        self.hive_id = hive_id
        self.site = site
        self.queen_marked = queen_marked
        self.history = []

    def last_inspection(self):
        return self.history[-1] if self.history else None

    def add_inspection(self, inspection):
        if inspection.hive_id != self.hive_id:
            raise ValueError("inspection belongs to another hive")
        self.history.append(inspection)
        return swarm_risk(inspection)

    def next_due(self, interval=INSPECTION_INTERVAL_DAYS):
        last = self.last_inspection()
        if last is None:
            return date.today()
        return last.day + timedelta(days=interval)

    def queenright(self):
        last = self.last_inspection()
        return bool(last and (last.queen_seen or last.eggs_seen))


class Apiary:
    def __init__(self, name):
        self.name = name
        self.hives = {}

    def add_hive(self, hive):
        self.hives[hive.hive_id] = hive
        print("added hive", hive.hive_id)

    def overdue(self, today=None):
        today = today or date.today()
        return [hive_id for hive_id, hive in self.hives.items() if hive.next_due() < today]

    def swarm_watch(self, alert_at=SWARM_CELL_ALERT):
        watch = []
        for hive in self.hives.values():
            last = hive.last_inspection()
            if last and swarm_risk(last, alert_at=alert_at) == "high":
                watch.append(hive.hive_id)
        return watch

    def honey_estimate(self, kg_per_frame=2.2):
        total_frames = 0
        for hive in self.hives.values():
            last = hive.last_inspection()
            if last and last.frames:
                total_frames += parse_frames(last.frames)["honey"]
        return round(total_frames * kg_per_frame, 1)


def record_visit(apiary, hive_id, queen_seen, eggs_seen, queen_cells=0, temper="calm", frames=""):
    hive = apiary.hives[hive_id]
    inspection = Inspection(hive_id, date.today(), queen_seen, eggs_seen, queen_cells, temper, frames)
    if temper_score(temper) >= 2:
        inspection.notes.append("consider requeening")
    return hive.add_inspection(inspection)
