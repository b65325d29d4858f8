"""A bouldering gym's logbook: problems on the walls, sends, grade points, punch passes, a monthly ranking."""

import json
import logging
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

logger = logging.getLogger(__name__)

GRADES = ["VB", "V0", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9", "V10"]
FLASH_BONUS = 1.2
PUNCH_PASS_VISITS = 10
RESET_AFTER_DAYS = 42
TOP_N = 5
LOGBOOK_FILE = "logbook.json"


def grade_points(grade, base=10):
    return base * (GRADES.index(grade) + 1)


@dataclass
class Problem:
    code: str
    grade: str
    wall: str
    colour: str
    set_on: date

    def due_for_reset(self, today=None, max_age=RESET_AFTER_DAYS):
        return ((today or date.today()) - self.set_on).days >= max_age


@dataclass
class Ascent:
    member: str
    problem_code: str
    when: datetime
    attempts: int = 1

    @property
    def flashed(self):
        return self.attempts == 1


@dataclass
class Member:
    name: str
    visits_left: int = 0

    def check_in(self):
        if self.visits_left <= 0:
            raise ValueError(f"{self.name} has no visits left")
        self.visits_left -= 1
        return self.visits_left

    def buy_pass(self, visits=PUNCH_PASS_VISITS):
        self.visits_left += visits


class Gym:
    def __init__(self, name):
        self.name = name
        self.problems: dict[str, Problem] = {}
        self.members: dict[str, Member] = {}
        self.ascents: list[Ascent] = []

    def set_problem(self, code, grade, wall, colour, set_on=None):
        problem = Problem(code, grade, wall, colour, set_on or date.today())
        self.problems[code] = problem
        return problem

    def join(self, name, visits=0):
        member = Member(name, visits)
        self.members[name] = member
        return member

    def log_ascent(self, member_name, code, attempts=1, when=None):
        if code not in self.problems:
            raise KeyError(code)
        ascent = Ascent(member_name, code, when or datetime.now(), attempts)
        self.ascents.append(ascent)
        return ascent

    def score(self, member_name, month=None):
        """Points for a member's best send of each problem; flashes count extra."""
        best = {}
        for ascent in self.ascents:
            if ascent.member != member_name:
                continue
            if month and ascent.when.strftime("%Y-%m") != month:
                continue
            points = grade_points(self.problems[ascent.problem_code].grade)
            if ascent.flashed:
                points *= FLASH_BONUS
            best[ascent.problem_code] = max(best.get(ascent.problem_code, 0), points)
        return round(sum(best.values()), 1)

    def ranking(self, month=None, top=TOP_N):
        scores = sorted(((self.score(name, month), name) for name in self.members), reverse=True)
        return scores[:top]

    def stale_problems(self, today=None):
        return [problem for problem in self.problems.values() if problem.due_for_reset(today)]


def hardest_send(gym, member_name):
    best = None
    for ascent in gym.ascents:
        grade = gym.problems[ascent.problem_code].grade
        if ascent.member == member_name and (best is None or GRADES.index(grade) > GRADES.index(best)):
            best = grade
    return best


def save_logbook(gym, path=LOGBOOK_FILE):
    rows = [
        {"member": a.member, "problem": a.problem_code, "when": a.when.isoformat(), "attempts": a.attempts}
        for a in gym.ascents
    ]
    Path(path).write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return len(rows)


def load_logbook(gym, path=LOGBOOK_FILE):
    rows = json.loads(Path(path).read_text(encoding="utf-8"))
    for row in rows:
        gym.log_ascent(row["member"], row["problem"], row["attempts"], datetime.fromisoformat(row["when"]))
    logger.info("loaded %d ascents into %s", len(rows), gym.name)
    return len(rows)


def print_ranking(gym, month=None):
    for place, (score, name) in enumerate(gym.ranking(month), start=1):
        print(f"{place:>2}. {name:<16} {score:>7.1f}")
