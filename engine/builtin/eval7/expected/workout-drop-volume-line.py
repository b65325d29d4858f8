"""A weekly workout planner: exercises with sets and reps, training volume, and a progression rule."""

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

REST_DAY = "rest"
DEFAULT_REST_SECONDS = 90
PROGRESSION_STEP_KG = 2.5
DELOAD_FACTOR = 0.9
MAX_SESSIONS_PER_WEEK = 5
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass
class Exercise:
    name: str
    muscle_group: str
    sets: int
    reps: int
    weight_kg: float = 0.0
    rest_seconds: int = DEFAULT_REST_SECONDS

    def volume(self):
        return self.sets * self.reps * self.weight_kg

    def duration_seconds(self, seconds_per_rep=3):
        work = self.sets * self.reps * seconds_per_rep
        return work + (self.sets - 1) * self.rest_seconds


@dataclass
class Session:
    day: str
    exercises: list = field(default_factory=list)
    notes: str = ""

    def add(self, exercise):
        self.exercises.append(exercise)
        return self

    def total_volume(self):
        return sum(exercise.volume() for exercise in self.exercises)

    def minutes(self, seconds_per_rep=3):
        seconds = sum(e.duration_seconds(seconds_per_rep) for e in self.exercises)
        return round(seconds / 60)


class WeekPlan:
    def __init__(self, athlete, sessions=None):
        self.athlete = athlete
        self.sessions = {day: REST_DAY for day in WEEKDAYS}
        for session in sessions or []:
            self.schedule(session)

    def schedule(self, session):
        if session.day not in WEEKDAYS:
            raise ValueError(f"unknown day {session.day!r}")
        if self.training_days() >= MAX_SESSIONS_PER_WEEK and self.sessions[session.day] == REST_DAY:
            raise ValueError(f"{self.athlete} already trains {MAX_SESSIONS_PER_WEEK} days a week")
        self.sessions[session.day] = session
        logger.debug("scheduled %s for %s", session.day, self.athlete)

    def training_days(self):
        return sum(1 for value in self.sessions.values() if value != REST_DAY)

    def weekly_volume(self):
        return sum(s.total_volume() for s in self.sessions.values() if s != REST_DAY)

    def muscle_groups(self):
        groups = {}
        for day, session in self.sessions.items():
            if session == REST_DAY:
                continue
            for exercise in session.exercises:
                groups.setdefault(exercise.muscle_group, []).append(day)
        return groups


def progress(exercise, completed_reps, step=PROGRESSION_STEP_KG):
    target = exercise.sets * exercise.reps
    if sum(completed_reps) >= target:
        exercise.weight_kg += step
    elif sum(completed_reps) < target * 0.75:
        exercise.weight_kg = round(exercise.weight_kg * DELOAD_FACTOR, 1)
    return exercise.weight_kg


def progress_week(plan, results, step=PROGRESSION_STEP_KG):
    changed = []
    for day, session in plan.sessions.items():
        if session == REST_DAY:
            continue
        for exercise in session.exercises:
            reps = results.get((day, exercise.name))
            if reps is None:
                continue
            before = exercise.weight_kg
            if progress(exercise, reps, step=step) != before:
                changed.append(exercise.name)
    return changed


def plan_from_json(path, athlete="me"):
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    plan = WeekPlan(athlete)
    for day, entries in raw.items():
        session = Session(day)
        for entry in entries:
            session.add(Exercise(**entry))
        plan.schedule(session)
    return plan


def summary(plan, seconds_per_rep=3):
    lines = [f"Week plan for {plan.athlete}"]
    for day in WEEKDAYS:
        session = plan.sessions[day]
        if session == REST_DAY:
            lines.append(f"{day}: rest")
        else:
            lines.append(f"{day}: {len(session.exercises)} exercises, ~{session.minutes(seconds_per_rep)} min")
    return "\n".join(lines)
