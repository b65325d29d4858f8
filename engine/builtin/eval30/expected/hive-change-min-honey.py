"""Record and summarise beehive inspections for a small backyard apiary."""

import datetime
import statistics
from collections import defaultdict

FRAMES_PER_BOX = 10
SWARM_CELL_THRESHOLD = 3
MIN_HONEY_KG_FOR_WINTER = 20.0
TEMPER_SCALE = ("calm", "nervous", "defensive", "aggressive")


def frames_to_honey_kg(frames, kg_per_frame=2.2):
    return round(frames * kg_per_frame, 1)


def swarm_risk(queen_cells, brood_frames, season="spring"):
    score = queen_cells / SWARM_CELL_THRESHOLD
    if brood_frames >= FRAMES_PER_BOX - 2:
        score += 0.5
    if season == "spring":
        score *= 1.5
    return min(score, 1.0)


def winter_ready(honey_frames, boxes=2, kg_per_frame=2.2):
    stores = frames_to_honey_kg(honey_frames, kg_per_frame=kg_per_frame)
    capacity = boxes * FRAMES_PER_BOX
    if honey_frames > capacity:
        raise ValueError("more honey frames than the hive can hold")
    return stores >= MIN_HONEY_KG_FOR_WINTER


class Inspection:
    def __init__(self, hive_id, when, queen_seen=False, temper="calm"):
        self.hive_id = hive_id
        self.when = when
        self.queen_seen = queen_seen
        self.temper = temper
        self.queen_cells = 0
        self.brood_frames = 0
        self.honey_frames = 0
        self.notes = []

    def add_note(self, text):
        stamp = self.when.strftime("%d %b")
        self.notes.append(f"{stamp}: {text}")

    def temper_rank(self):
        return TEMPER_SCALE.index(self.temper)

    def needs_attention(self):
        risk = swarm_risk(self.queen_cells, self.brood_frames)
        return risk > 0.7 or self.temper_rank() >= 2 or not self.queen_seen


class Apiary:
    def __init__(self, name, boxes_per_hive=2):
        self.name = name
        self.boxes_per_hive = boxes_per_hive
        self.log = defaultdict(list)

    def record(self, inspection):
        self.log[inspection.hive_id].append(inspection)
        if inspection.needs_attention():
            inspection.add_note("flagged for a follow-up visit")
        return inspection

    def latest(self, hive_id):
        visits = self.log.get(hive_id)
        if not visits:
            return None
        return max(visits, key=lambda visit: visit.when)

    def average_brood(self, hive_id):
        counts = [visit.brood_frames for visit in self.log[hive_id]]
        if len(counts) < 2:
            return float(counts[0]) if counts else 0.0
        return statistics.mean(counts)

    def winter_report(self):
        lines = []
        for hive_id in sorted(self.log):
            last = self.latest(hive_id)
            ready = winter_ready(last.honey_frames, boxes=self.boxes_per_hive)
            status = "ok" if ready else "feed syrup"
            lines.append(f"{hive_id}: {status}")
        return lines

    def overdue(self, today=None, max_gap_days=9):
        today = today or datetime.date.today()
        late = []
        for hive_id in self.log:
            gap = (today - self.latest(hive_id).when).days
            if gap > max_gap_days:
                late.append(hive_id)
        return late


def quick_visit(apiary, hive_id, brood_frames, honey_frames, queen_seen=True):
    visit = Inspection(hive_id, datetime.date.today(), queen_seen=queen_seen)
    visit.brood_frames = brood_frames
    visit.honey_frames = honey_frames
    return apiary.record(visit)
