"""Ballroom class register: pairing couples, tracking their dances and grading them for medals."""

import random
from statistics import mean

DANCES = ("waltz", "foxtrot", "quickstep", "tango", "cha cha", "rumba")
MEDAL_THRESHOLDS = {"bronze": 60, "silver": 72, "gold": 85}
MAX_HEIGHT_GAP_CM = 20
LESSONS_FOR_MEDAL = 8


class Couple:
    def __init__(self, leader, follower, started_lessons=0):
        self.leader = leader
        self.follower = follower
        self.lessons = started_lessons
        self.marks = {}
        self.medals = []

    def record_mark(self, dance, mark):
        if dance not in DANCES:
            raise ValueError("unknown dance: " + dance)
        self.marks.setdefault(dance, []).append(mark)

    def average_mark(self):
        all_marks = [m for marks in self.marks.values() for m in marks]
        return mean(all_marks) if all_marks else 0.0

    def ready_for_medal(self):
        return self.lessons >= LESSONS_FOR_MEDAL and len(self.marks) >= 3


class DanceClass:
    def __init__(self, teacher, hall, night="Tuesday"):
        self.teacher = teacher
        self.hall = hall
        self.night = night
        self.couples = []
        self.singles = []

    def enrol_couple(self, couple):
        self.couples.append(couple)

    def enrol_single(self, name, height_cm):
        self.singles.append((name, height_cm))

    def mark_attendance(self, present):
        for couple in self.couples:
            if couple.leader in present and couple.follower in present:
                couple.lessons += 1

    def pair_singles(self, seed=None):
        made = pair_by_height(self.singles, seed=seed)
        for leader, follower in made:
            self.enrol_couple(Couple(leader, follower))
        paired = {name for pair in made for name in pair}
        self.singles = [s for s in self.singles if s[0] not in paired]
        return len(made)


def pair_by_height(singles, seed=None, max_gap=MAX_HEIGHT_GAP_CM):
    rng = random.Random(seed)
    pool = list(singles)
    rng.shuffle(pool)
    pool.sort(key=lambda s: s[1], reverse=True)
    pairs = []
    while len(pool) >= 2:
        taller = pool.pop(0)
        partner = pool[0]
        if taller[1] - partner[1] <= max_gap:
            pool.pop(0)
            pairs.append((taller[0], partner[0]))
    return pairs


def medal_for(mark):
    earned = None
    for medal, threshold in sorted(MEDAL_THRESHOLDS.items(), key=lambda kv: kv[1]):
        if mark >= threshold:
            earned = medal
    return earned


def grading_sheet(dance_class, dances=DANCES, show_unready=False):
    lines = [f"{dance_class.teacher}'s {dance_class.night} class at {dance_class.hall}"]
    for couple in dance_class.couples:
        if not couple.ready_for_medal() and not show_unready:
            continue
        average = couple.average_mark()
        medal = medal_for(average) or "no medal yet"
        lines.append(f"  {couple.leader} & {couple.follower}: {average:.1f} ({medal})")
    lines.append("Dances assessed: " + ", ".join(dances))
    return "\n".join(lines)
