"""A course grade book: weighted categories, late penalties, letter grades and a class report."""

import statistics
from collections import Counter
from dataclasses import dataclass

CATEGORY_WEIGHTS = {"homework": 0.3, "quiz": 0.2, "exam": 0.5}
LETTER_CUTOFFS = ((90, "A"), (80, "B"), (70, "C"), (60, "D"))
FAILING_LETTER = "F"
LATE_PENALTY_PER_DAY = 0.05
MAX_LATE_DAYS = 5


@dataclass
class Assignment:
    title: str
    category: str
    points: float

    def percent(self, score):
        return 100 * score / self.points


def late_adjusted(score, days_late):
    return score * max(0.0, 1 - LATE_PENALTY_PER_DAY * days_late)


def letter_for(percent):
    for cutoff, letter in LETTER_CUTOFFS:
        if percent >= cutoff:
            return letter
    return FAILING_LETTER


class Student:
    def __init__(self, student_id: str, name: str):
        self.student_id = student_id
        self.name = name
        self.scores = {}

    def record(self, assignment, score, days_late=0):
        if days_late > MAX_LATE_DAYS:
            score = 0
        else:
            score = late_adjusted(score, days_late)
        self.scores[assignment.title] = (assignment, score)

    def category_average(self, category):
        marks = [a.percent(s) for a, s in self.scores.values() if a.category == category]
        if not marks:
            return None
        return sum(marks) / len(marks)

    def final_percent(self):
        """Weighted average of the graded categories, as a percent."""
        total = 0.0
        used = 0.0
        for category, weight in CATEGORY_WEIGHTS.items():
            average = self.category_average(category)
            if average is None:
                continue
            total += average * weight
            used += weight
        return total / used if used else 0.0


class GradeBook:
    def __init__(self, course, assignments=()):
        self.course = course
        self.assignments = {a.title: a for a in assignments}
        self.students: dict[str, Student] = {}

    def enroll(self, student_id, name):
        student = Student(student_id, name)
        self.students[student_id] = student
        return student

    def grade(self, student_id, title, score, days_late=0):
        assignment = self.assignments[title]
        if score > assignment.points:
            raise ValueError(f"{title} is out of {assignment.points} points")
        self.students[student_id].record(assignment, score, days_late)

    def missing(self, student_id):
        done = self.students[student_id].scores
        return [title for title in self.assignments if title not in done]

    def letters(self) -> dict[str, str]:
        return {sid: letter_for(s.final_percent()) for sid, s in self.students.items()}

    def distribution(self):
        return dict(Counter(self.letters().values()))


def class_report(book, precision=1):
    percents = [s.final_percent() for s in book.students.values()]
    lines = [f"{book.course}: {len(percents)} students"]
    if percents:
        mean, median = statistics.mean(percents), statistics.median(percents)
        lines.append(f"mean {mean:.{precision}f}, median {median:.{precision}f}")
    for student in sorted(book.students.values(), key=lambda s: s.name):
        percent = student.final_percent()
        lines.append(f"{student.name:<24} {percent:6.{precision}f}  {letter_for(percent)}")
    return "\n".join(lines)
