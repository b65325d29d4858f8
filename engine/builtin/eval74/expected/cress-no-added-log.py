"""Watercress beds: flow checks, cutting rotation and harvest records."""

import statistics
from datetime import date, timedelta

BED_WIDTH_M = 4.5
MIN_FLOW_LITRES_PER_SEC = 12.0
REGROWTH_DAYS = 21
MAX_NITRATE_PPM = 50
BUNCHES_PER_SQ_M = 9


def flow_ok(readings, minimum=MIN_FLOW_LITRES_PER_SEC):
    if not readings:
        return False
    return statistics.median(readings) >= minimum


def expected_bunches(length_m, width_m=BED_WIDTH_M, density=BUNCHES_PER_SQ_M):
    area = length_m * width_m
    return int(area * density)


def next_cut_date(last_cut, season="summer", regrowth=REGROWTH_DAYS):
    days = regrowth
    if season == "winter":
        days = regrowth * 2
    return last_cut + timedelta(days=days)


def bed_report(bed, today, label="bed"):
    due = next_cut_date(bed.last_cut, season=bed.season, regrowth=REGROWTH_DAYS)
    status = "due" if due <= today else "growing"
    bunches = expected_bunches(bed.length_m, density=BUNCHES_PER_SQ_M)
    return f"{bed.name}: {status} ({bunches} bunches expected, next cut {due:%d %b})"


class CressBed:
    def __init__(self, name, length_m, last_cut, season="summer"):
        self.name = name
        self.length_m = length_m
        self.last_cut = last_cut
        self.season = season
        self.flow_readings = []
        self.nitrate_ppm = 0.0
        self.harvests = []

    def record_flow(self, litres_per_sec):
        self.flow_readings.append(litres_per_sec)
        if len(self.flow_readings) > 48:
            self.flow_readings.pop(0)

    def safe_to_cut(self):
        if self.nitrate_ppm > MAX_NITRATE_PPM:
            return False
        return flow_ok(self.flow_readings)

    def cut(self, when, bunches):
        if not self.safe_to_cut():
            raise RuntimeError(f"{self.name} is not safe to cut")
        self.harvests.append((when, bunches))
        self.last_cut = when
        return bunches

    def yield_ratio(self):
        if not self.harvests:
            return 0.0
        expected = expected_bunches(self.length_m)
        actual = sum(b for _, b in self.harvests) / len(self.harvests)
        return actual / expected


class CressFarm:
    def __init__(self, name):
        self.name = name
        self.beds = {}
        self.log = []

    def add_bed(self, bed):
        self.beds[bed.name] = bed

    def due_today(self, today=None):
        today = today or date.today()
        due = []
        for bed in self.beds.values():
            if next_cut_date(bed.last_cut, season=bed.season) <= today:
                due.append(bed)
        return due

    def harvest_round(self, today, bunches_by_bed):
        total = 0
        for bed in self.due_today(today):
            bunches = bunches_by_bed.get(bed.name, 0)
            total += bed.cut(today, bunches)
            self.log.append(f"cut {bed.name}: {bunches}")
        return total

    def morning_report(self, today):
        lines = [f"{self.name} morning report"]
        for bed in sorted(self.beds.values(), key=lambda b: b.name):
            lines.append(bed_report(bed, today, label="bed"))
        return "\n".join(lines)
