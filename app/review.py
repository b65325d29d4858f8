"""The review session: a decision per hunk and per line, undo/redo, statistics, saved as it goes.

Pure Python: imports neither textual nor torch. The TUI and the plain (``git add -p``-style)
interface both drive a ReviewSession and render what it says; tests drive it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from app.diffs import FileDiff, Hunk, Selection


class Decision(str, Enum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    EDITED = "edited"  # accepted in a form the human changed


@dataclass
class HunkState:
    """One unit under review: a hunk, or a sub-hunk after a split."""

    hunk: Hunk
    decision: Decision = Decision.PENDING
    selected_lines: set[int] | None = None  # line mode: chosen change lines; None = follow decision
    edited: Hunk | None = None  # the human's version, when decision is EDITED
    seconds: float = 0.0  # time the cursor spent on this unit


@dataclass
class ReviewStats:
    total: int
    accepted: int
    rejected: int
    edited: int
    pending: int
    seconds_per_hunk: dict[str, float] = field(default_factory=dict)

    @property
    def decided(self) -> int:
        return self.total - self.pending

    @property
    def acceptance_rate(self) -> float:
        """Accepted (edited included) over decided; 0.0 before any decision."""
        decided = self.decided
        return (self.accepted + self.edited) / decided if decided else 0.0


class ReviewSession:
    """Decisions over a list of FileDiffs, with a cursor; every change is undoable and saved.

    Mutating methods act on the current unit unless told otherwise, record an undo step, and
    save to ``state_path`` (under ``.git/``) when one is set.
    """

    def __init__(self, files: list[FileDiff], *, source: str = "", state_path: Path | None = None):
        raise NotImplementedError

    # navigation: index, current, move(delta), next_pending(), next_file(), prev_file(), first(), last()
    # decisions: accept(), reject(), accept_rest_of_file(), reject_rest_of_file(),
    #            split(), toggle_line(index), edit(new_hunk)
    # history:   undo(), redo()
    # results:   stats() -> ReviewStats, selection() -> Selection, rejected_selection() -> Selection
    # persistence: save(), ReviewSession.load(state_path, files) for --resume
