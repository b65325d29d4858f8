"""Scoring the runs at a sheepdog trial."""

import statistics
from dataclasses import dataclass

MAX_POINTS = 100
PHASES = ("outrun", "lift", "fetch", "drive", "shed", "pen")
PHASE_POINTS = {"outrun": 20, "lift": 10, "fetch": 20, "drive": 30, "shed": 10, "pen": 10}
TIME_LIMIT_SECONDS = 780


def phase_deduction(phase, faults, per_fault=1):
    allowed = PHASE_POINTS[phase]
    return min(allowed, faults * per_fault)


def run_score(faults_by_phase, retired=False):
    if retired:
        return 0
    score = MAX_POINTS
    for phase in PHASES:
        score -= phase_deduction(phase, faults_by_phase.get(phase, 0))
    return max(score, 0)


def judges_average(scores, drop_extremes=True, weather=None):
    values = sorted(scores)
    if drop_extremes and len(values) > 2:
        values = values[1:-1]
    return round(statistics.mean(values), 1)


@dataclass
class Handler:
    name: str
    dog: str
    region: str = "open"


class Run:
    def __init__(self, handler, order, seconds=None):
        self.handler = handler
        self.order = order
        self.seconds = seconds
        self.faults = {}
        self.judge_marks = []
        self.retired = False
        self.notes = []

    def record_fault(self, phase, count=1):
        if phase not in PHASES:
            raise ValueError(f"unknown phase: {phase}")
        self.faults[phase] = self.faults.get(phase, 0) + count

    def timed_out(self):
        return self.seconds is not None and self.seconds > TIME_LIMIT_SECONDS

    def score(self):
        if self.timed_out():
            return run_score(self.faults, retired=True)
        return run_score(self.faults, retired=self.retired)


class Trial:
    def __init__(self, field_name, weather="dry"):
        self.field_name = field_name
        self.weather = weather
        self.runs = []

    def enter(self, name, dog, region="open"):
        handler = Handler(name, dog, region)
        run = Run(handler, order=len(self.runs) + 1)
        self.runs.append(run)
        return run

    def judged_score(self, run):
        if not run.judge_marks:
            return run.score()
        return judges_average(run.judge_marks, drop_extremes=True, weather=self.weather)

    def results(self, top=10):
        ranked = sorted(self.runs, key=lambda r: (-self.judged_score(r), r.order))
        return ranked[:top]

    def load_marks(self, path):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                order, mark = line.split(",")
                self.runs[int(order) - 1].judge_marks.append(float(mark))
        return len(self.runs)


def results_table(trial, top=10):
    lines = [f"Results at {trial.field_name} ({trial.weather})"]
    for place, run in enumerate(trial.results(top=top), start=1):
        h = run.handler
        lines.append(f"{place:>2}. {h.name} with {h.dog} - {trial.judged_score(run)}")
    return "\n".join(lines)
