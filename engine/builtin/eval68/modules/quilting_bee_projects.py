"""Projects, fabric stash and meeting plans for the Thursday quilting bee."""

from __future__ import annotations

import json
import math
from pathlib import Path

SQUARE_INCHES_PER_YARD = 1296
SEAM_ALLOWANCE = 0.25
DEFAULT_BLOCK_SIZE = 12
STASH_FILE = "fabric_stash.json"


class QuiltProject:
    """One quilt in progress, with the members working on it."""

    def __init__(self, title, rows, cols, block_size=DEFAULT_BLOCK_SIZE):
        self.title = title
        self.rows = rows
        self.cols = cols
        self.block_size = block_size
        self.members = []
        self.finished_blocks = 0

    def block_count(self):
        return self.rows * self.cols

    def join(self, member):
        if member not in self.members:
            self.members.append(member)

    def add_blocks(self, count):
        self.finished_blocks = min(self.block_count(), self.finished_blocks + count)

    def progress(self):
        if self.block_count() == 0:
            return 0.0
        return round(100 * self.finished_blocks / self.block_count(), 1)

    def finished_size(self):
        return (self.cols * self.block_size, self.rows * self.block_size)


class FabricStash:
    def __init__(self, path=STASH_FILE):
        self.path = Path(path)
        self.yards = {}

    def load(self):
        text = self.path.read_text(encoding="utf-8")
        self.yards = json.loads(text)
        return self.yards

    def take(self, fabric, amount):
        available = self.yards.get(fabric, 0.0)
        if amount > available:
            raise ValueError(f"only {available} yards of {fabric} left")
        self.yards[fabric] = round(available - amount, 2)

    def low_stock(self, threshold=0.5):
        return sorted(name for name, yards in self.yards.items() if yards < threshold)


def cut_size(block_size, allowance=SEAM_ALLOWANCE):
    return block_size + 2 * allowance


def yardage_needed(project, waste_factor=1.1):
    piece = cut_size(project.block_size)
    area = piece * piece * project.block_count() * waste_factor
    return math.ceil(area / SQUARE_INCHES_PER_YARD * 4) / 4


def allocate_fabric(stash, project, fabric, season):
    needed = yardage_needed(project)
    stash.take(fabric, needed)
    return needed


def meeting_agenda(projects, host, max_items=5):
    items = [f"Welcome from {host}"]
    ordered = sorted(projects, key=lambda p: p.progress(), reverse=True)
    for project in ordered[:max_items]:
        items.append(f"{project.title}: {project.progress()}% done, {len(project.members)} quilters")
    items.append("Tea and biscuits")
    return items


def start_projects(stash, plans):
    started = []
    for title, rows, cols, fabric in plans:
        project = QuiltProject(title, rows, cols)
        allocate_fabric(stash, project, fabric, "autumn")
        started.append(project)
    return started


def bee_report(stash_path, plans, host="Margaret"):
    stash = FabricStash(stash_path)
    stash.load()
    projects = start_projects(stash, plans)
    lines = meeting_agenda(projects, host)
    low = stash.low_stock()
    if low:
        lines.append("Running low on: " + ", ".join(low))
    return "\n".join(lines)
