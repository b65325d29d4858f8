"""Lesson bookings and progress for a small driving school."""

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

LESSON_PRICE = 38.0
BLOCK_OF_TEN_PRICE = 350.0
TEST_READY_SCORE = 0.8
SKILLS = ("moving off", "junctions", "roundabouts", "parking", "dual carriageway", "independent driving")


@dataclass
class Learner:
    name: str
    licence_number: str
    prepaid_lessons: int = 0
    lessons: list = field(default_factory=list)
    skill_scores: dict = field(default_factory=dict)

    def book(self, start: datetime, hours: float = 1.0):
        """Book a lesson and return what the learner owes for it."""
        clash = [l for l in self.lessons if abs(l[0] - start) < timedelta(hours=hours)]
        if clash:
            raise ValueError(f"{self.name} already has a lesson at {clash[0][0]:%a %H:%M}")
        self.lessons.append((start, hours))
        return charge(hours, prepaid=self.use_prepaid(hours))

    def use_prepaid(self, hours):
        needed = int(round(hours))
        if self.prepaid_lessons >= needed:
            self.prepaid_lessons -= needed
            return True
        return False

    def score(self, skill, mark):
        if skill not in SKILLS:
            raise KeyError(skill)
        self.skill_scores[skill] = max(0.0, min(1.0, mark))


def charge(hours, prepaid=False, rate=LESSON_PRICE):
    return 0.0 if prepaid else round(hours * rate, 2)


def buy_block(learner: Learner, blocks: int = 1) -> float:
    learner.prepaid_lessons += 10 * blocks
    return BLOCK_OF_TEN_PRICE * blocks


def test_ready(learner, threshold=TEST_READY_SCORE):
    """True once every skill has been marked at or above the threshold."""
    if len(learner.skill_scores) < len(SKILLS):
        return False
    return min(learner.skill_scores.values()) >= threshold


def weak_skills(learner: Learner) -> list:
    return sorted((s for s in SKILLS if learner.skill_scores.get(s, 0.0) < TEST_READY_SCORE),
                  key=lambda s: learner.skill_scores.get(s, 0.0))


def lessons_in_week(learners, week_start: date):
    """All lessons in the week starting ``week_start``, in time order."""
    week_end = week_start + timedelta(days=7)
    return sorted(
        (start, learner.name) for learner in learners
        for start, _ in learner.lessons if week_start <= start.date() < week_end
    )
