"""Handicap records for the golf club's members.

Follows the shape of the World Handicap System closely enough for the
club's own competitions: score differentials from adjusted gross scores,
an index from the best of the most recent twenty, and course handicaps
for each set of tees.
"""

import logging
import statistics
from collections import deque, namedtuple
from dataclasses import dataclass, field
from datetime import date
from typing import Optional

logger = logging.getLogger(__name__)

MAX_INDEX = 54.0
SCORES_CONSIDERED = 20
STANDARD_SLOPE = 113
NET_DOUBLE_BOGEY = 2
ALLOWANCE_INDIVIDUAL_STROKEPLAY = 0.95
BEST_OF = {3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3, 11: 3, 12: 4,
           13: 4, 14: 4, 15: 5, 16: 5, 17: 6, 18: 6, 19: 7, 20: 8}
LOW_INDEX_CAP_SOFT = 3.0
LOW_INDEX_CAP_HARD = 5.0


TeeRating = namedtuple("TeeRating", "tees course_rating slope par hole_pars stroke_index")


@dataclass
class Round:
    played_on: date
    tees: str
    hole_scores: list
    competition: bool = False
    differential: Optional[float] = None


@dataclass
class Member:
    number: str
    name: str
    index: float = MAX_INDEX
    rounds: deque = field(default_factory=lambda: deque(maxlen=SCORES_CONSIDERED))
    low_index: Optional[float] = None

    def __str__(self):
        return f"{self.name} ({self.number}) index {self.index:.1f}"


def course_handicap(index, rating: TeeRating):
    value = index * rating.slope / STANDARD_SLOPE + (rating.course_rating - rating.par)
    return round(value)


def playing_handicap(index, rating, allowance=ALLOWANCE_INDIVIDUAL_STROKEPLAY):
    return round(course_handicap(index, rating) * allowance)


def strokes_on_hole(handicap, stroke_index):
    """Number of shots a player receives on a hole with the given stroke index."""
    if handicap <= 0:
        return 0
    full, extra = divmod(handicap, 18)
    return full + (1 if stroke_index <= extra else 0)


def adjusted_gross(hole_scores, rating, handicap):
    total = 0
    for score, par, stroke_index in zip(hole_scores, rating.hole_pars, rating.stroke_index):
        if score is None:
            score = par + NET_DOUBLE_BOGEY + strokes_on_hole(handicap, stroke_index)
        limit = par + NET_DOUBLE_BOGEY + strokes_on_hole(handicap, stroke_index)
        total += min(score, limit)
    return total


def score_differential(adjusted, rating, pcc=0):
    value = (adjusted - rating.course_rating - pcc) * STANDARD_SLOPE / rating.slope
    return round(value, 1)


def stableford_points(hole_scores, rating, handicap):
    """Two points for a net par, one more for each shot better, none for a blob."""
    points = 0
    for score, par, stroke_index in zip(hole_scores, rating.hole_pars, rating.stroke_index):
        if score is None:
            continue
        net = score - strokes_on_hole(handicap, stroke_index)
        points += max(0, 2 + par - net)
    return points


def _apply_caps(new_index, low_index):
    if low_index is None:
        return new_index
    rise = new_index - low_index
    if rise > LOW_INDEX_CAP_SOFT:
        rise = LOW_INDEX_CAP_SOFT + (rise - LOW_INDEX_CAP_SOFT) / 2
    rise = min(rise, LOW_INDEX_CAP_HARD)
    return round(low_index + rise, 1)


def calculate_index(differentials, low_index=None):
    count = len(differentials)
    if count < 3:
        return None
    best = sorted(differentials)[:BEST_OF[min(count, SCORES_CONSIDERED)]]
    raw = statistics.mean(best)
    if count == 3:
        raw -= 2.0
    elif count in (4, 6):
        raw -= 1.0
    raw = min(round(raw, 1), MAX_INDEX)
    return _apply_caps(raw, low_index)


class HandicapCommittee:
    def __init__(self, ratings):
        self.ratings = {rating.tees: rating for rating in ratings}
        self.members = {}

    def join(self, number, name, initial_index=MAX_INDEX):
        member = Member(number, name, index=initial_index)
        self.members[number] = member
        return member

    def submit(self, number, played_on, tees, hole_scores, *, competition=False, pcc=0):
        member = self.members[number]
        rating = self.ratings[tees]
        if len(hole_scores) != len(rating.hole_pars):
            raise ValueError(f"expected {len(rating.hole_pars)} holes, got {len(hole_scores)}")
        handicap = course_handicap(member.index, rating)
        adjusted = adjusted_gross(hole_scores, rating, handicap)
        round_ = Round(played_on, tees, list(hole_scores), competition=competition)
        round_.differential = score_differential(adjusted, rating, pcc=pcc)
        member.rounds.append(round_)
        self.revise(member)
        return round_

    def revise(self, member):
        differentials = [r.differential for r in member.rounds if r.differential is not None]
        new_index = calculate_index(differentials, member.low_index)
        if new_index is None:
            return member.index
        if new_index != member.index:
            logger.info("%s: index %.1f -> %.1f", member.name, member.index, new_index)
        member.index = new_index
        if member.low_index is None or new_index < member.low_index:
            member.low_index = new_index
        return new_index

    def start_sheet(self, tees, member_numbers):
        rating = self.ratings[tees]
        sheet = []
        for number in member_numbers:
            member = self.members.get(number)
            if member is None:
                logger.warning("unknown member %s left off the start sheet", number)
                continue
            sheet.append((member.name, member.index, playing_handicap(member.index, rating)))
        return sorted(sheet, key=lambda entry: entry[2])

    def net_scores(self, tees, cards):
        """Net totals for a stroke play competition, lowest first."""
        rating = self.ratings[tees]
        results = []
        for number, hole_scores in cards.items():
            member = self.members[number]
            if any(score is None for score in hole_scores):
                results.append((member.name, None))
                continue
            net = sum(hole_scores) - playing_handicap(member.index, rating)
            results.append((member.name, net))
        finished = sorted((r for r in results if r[1] is not None), key=lambda r: r[1])
        return finished + [r for r in results if r[1] is None]

    def stableford_results(self, tees, cards, allowance=ALLOWANCE_INDIVIDUAL_STROKEPLAY):
        rating = self.ratings[tees]
        results = []
        for number, hole_scores in cards.items():
            member = self.members[number]
            handicap = playing_handicap(member.index, rating, allowance=allowance)
            results.append((member.name, stableford_points(hole_scores, rating, handicap)))
        return sorted(results, key=lambda r: r[1], reverse=True)
