"""Matching students to tutors for the agency's weekly sessions."""
import json
import logging
from collections import defaultdict

logger = logging.getLogger(__name__)

MAX_STUDENTS_PER_TUTOR = 6
SUBJECT_WEIGHT = 3.0
DISTANCE_PENALTY_PER_KM = 0.4
MAX_TRAVEL_KM = 15
ONLINE_BONUS = 1.5
KEY_STAGES = ("KS2", "KS3", "GCSE", "A-level")


class Tutor:
    def __init__(self, name, subjects, stages, location_km=0.0, online=False,
                 capacity=MAX_STUDENTS_PER_TUTOR):
        self.name = name
        self.subjects = set(subjects)
        self.stages = set(stages)
        self.location_km = location_km
        self.online = online
        self.capacity = capacity
        self.students = []

    @property
    def has_space(self):
        return len(self.students) < self.capacity

    def teaches(self, subject, stage):
        return subject in self.subjects and stage in self.stages


class Student:
    def __init__(self, name, subject, stage, location_km=0.0, online_ok=True):
        if stage not in KEY_STAGES:
            raise ValueError(f"unknown stage {stage!r}")
        self.name = name
        self.subject = subject
        self.stage = stage
        self.location_km = location_km
        self.online_ok = online_ok
        self.tutor = None


def _distance(tutor, student):
    return abs(tutor.location_km - student.location_km)


def match_score(tutor, student, subject_weight=SUBJECT_WEIGHT):
    """Higher is better; None means the pair is not possible."""
    if not tutor.teaches(student.subject, student.stage):
        return None
    score = subject_weight
    if tutor.online and student.online_ok:
        return score + ONLINE_BONUS
    distance = _distance(tutor, student)
    if distance > MAX_TRAVEL_KM:
        return None
    score -= distance * DISTANCE_PENALTY_PER_KM
    score += KEY_STAGES.index(student.stage) * 0.1
    return score


def best_tutor(student, tutors):
    scored = []
    for tutor in tutors:
        if not tutor.has_space:
            continue
        score = match_score(tutor, student)
        if score is not None:
            scored.append((score, tutor.name, tutor))
    if not scored:
        return None
    scored.sort(reverse=True)
    return scored[0][2]


def match_all(students, tutors):
    # older students first, they have exams sooner
    waiting = sorted(students, key=lambda s: KEY_STAGES.index(s.stage), reverse=True)
    unmatched = []
    for student in waiting:
        tutor = best_tutor(student, tutors)
        if tutor is None:
            unmatched.append(student.name)
            logger.info("no tutor for %s (%s %s)", student.name, student.stage, student.subject)
            continue
        tutor.students.append(student)
        student.tutor = tutor
    return unmatched


def load_tutors(text):
    tutors = []
    for entry in json.loads(text):
        try:
            tutors.append(Tutor(entry["name"], entry["subjects"], entry["stages"],
                                location_km=entry.get("location_km", 0.0),
                                online=entry.get("online", False)))
        except KeyError as missing:
            logger.warning("skipping tutor record without %s", missing)
    return tutors


def demand_by_subject(students):
    demand = defaultdict(int)
    for student in students:
        if student.tutor is None:
            demand[student.subject] += 1
    return dict(sorted(demand.items(), key=lambda pair: pair[1], reverse=True))
