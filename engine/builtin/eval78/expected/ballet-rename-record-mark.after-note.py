"""Graded exam entries for a ballet school: marks, results and the exam day timetable."""

from collections import defaultdict
from datetime import datetime, timedelta

GRADES = ("Primary", "Grade 1", "Grade 2", "Grade 3", "Grade 4", "Grade 5")
PASS_MARK = 40
MERIT_MARK = 55
DISTINCTION_MARK = 75
SLOT_MINUTES = 20
SECTIONS = ("barre", "centre", "allegro", "dance", "performance")


def classify(total):
    if total >= DISTINCTION_MARK:
        return "Distinction"
    if total >= MERIT_MARK:
        return "Merit"
    if total >= PASS_MARK:
        return "Pass"
    return "Not yet attained"


def section_total(marks, max_per_section=20, scale=1.0):
    capped = [min(marks.get(name, 0), max_per_section) for name in SECTIONS]
    return round(sum(capped) * scale)


def build_timetable(candidates, start, group_size=4, break_after=6):
    slots = []
    clock = start
    for index in range(0, len(candidates), group_size):
        group = candidates[index:index + group_size]
        slots.append((clock, [c.name for c in group]))
        clock += timedelta(minutes=SLOT_MINUTES)
        if len(slots) % break_after == 0:
            clock += timedelta(minutes=15)
    return slots


class Candidate:
    def __init__(self, name, grade, teacher):
        if grade not in GRADES:
            raise ValueError("unknown grade: %s" % grade)
        self.name = name
        self.grade = grade
        self.teacher = teacher
        self.marks = {}
        self.withdrawn = False

    def add_mark(self, section, mark):
        if section not in SECTIONS:
            raise KeyError(section)
        self.marks[section] = mark
        return len(self.marks) == len(SECTIONS)

    def result(self):
        if self.withdrawn:
            return "Withdrawn"
        return classify(section_total(self.marks))


class ExamSession:
    def __init__(self, examiner, day):
        self.examiner = examiner
        self.day = day
        self.candidates = []
        self.by_teacher = defaultdict(list)

    def enter(self, candidate):
        self.candidates.append(candidate)
        self.by_teacher[candidate.teacher].append(candidate.name)
        return len(self.candidates)

    def withdraw(self, name):
        for candidate in self.candidates:
            if candidate.name == name:
                candidate.withdrawn = True
                return True
        return False

    def timetable(self, first_slot="09:30"):
        start = datetime.strptime("%s %s" % (self.day, first_slot), "%Y-%m-%d %H:%M")
        present = [c for c in self.candidates if not c.withdrawn]
        return build_timetable(present, start, group_size=3)

    def results_sheet(self):
        counts = defaultdict(int)
        rows = []
        for candidate in sorted(self.candidates, key=lambda c: c.name):
            outcome = candidate.result()
            counts[outcome] += 1
            rows.append("%-20s %-10s %s" % (candidate.name, candidate.grade, outcome))
        rows.append("examiner: %s" % self.examiner)
        return rows, dict(counts)
