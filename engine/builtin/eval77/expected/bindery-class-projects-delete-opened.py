"""Keep track of student projects in a bookbinding class."""

import datetime
from dataclasses import dataclass

STITCH_STYLES = ("coptic", "long stitch", "case binding", "japanese stab", "kettle stitch")
GLUE_DRY_HOURS = 12
SIGNATURE_SHEETS = 4
MATERIAL_FEE = 8.5
MAX_PROJECTS = 3


@dataclass
class Project:
    student: str
    title: str
    style: str
    pages: int
    started: datetime.date
    finished: bool = False


def signatures_needed(pages, sheets_per_signature=SIGNATURE_SHEETS):
    pages_per_signature = sheets_per_signature * 4
    full, extra = divmod(pages, pages_per_signature)
    return full + (1 if extra else 0)


def thread_length_cm(pages, spine_height_cm, sheets_per_signature=SIGNATURE_SHEETS, allowance_cm=30):
    signatures = signatures_needed(pages, sheets_per_signature)
    return signatures * spine_height_cm + allowance_cm


def ready_to_trim(glued_at, now=None, dry_hours=GLUE_DRY_HOURS):
    now = now or datetime.datetime.now()
    return now - glued_at >= datetime.timedelta(hours=dry_hours)


def material_cost(project, paper_cost_per_sheet=0.12, cover_cost=3.0, currency="GBP"):
    sheets = signatures_needed(project.pages) * SIGNATURE_SHEETS
    return round(sheets * paper_cost_per_sheet + cover_cost + MATERIAL_FEE, 2)


class BindingClass:
    def __init__(self, tutor, term, capacity=10):
        self.tutor = tutor
        self.term = term
        self.capacity = capacity
        self.projects = []
        self.glue_log = {}

    def students(self):
        return sorted({project.student for project in self.projects})

    def start_project(self, student, title, style, pages, when=None):
        if style not in STITCH_STYLES:
            raise ValueError(f"unknown style: {style}")
        active = [p for p in self.projects if p.student == student and not p.finished]
        if len(active) >= MAX_PROJECTS:
            return None
        if student not in self.students() and len(self.students()) >= self.capacity:
            return None
        project = Project(student, title, style, pages, when or datetime.date.today())
        self.projects.append(project)
        return project

    def mark_glued(self, title, when):
        self.glue_log[title] = when

    def trimmable(self, now=None):
        return [title for title, glued_at in self.glue_log.items() if ready_to_trim(glued_at, now=now)]

    def finish(self, title):
        for project in self.projects:
            if project.title == title:
                project.finished = True
                return True
        return False

    def invoice(self, student):
        own = [p for p in self.projects if p.student == student]
        return round(sum(material_cost(p, currency="GBP") for p in own), 2)

    def thread_list(self, spine_height_cm=21.0):
        needs = {}
        for project in self.projects:
            if not project.finished:
                needs[project.title] = thread_length_cm(project.pages, spine_height_cm)
        return needs
