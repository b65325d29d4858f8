"""Mat lending and cleaning for a yoga studio."""

import csv
import logging
from datetime import datetime, timedelta

MAT_STOCK = 30
HIRE_FEE_PENCE = 150
CLEAN_AFTER_USES = 3
MAT_TYPES = ("standard", "thick", "travel", "cork")

log = logging.getLogger(__name__)


def needs_cleaning(uses, limit=CLEAN_AFTER_USES):
    return uses >= limit


def overdue(lent_at, now=None, hours=3):
    now = now or datetime.now()
    return now - lent_at > timedelta(hours=hours)


def format_pence(amount, symbol="£"):
    return f"{symbol}{amount // 100}.{amount % 100:02d}"


class Mat:
    def __init__(self, tag, mat_type="standard"):
        self.tag = tag
        self.mat_type = mat_type
        self.uses = 0
        self.lent_to = None
        self.lent_at = None

    def lend(self, student, when):
        if self.lent_to is not None:
            raise ValueError(f"mat {self.tag} is already out")
        self.lent_to = student
        self.lent_at = when

    def give_back(self):
        self.uses += 1
        student = self.lent_to
        self.lent_to = None
        self.lent_at = None
        return student


class MatShelf:
    def __init__(self, studio, stock=MAT_STOCK):
        self.studio = studio
        self.mats = {f"M{number:03d}": Mat(f"M{number:03d}") for number in range(1, stock + 1)}
        self.takings = 0
        self.cleaning_queue = []

    def hire_fee(self, mat_type, member=False, fee=HIRE_FEE_PENCE):
        if member:
            return 0
        if mat_type == "cork":
            return fee + 50
        return fee

    def available(self, mat_type="standard"):
        return [mat for mat in self.mats.values()
                if mat.lent_to is None and mat.mat_type == mat_type and mat.tag not in self.cleaning_queue]

    def lend_mat(self, student, when, member=False, mat_type="standard"):
        free = self.available(mat_type)
        if not free:
            log.info("no %s mats left for %s", mat_type, student)
            return None
        mat = free[0]
        mat.lend(student, when)
        self.takings += self.hire_fee(mat_type, member=member)
        return mat.tag

    def return_mat(self, tag):
        mat = self.mats[tag]
        student = mat.give_back()
        if needs_cleaning(mat.uses):
            self.cleaning_queue.append(tag)
        return student

    def clean(self, tag):
        if tag in self.cleaning_queue:
            self.cleaning_queue.remove(tag)
            self.mats[tag].uses = 0
            return True
        return False

    def overdue_mats(self, now=None):
        return [mat.tag for mat in self.mats.values()
                if mat.lent_at is not None and overdue(mat.lent_at, now=now)]

    def restock(self, count, mat_type="standard"):
        start = len(self.mats) + 1
        added = []
        for number in range(start, start + count):
            tag = f"M{number:03d}"
            self.mats[tag] = Mat(tag, mat_type=mat_type)
            added.append(tag)
        log.info("restocked %d %s mats", count, mat_type)
        return added


def shelf_report(shelf, now=None, currency="£"):
    out = sum(1 for mat in shelf.mats.values() if mat.lent_to is not None)
    lines = [f"{shelf.studio}: {out} of {len(shelf.mats)} mats out"]
    lines.append(f"Takings: {format_pence(shelf.takings, symbol='£')}")
    if shelf.cleaning_queue:
        lines.append("To clean: " + ", ".join(shelf.cleaning_queue))
    late = shelf.overdue_mats(now=now)
    if late:
        lines.append("Overdue: " + ", ".join(late))
    return "\n".join(lines)
