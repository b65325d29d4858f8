from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from typing import Dict, Iterable, List, Set, Tuple

PERIODS_PER_DAY = 6
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri")
MAX_TEACHING_PERIODS = 25
LAB_SUBJECTS = frozenset({"chemistry", "physics", "biology"})


@dataclass(frozen=True)
class Lesson:
    day: str
    period: int
    subject: str
    teacher: str
    room: str
    group: str


def _slot(lesson: Lesson) -> Tuple[str, int]:
    return lesson.day, lesson.period


def clashes(lessons: Iterable[Lesson]) -> List[str]:
    """Describe every double-booked teacher, room or teaching group."""
    by_slot: Dict[Tuple[str, int], List[Lesson]] = defaultdict(list)
    for lesson in lessons:
        by_slot[_slot(lesson)].append(lesson)
    problems: List[str] = []
    for (day, period), booked in sorted(by_slot.items(), key=lambda kv: (DAYS.index(kv[0][0]), kv[0][1])):
        for a, b in combinations(booked, 2):
            for attribute in ("teacher", "room", "group"):
                if getattr(a, attribute) == getattr(b, attribute):
                    problems.append(f"{day} P{period}: {attribute} {getattr(a, attribute)} "
                                    f"has {a.subject} and {b.subject}")
    return problems


def lab_violations(lessons: Iterable[Lesson], labs: Set[str]) -> List[Lesson]:
    return [l for l in lessons if l.subject in LAB_SUBJECTS and l.room not in labs]


def overloaded_teachers(lessons: Iterable[Lesson], limit: int = MAX_TEACHING_PERIODS) -> Dict[str, int]:
    load: Dict[str, int] = defaultdict(int)
    for lesson in lessons:
        load[lesson.teacher] += 1
    return {teacher: count for teacher, count in load.items() if count > limit}


def free_periods(lessons: Iterable[Lesson], teacher: str, *, day: str | None = None) -> List[Tuple[str, int]]:
    """Periods where ``teacher`` has nothing timetabled."""
    taken = {_slot(l) for l in lessons if l.teacher == teacher}
    days = [day] if day else list(DAYS)
    return [(d, p) for d in days for p in range(1, PERIODS_PER_DAY + 1) if (d, p) not in taken]


def check_timetable(lessons: List[Lesson], labs: Set[str]) -> bool:
    """True when the timetable has no clashes, lab problems or overloads."""
    problems = clashes(lessons)
    problems += [f"{l.subject} for {l.group} not in a lab ({l.room})" for l in lab_violations(lessons, labs)]
    problems += [f"{t} teaches {n} periods" for t, n in overloaded_teachers(lessons).items()]
    return not problems
