"""Print-run planning for the letterpress studio."""

import math
from datetime import date

SHEET_SIZES_MM = {"A5": (148, 210), "A4": (210, 297), "A3": (297, 420)}
MAKEREADY_SHEETS = 15
SPOILAGE_RATE = 0.06
INK_GRAMS_PER_1000 = 40
PRESS_SPEED_SPH = 600


def sheets_needed(copies, up=1, spoilage=SPOILAGE_RATE):
    base = math.ceil(copies / up)
    waste = math.ceil(base * spoilage)
    return base + waste + MAKEREADY_SHEETS


def ink_needed(sheets, colours=1, coverage=1.0):
    grams = sheets / 1000 * INK_GRAMS_PER_1000 * colours * coverage
    return round(grams, 1)


def press_hours(sheets, colours=1, speed=PRESS_SPEED_SPH, note=None):
    passes = sheets * colours
    return round(passes / speed, 2)


def parse_size(label, orientation="portrait"):
    width, height = SHEET_SIZES_MM[label.upper()]
    if orientation == "landscape":
        width, height = height, width
    return width, height


class PrintRun:
    def __init__(self, title, copies, size="A5", colours=1, up=2):
        self.title = title
        self.copies = copies
        self.size = size
        self.colours = colours
        self.up = up
        self.printed = 0
        self.log = []

    def estimate(self):
        sheets = sheets_needed(self.copies, up=self.up)
        return {
            "sheets": sheets,
            "ink_g": ink_needed(sheets, colours=self.colours),
            "hours": press_hours(sheets, colours=self.colours, note=self.title),
            "size_mm": parse_size(self.size),
        }

    def record_pass(self, good_sheets, spoiled=0):
        self.printed += good_sheets
        self.log.append((date.today().isoformat(), good_sheets, spoiled))
        return self.printed

    def spoiled_total(self):
        return sum(entry[2] for entry in self.log)

    def remaining(self):
        return max(0, self.copies - self.printed * self.up)

    def is_complete(self):
        return self.remaining() == 0


class StudioQueue:
    def __init__(self, studio="Back Room Press", max_runs=5):
        self.studio = studio
        self.max_runs = max_runs
        self.runs = []

    def enqueue(self, run):
        if len(self.runs) >= self.max_runs:
            raise RuntimeError(f"{self.studio} queue is full")
        self.runs.append(run)
        print(f"queued {run.title} ({run.copies} copies)")
        return len(self.runs)

    def total_hours(self):
        total = 0.0
        for run in self.runs:
            total += run.estimate()["hours"]
        return round(total, 2)

    def rush_hours(self, extra_colours=0):
        total = 0.0
        for run in self.runs:
            sheets = sheets_needed(run.copies, up=run.up)
            total += press_hours(sheets, run.colours + extra_colours, note="rush")
        return round(total, 2)

    def next_run(self):
        pending = [r for r in self.runs if not r.is_complete()]
        return pending[0] if pending else None

    def ink_budget(self):
        grams = 0.0
        for run in self.runs:
            grams += run.estimate()["ink_g"]
        return round(grams, 1)
