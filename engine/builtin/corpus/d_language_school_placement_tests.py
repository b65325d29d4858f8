"""Placement test marking for new students at the language school."""
import re
from dataclasses import dataclass, field
from typing import Dict, List

PASS_MARKS = {"A1": 0, "A2": 20, "B1": 40, "B2": 60, "C1": 78, "C2": 92}
SECTION_WEIGHTS = {"grammar": 0.4, "reading": 0.3, "listening": 0.3}
ORAL_ADJUSTMENT = 5
MAX_CLASS_SIZE = 14
ANSWER_PATTERN = re.compile(r"^\s*(\d+)\s*[.)]\s*([a-dA-D])\s*$")


@dataclass
class Candidate:
    name: str
    first_language: str
    scores: Dict[str, float] = field(default_factory=dict)
    oral_band: int = 0

    def weighted_score(self) -> float:
        total = 0.0
        for section, weight in SECTION_WEIGHTS.items():
            total += self.scores.get(section, 0.0) * weight
        return total


def parse_answers(sheet_text):
    answers = {}
    for line in sheet_text.splitlines():
        match = ANSWER_PATTERN.match(line)
        if match:
            answers[int(match.group(1))] = match.group(2).lower()
    return answers


def mark_section(answers, key, out_of=100):
    if not key:
        return 0.0
    correct = sum(1 for number, letter in key.items() if answers.get(number) == letter)
    return round(correct / len(key) * out_of, 1)


def level_for(score: float, oral_band: int = 0) -> str:
    """Map a weighted score to a CEFR level, nudged by the oral interview."""
    adjusted = score + (oral_band - 2) * ORAL_ADJUSTMENT
    level = "A1"
    for name, threshold in PASS_MARKS.items():
        if adjusted >= threshold:
            level = name
    return level


def place_students(candidates: List[Candidate], *, class_size: int = MAX_CLASS_SIZE):
    classes: Dict[str, List[List[str]]] = {}
    ranked = sorted(candidates, key=lambda c: c.weighted_score(), reverse=True)
    for candidate in ranked:
        level = level_for(candidate.weighted_score(), oral_band=candidate.oral_band)
        groups = classes.setdefault(level, [[]])
        if len(groups[-1]) >= class_size:
            groups.append([])
        groups[-1].append(candidate.name)
    return classes
