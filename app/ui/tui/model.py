"""What the TUI needs to know about a ReviewSession, computed cheaply: units per file, progress.

The one module of the TUI that reads the session's structure; widgets ask it, never the
session directly, so a session that grows (drafting adds files) only means ``rebuild()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from specdraft.core.diffs import FileDiff
from specdraft.core.session import Decision, HunkState, ReviewSession

MARKS = {
    Decision.PENDING: "·",
    Decision.ACCEPTED: "✓",
    Decision.REJECTED: "✗",
    Decision.EDITED: "✎",
}


@dataclass(frozen=True)
class FileProgress:
    decided: int
    total: int
    marks: str  # one mark per unit, in order


class SessionView:
    """Index of a session's units by file; rebuilt when units are split or added."""

    def __init__(self, session: ReviewSession) -> None:
        self.session = session
        self.file_of_unit: list[int] = []
        self.units_of_file: list[list[int]] = []
        self.rebuild()

    @property
    def files(self) -> list[FileDiff]:
        return self.session.files

    @property
    def units(self) -> list[HunkState]:
        return self.session.units

    @property
    def index(self) -> int:
        return self.session.index

    @property
    def current(self) -> HunkState | None:
        return self.session.current if self.units else None

    def rebuild(self) -> None:
        """Recompute which units each file has (after a split, or when the session grew)."""
        self.units_of_file = [[] for _ in self.files]
        self.file_of_unit = []
        for unit_index, unit in enumerate(self.units):
            self.file_of_unit.append(unit.file_index)
            self.units_of_file[unit.file_index].append(unit_index)

    def stale(self) -> bool:
        """True when the session's units or files changed since ``rebuild`` (split, undo, growth)."""
        if len(self.units) != len(self.file_of_unit) or len(self.files) != len(self.units_of_file):
            return True
        return False

    @property
    def unit_count(self) -> int:
        return len(self.file_of_unit)

    def current_file_index(self) -> int:
        return self.file_of_unit[self.index] if self.file_of_unit else 0

    def position_in_file(self) -> tuple[int, int]:
        """(1-based position of the current unit in its file, units in the file)."""
        units = self.units_of_file[self.current_file_index()] if self.units_of_file else []
        return (units.index(self.index) + 1 if self.index in units else 0), len(units)

    def all_progress(self, max_marks: int = 12) -> list[FileProgress]:
        """Progress of every file in one pass over the units (cheap enough for every key)."""
        decided = [0] * len(self.files)
        totals = [0] * len(self.files)
        marks: list[list[str]] = [[] for _ in self.files]
        for unit in self.units:
            index = unit.file_index
            totals[index] += 1
            decided[index] += unit.decision is not Decision.PENDING
            if len(marks[index]) <= max_marks:
                marks[index].append(MARKS[unit.decision])
        result = []
        for index in range(len(self.files)):
            shown = "".join(marks[index][:max_marks])
            if totals[index] > max_marks:
                shown += "…"
            result.append(FileProgress(decided=decided[index], total=totals[index], marks=shown))
        return result

    def file_progress(self, file_index: int, max_marks: int = 12) -> FileProgress:
        """One file's progress, as ``all_progress`` gives it, from that file's units only."""
        units = self.units
        decisions = [units[unit_index].decision for unit_index in self.units_of_file[file_index]]
        shown = "".join(MARKS[decision] for decision in decisions[:max_marks])
        if len(decisions) > max_marks:
            shown += "…"
        decided = sum(decision is not Decision.PENDING for decision in decisions)
        return FileProgress(decided=decided, total=len(decisions), marks=shown)

    def selected_lines(self, unit: HunkState) -> frozenset[int]:
        """The change lines line mode shows as selected for a unit."""
        if unit.selected_lines is not None:
            return frozenset(unit.selected_lines)
        # As toggle_line starts: every line, unless the unit was rejected.
        if unit.decision is Decision.REJECTED:
            return frozenset()
        return frozenset(unit.hunk.change_indices)
