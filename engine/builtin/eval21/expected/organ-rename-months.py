"""Tuning visits and pipe records for church pipe organs."""

import math
from dataclasses import dataclass, field
from datetime import date

REFERENCE_PITCH_HZ = 440.0
CENTS_TOLERANCE = 4
VISIT_FEE = 180.0
FEE_PER_RANK = 22.5


@dataclass
class Pipe:
    rank: str
    note: str
    frequency: float
    target: float


@dataclass
class Organ:
    church: str
    builder: str
    manuals: int
    ranks: list[str] = field(default_factory=list)
    last_tuned: date | None = None


class TuningVisit:
    def __init__(self, organ, tuner, when):
        self.organ = organ
        self.tuner = tuner
        self.when = when
        self.readings = []
        self.fixed = []

    def measure(self, pipe):
        self.readings.append(pipe)

    def out_of_tune(self):
        return [p for p in self.readings if abs(cents_off(p)) > CENTS_TOLERANCE]

    def adjust(self, pipe):
        pipe.frequency = pipe.target
        self.fixed.append(pipe)

    def finish(self):
        for pipe in self.out_of_tune():
            self.adjust(pipe)
        self.organ.last_tuned = self.when
        return len(self.fixed)


def cents_off(pipe):
    return 1200 * math.log2(pipe.frequency / pipe.target)


def visit_invoice(visit):
    ranks_touched = {p.rank for p in visit.fixed}
    return VISIT_FEE + FEE_PER_RANK * len(ranks_touched)


def rescale(pipes, new_pitch):
    ratio = new_pitch / REFERENCE_PITCH_HZ
    for pipe in pipes:
        pipe.target = pipe.target * ratio
    return pipes


def worst_pipe(visit):
    worst = None
    for pipe in visit.readings:
        if worst is None or abs(cents_off(pipe)) > abs(cents_off(worst)):
            worst = pipe
    return worst


def due_for_tuning(organ, today, interval_months=6):
    if organ.last_tuned is None:
        return True
    gap = (today.year - organ.last_tuned.year) * 12 + today.month - organ.last_tuned.month
    return gap >= interval_months


def rank_report(visit):
    by_rank = {}
    for pipe in visit.readings:
        by_rank.setdefault(pipe.rank, []).append(round(cents_off(pipe), 1))
    lines = []
    for rank, offsets in sorted(by_rank.items()):
        lines.append(f"{rank}: {len(offsets)} pipes, worst {max(offsets, key=abs)} cents")
    return lines


def visit_summary(visit):
    return {
        "church": visit.organ.church,
        "tuner": visit.tuner,
        "date": visit.when.isoformat(),
        "pipes checked": len(visit.readings),
        "pipes adjusted": len(visit.fixed),
    }


def schedule(organs, today):
    due = [o for o in organs if due_for_tuning(o, today)]
    due.sort(key=lambda o: o.last_tuned or date.min)
    return due


def temperature_drift(frequency, degrees_c):
    return frequency * (1 + 0.0018 * (degrees_c - 20))
