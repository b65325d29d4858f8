"""Pub quiz scoring: rounds of questions, team answer sheets, jokers, and a leaderboard."""

import json
import logging
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

POINTS_PER_ANSWER = 1
JOKER_MULTIPLIER = 2
SPEED_BONUS = 0.5
MAX_TEAM_SIZE = 6
ANSWER_SEPARATORS = ("/", ";")


def normalise(text):
    """Lower-case, strip accents and every "the ", and collapse the spaces."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.lower().replace("the ", "").split())


def accepted_answers(raw, separators=ANSWER_SEPARATORS):
    answers = [raw]
    for separator in separators:
        answers = [part for answer in answers for part in answer.split(separator)]
    return {normalise(answer) for answer in answers if answer.strip()}


@dataclass
class Question:
    number: int
    prompt: str
    answer: str
    points: float = POINTS_PER_ANSWER

    def is_correct(self, given):
        return normalise(given) in accepted_answers(self.answer)


@dataclass
class Round:
    title: str
    questions: list = field(default_factory=list)

    def max_points(self):
        return sum(question.points for question in self.questions)


@dataclass
class Team:
    name: str
    members: list = field(default_factory=list)
    joker_round: str = ""

    def join(self, player):
        if len(self.members) >= MAX_TEAM_SIZE:
            raise ValueError(f"{self.name} already has {MAX_TEAM_SIZE} players")
        self.members.append(player)


class Quiz:
    def __init__(self, name, rounds):
        self.name = name
        self.rounds = {r.title: r for r in rounds}
        self.teams = {}
        self.scores = {}
        self.finished = False

    def register(self, team):
        if team.name in self.teams:
            raise ValueError(f"team name {team.name!r} is taken")
        self.teams[team.name] = team
        self.scores[team.name] = {}

    def mark_round(self, title, team_name, answers, first_in=False):
        quiz_round = self.rounds[title]
        team = self.teams[team_name]
        score = 0.0
        for question in quiz_round.questions:
            given = answers.get(question.number, "")
            if question.is_correct(given):
                score += question.points
        if first_in and score == quiz_round.max_points():
            score += SPEED_BONUS
        if team.joker_round == title:
            score *= JOKER_MULTIPLIER
        self.scores[team_name][title] = score
        return score

    def team_total(self, team_name):
        return sum(self.scores[team_name].values())

    def leaderboard(self):
        totals = [(self.team_total(name), name) for name in self.teams]
        totals.sort(key=lambda pair: (-pair[0], pair[1]))
        return [(name, total) for total, name in totals]


def load_quiz(path, name=None):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    rounds = []
    for entry in data["rounds"]:
        questions = [Question(i, q["prompt"], q["answer"]) for i, q in enumerate(entry["questions"], 1)]
        rounds.append(Round(entry["title"], questions))
    return Quiz(name or data.get("name", Path(path).stem), rounds)


def announce(quiz, top=3, verbose=False):
    lines = [f"Results of {quiz.name}"]
    for place, (team, total) in enumerate(quiz.leaderboard()[:top], start=1):
        lines.append(f"{place}. {team} - {total:g} points")
    logger.info("announced %d teams for %s", len(lines) - 1, quiz.name)
    return "\n".join(lines)


def announce_to_file(quiz, path, top=3):
    Path(path).write_text(announce(quiz, top=top) + "\n", encoding="utf-8")
    return path
