"""Score sheets for target archery rounds shot at the club range."""

import statistics
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

ARROWS_PER_END = 6
MAX_ARROW_SCORE = 10
ROUNDS: Dict[str, Tuple[Tuple[int, int], ...]] = {
    # name: ((distance in metres, dozens of arrows), ...)
    "Portsmouth": ((18, 5),),
    "WA 70": ((70, 6),),
    "National": ((55, 4), (46, 2)),
    "Windsor": ((55, 3), (46, 3), (37, 3)),
}
VALID_MARKS = {"X", "M"} | {str(n) for n in range(1, MAX_ARROW_SCORE + 1)}
CLASSIFICATION_THRESHOLDS = (("Bowman 1st", 0.82), ("Archer 1st", 0.7), ("Archer 2nd", 0.58))


def arrow_value(mark: str) -> int:
    """Convert a score sheet mark (X, 10..1, M) to points."""
    mark = mark.strip().upper()
    if mark not in VALID_MARKS:
        raise ValueError(f"{mark!r} is not a valid arrow score")
    if mark == "X":
        return MAX_ARROW_SCORE
    if mark == "M":
        return 0
    return int(mark)


@dataclass
class End:
    """Six arrows shot and scored together."""
    marks: List[str]

    def __post_init__(self) -> None:
        if len(self.marks) != ARROWS_PER_END:
            raise ValueError(f"an end is {ARROWS_PER_END} arrows, got {len(self.marks)}")
        # score sheets list arrows highest first
        self.marks.sort(key=lambda m: (m.upper() != "X", -arrow_value(m)))

    @property
    def total(self) -> int:
        return sum(arrow_value(m) for m in self.marks)

    @property
    def hits(self) -> int:
        return sum(1 for m in self.marks if m.upper() != "M")

    @property
    def golds(self) -> int:
        """Arrows in the gold (9 or 10), used as a tie-break."""
        return sum(1 for m in self.marks if arrow_value(m) >= 9)


@dataclass
class ScoreSheet:
    archer: str
    round_name: str
    bow_style: str = "recurve"
    ends: List[End] = field(default_factory=list)

    @property
    def arrows_expected(self) -> int:
        """Total arrows for the round, from its dozens at each distance."""
        return sum(dozens * 12 for _, dozens in ROUNDS[self.round_name])

    def add_end(self, marks: Sequence[str]) -> End:
        if len(self.ends) * ARROWS_PER_END >= self.arrows_expected:
            raise ValueError("round already complete")
        end = End(list(marks))
        self.ends.append(end)
        return end

    @property
    def complete(self) -> bool:
        return len(self.ends) * ARROWS_PER_END == self.arrows_expected

    def totals(self) -> Dict[str, int]:
        """Score, hits, golds and Xs for the sheet so far."""
        return {
            "score": sum(e.total for e in self.ends),
            "hits": sum(e.hits for e in self.ends),
            "golds": sum(e.golds for e in self.ends),
            "xs": sum(m.upper() == "X" for e in self.ends for m in e.marks),
        }

    def running_totals(self) -> List[int]:
        running, out = 0, []
        for end in self.ends:
            running += end.total
            out.append(running)
        return out


def classification(sheet: ScoreSheet) -> Optional[str]:
    """Club classification earned, or None if the round is incomplete."""
    if not sheet.complete:
        return None
    ratio = sheet.totals()["score"] / (sheet.arrows_expected * MAX_ARROW_SCORE)
    for name, threshold in CLASSIFICATION_THRESHOLDS:
        if ratio >= threshold:
            return name
    return "Unclassified"


def rank_sheets(sheets: List[ScoreSheet]) -> List[Tuple[int, str, int]]:
    """Rank by score, then hits, then golds, as the club rules say."""
    keyed = sorted(
        sheets,
        key=lambda s: (-s.totals()["score"], -s.totals()["hits"], -s.totals()["golds"]),
    )
    return [(pos, s.archer, s.totals()["score"]) for pos, s in enumerate(keyed, start=1)]


def end_consistency(sheet: ScoreSheet, *, ignore_first: bool = True) -> float:
    """Standard deviation of end totals; lower means steadier shooting.

    The first end is ignored by default as a sighter.
    """
    ends = sheet.ends[1:] if ignore_first and len(sheet.ends) > 2 else sheet.ends
    if len(ends) < 2:
        return 0.0
    return round(statistics.stdev(e.total for e in ends), 2)
