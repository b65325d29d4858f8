"""The review session: a decision per hunk and per line, undo/redo, statistics, saved as it goes.

Pure Python: imports neither textual nor torch. The TUI and the plain (``git add -p``-style)
interface both drive a ReviewSession and render what it says; tests drive it directly.

The units under review are the hunks of the diff in file order; ``split()`` replaces a unit by
its sub-hunks. Navigation moves a cursor and is not undoable; every change of a decision is
(undo also puts the cursor back where the change was made). Time is charged to the unit under
the cursor whenever the cursor moves or a decision is made; the clock is injectable for tests.
"""

from __future__ import annotations

import base64
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from specdraft.core.diffs import (
    EDIT_HINTS,
    FileDiff,
    Hunk,
    Selection,
    build_patch,
    edit_text,
    parse_edited_hunk,
    split_hunk,
)
from specdraft.core.errors import UserError

STATE_VERSION = 1


class Decision(str, Enum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    EDITED = "edited"  # accepted in a form the human changed (an edit, or some of its lines)


@dataclass
class HunkState:
    """One unit under review: a hunk, or a sub-hunk after a split."""

    hunk: Hunk
    decision: Decision = Decision.PENDING
    selected_lines: set[int] | None = None  # line mode: chosen change lines; None = follow decision
    edited: Hunk | None = None  # the human's version, when decision is EDITED
    seconds: float = 0.0  # time the cursor spent on this unit
    file_index: int = 0  # index into ReviewSession.files

    @property
    def id(self) -> str:
        return self.hunk.id


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

    @property
    def mean_seconds(self) -> float:
        """Mean time spent per hunk over the hunks that were looked at."""
        values = [s for s in self.seconds_per_hunk.values() if s > 0]
        return sum(values) / len(values) if values else 0.0

    def counts_text(self) -> str:
        """The decisions in words, one phrasing everywhere they are shown (the status of a quit
        question, the line a command prints when it ends): "2 accepted, 0 edited, 1 rejected, 0 undecided"."""
        return (
            f"{self.accepted} accepted, {self.edited} edited, {self.rejected} rejected, "
            f"{self.pending} undecided"
        )

    def __add__(self, other: ReviewStats) -> ReviewStats:
        """Two reviews' counts as one (rounds of a redraft, flows of a command)."""
        return ReviewStats(
            total=self.total + other.total,
            accepted=self.accepted + other.accepted,
            rejected=self.rejected + other.rejected,
            edited=self.edited + other.edited,
            pending=self.pending + other.pending,
            seconds_per_hunk={**self.seconds_per_hunk, **other.seconds_per_hunk},
        )

    def as_dict(self) -> dict:
        return {
            "total": self.total,
            "accepted": self.accepted,
            "rejected": self.rejected,
            "edited": self.edited,
            "pending": self.pending,
            "acceptance_rate": round(self.acceptance_rate, 4),
            "mean_seconds_per_hunk": round(self.mean_seconds, 3),
            "seconds_per_hunk": {k: round(v, 3) for k, v in self.seconds_per_hunk.items()},
        }


@dataclass
class _Step:
    """One undoable change: the cursor before it, and either the units' earlier decisions
    (``saved``: unit, decision, selected lines, edit) or a split (``position``, the unit and
    the parts that replaced it). Units are changed in place, so the TUI's references stay good."""

    index: int
    saved: list[tuple[HunkState, Decision, frozenset[int] | None, Hunk | None]] = field(
        default_factory=list
    )
    position: int = -1
    whole: HunkState | None = None
    parts: list[HunkState] = field(default_factory=list)
    split_done: bool = True  # for a split step: whether the parts are in ``units`` now


@dataclass(frozen=True)
class Effects:
    """What applying does with each decision, in words for the quit summary; None: no change."""

    accepted: str | None = "applied"
    rejected: str | None = None

    def describe(self, stats: ReviewStats) -> list[str]:
        """One line per decision that will change something, e.g. "2 rejected hunks: unstaged"."""
        lines = []
        for count, what, effect in (
            (stats.accepted + stats.edited, "accepted", self.accepted),
            (stats.rejected, "rejected", self.rejected),
        ):
            if count and effect:
                lines.append(f"{count} {what} hunk{'s' if count != 1 else ''}: {effect}")
        return lines


class ReviewSession:
    """Decisions over a list of FileDiffs, with a cursor; every change is undoable and saved.

    Mutating methods act on the current unit unless told otherwise, record an undo step, and
    save to ``state_path`` (under ``.git/``) when one is set. ``patch_checker``, when set, is
    called with the patch of an edit before the edit counts (it raises UserError to refuse it).
    """

    def __init__(
        self,
        files: list[FileDiff],
        *,
        source: str = "",
        state_path: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        edit_hint: str = EDIT_HINTS["stage"],
        comment: str = "#",
    ):
        self.files = files
        self.source = source
        self.state_path = state_path
        self.clock = clock
        self.edit_hint = edit_hint
        self.comment = comment  # git's comment string in the edit text (core.commentChar)
        self.patch_checker: Callable[[bytes], None] | None = None
        self.messages: list[str] = []  # things to tell the user (e.g. what --resume dropped)
        self.units: list[HunkState] = [
            HunkState(hunk=hunk, file_index=file_index)
            for file_index, file in enumerate(files)
            for hunk in file.hunks
        ]
        self.index = 0
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self._tick = clock()
        # units per decision, kept up to date by every change (counts() is O(1) where stats()
        # walks every unit); recounted whenever ``units`` was replaced or resized from outside
        self._tally: dict[Decision, int] = {}
        self._tally_of: tuple[list[HunkState] | None, int] = (None, -1)
        # id(unit) -> (unit, its part of state_text()): the saved state is written after every
        # decision, and only the units that changed since are written out again
        self._unit_texts: dict[int, tuple[HunkState, str]] = {}

    # ---------------------------------------------------------------- reading the state

    @property
    def current(self) -> HunkState | None:
        return self.units[self.index] if self.units else None

    @property
    def current_file(self) -> FileDiff | None:
        unit = self.current
        return None if unit is None else self.files[unit.file_index]

    def file_of(self, unit: HunkState) -> FileDiff:
        return self.files[unit.file_index]

    def units_of_file(self, file_index: int) -> list[HunkState]:
        return [unit for unit in self.units if unit.file_index == file_index]

    @property
    def position(self) -> tuple[int, int]:
        """(1-based index of the current unit, number of units), for a "(3/17)" display."""
        return (self.index + 1 if self.units else 0), len(self.units)

    @property
    def done(self) -> bool:
        return self.counts().pending == 0

    def can_split(self, unit: HunkState | None = None) -> bool:
        unit = unit or self.current
        return (
            unit is not None
            and unit.hunk.kind == "text"
            and unit.hunk.parent_id is None
            and unit.edited is None
            and unit.hunk.splittable_into > 1
        )

    def can_edit(self, unit: HunkState | None = None) -> bool:
        """Text hunks can be edited, except a whole-file deletion (as in git add -p)."""
        unit = unit or self.current
        return (
            unit is not None and unit.hunk.kind == "text" and self.file_of(unit).status != "deleted"
        )

    def stats(self) -> ReviewStats:
        """The counts and the time spent on each hunk (a pass over every unit)."""
        counts = {decision: 0 for decision in Decision}
        for unit in self.units:
            counts[unit.decision] += 1
        self._charge()
        return ReviewStats(
            total=len(self.units),
            accepted=counts[Decision.ACCEPTED],
            rejected=counts[Decision.REJECTED],
            edited=counts[Decision.EDITED],
            pending=counts[Decision.PENDING],
            seconds_per_hunk={unit.id: unit.seconds for unit in self.units},
        )

    def counts(self) -> ReviewStats:
        """``stats()`` without the time per hunk, in constant time: what the TUI's status bar
        shows after every key."""
        self._check_tally()
        tally = self._tally
        return ReviewStats(
            total=len(self.units),
            accepted=tally[Decision.ACCEPTED],
            rejected=tally[Decision.REJECTED],
            edited=tally[Decision.EDITED],
            pending=tally[Decision.PENDING],
        )

    def _check_tally(self) -> None:
        """Recount when ``units`` is no longer the list the tally was kept for (replaced or
        resized by a caller, e.g. ``specdraft review --only-unreviewed``)."""
        units, length = self._tally_of
        if units is not self.units or length != len(self.units):
            self._tally = {decision: 0 for decision in Decision}
            for unit in self.units:
                self._tally[unit.decision] += 1
            self._tally_of = (self.units, len(self.units))

    def _count(self, units: list[HunkState], sign: int) -> None:
        """Add (sign 1) or take away (-1) ``units`` from the tally, before and after a change."""
        tally = self._tally
        for unit in units:
            tally[unit.decision] += sign

    def _set_decision(self, units: list[HunkState], decision: Decision) -> None:
        """Decide ``units`` whole (no line choice, no edit), keeping the tally."""
        self._check_tally()
        self._count(units, -1)
        for unit in units:
            unit.decision, unit.selected_lines, unit.edited = decision, None, None
        self._count(units, 1)

    def _replace_units(self, start: int, stop: int, new_units: list[HunkState]) -> None:
        """``units[start:stop] = new_units``, keeping the tally (a split, or its undo)."""
        self._check_tally()
        self._count(self.units[start:stop], -1)
        self.units[start:stop] = new_units
        self._count(new_units, 1)
        self._tally_of = (self.units, len(self.units))

    def selection(self, *, include_pending: bool = False) -> Selection:
        """What to apply: accepted units whole, edited ones as edited or as their chosen lines."""
        chosen: dict[str, frozenset[int] | Hunk] = {}
        for unit in self.units:
            decision = unit.decision
            if decision == Decision.EDITED and unit.edited is not None:
                chosen[unit.id] = unit.edited
            elif decision == Decision.EDITED and unit.selected_lines is not None:
                chosen[unit.id] = frozenset(unit.selected_lines)
            elif decision == Decision.ACCEPTED or (
                include_pending and decision == Decision.PENDING
            ):
                chosen[unit.id] = frozenset(unit.hunk.change_indices)
        return chosen

    def rejected_selection(self) -> Selection:
        """The rejected units, whole (for unstaging or discarding them)."""
        return {
            unit.id: frozenset(unit.hunk.change_indices)
            for unit in self.units
            if unit.decision == Decision.REJECTED
        }

    def patch(self, *, reverse: bool = False) -> bytes:
        """The patch of what was accepted (``reverse``: for ``git apply -R``)."""
        return build_patch(self.files, self.selection(), reverse=reverse)

    # ---------------------------------------------------------------- growing

    def add_files(self, files: list[FileDiff]) -> None:
        """Append files, their hunks as pending units at the end; saved, not itself undoable.

        Undo and redo stay right: they act on earlier units, whose positions do not move, and
        never remove the files added. A hunk whose id is already in the session (the same path
        and change drafted twice) gets a ``-n`` suffix, so selections and saved state stay
        unambiguous. The cursor stays where it is (on the first new unit if there was none).
        """
        if not files:
            return
        taken = {unit.hunk.id for unit in self.units}
        taken.update(hunk.id for file in self.files for hunk in file.hunks)
        for file in files:
            for hunk in file.hunks:
                if hunk.id in taken:
                    base, count = hunk.id, 2
                    while f"{base}-{count}" in taken:
                        count += 1
                    hunk.id = f"{base}-{count}"
                taken.add(hunk.id)
            self.files.append(file)
            file_index = len(self.files) - 1
            end = len(self.units)
            self._replace_units(
                end, end, [HunkState(hunk=hunk, file_index=file_index) for hunk in file.hunks]
            )
        self._changed()

    # ---------------------------------------------------------------- navigation

    def go_to(self, index: int) -> None:
        if not self.units:
            return
        index = max(0, min(index, len(self.units) - 1))
        if index != self.index:
            self._charge()
            self.index = index

    def move(self, delta: int) -> None:
        self.go_to(self.index + delta)

    def first(self) -> None:
        self.go_to(0)

    def last(self) -> None:
        self.go_to(len(self.units) - 1)

    def next_pending(self) -> bool:
        """Move to the next pending unit after the cursor, wrapping; False when none is left."""
        count = len(self.units)
        for step in range(1, count + 1):
            index = (self.index + step) % count
            if self.units[index].decision == Decision.PENDING:
                self.go_to(index)
                return True
        return False

    def next_file(self) -> bool:
        unit = self.current
        if unit is None:
            return False
        for index in range(self.index + 1, len(self.units)):
            if self.units[index].file_index != unit.file_index:
                self.go_to(index)
                return True
        return False

    def prev_file(self) -> bool:
        unit = self.current
        if unit is None:
            return False
        index = self.index
        while index > 0 and self.units[index - 1].file_index == unit.file_index:
            index -= 1
        if index == 0:
            return False
        target_file = self.units[index - 1].file_index
        while index > 0 and self.units[index - 1].file_index == target_file:
            index -= 1
        self.go_to(index)
        return True

    # ---------------------------------------------------------------- decisions

    def accept(self, *, advance: bool = False) -> None:
        self._decide(self.index, Decision.ACCEPTED)
        if advance:
            self.next_pending()

    def reject(self, *, advance: bool = False) -> None:
        self._decide(self.index, Decision.REJECTED)
        if advance:
            self.next_pending()

    def reset(self) -> None:
        """Back to pending."""
        self._decide(self.index, Decision.PENDING)

    def _decide(self, index: int, decision: Decision) -> None:
        if not self.units:
            return
        unit = self.units[index]
        self._record([unit])
        self._set_decision([unit], decision)
        self._changed()

    def set_decisions(self, indices: list[int], decision: Decision) -> None:
        """Decide several units (indices into ``units``) as one undoable step."""
        if not indices:
            return
        units = [self.units[index] for index in indices]
        self._record(units)
        self._set_decision(units, decision)
        self._changed()

    def accept_rest_of_file(self) -> int:
        """Accept the current unit and every pending one after it in its file; returns how many."""
        return self._rest_of_file(Decision.ACCEPTED)

    def reject_rest_of_file(self) -> int:
        return self._rest_of_file(Decision.REJECTED)

    def _rest_of_file(self, decision: Decision) -> int:
        unit = self.current
        if unit is None:
            return 0
        targets = []
        for index in range(self.index, len(self.units)):
            other = self.units[index]
            if other.file_index != unit.file_index:
                break
            if other.decision == Decision.PENDING or other is unit:
                targets.append(other)
        self._record(targets)
        self._set_decision(targets, decision)
        self._changed()
        return len(targets)

    def split(self) -> int:
        """Split the current unit as ``git add -p``'s ``s``; returns the number of parts (0: no)."""
        unit = self.current
        if unit is None or not self.can_split(unit):
            return 0
        subs = split_hunk(unit.hunk)
        new_units = []
        for sub in subs:
            state = HunkState(hunk=sub, decision=unit.decision, file_index=unit.file_index)
            if unit.selected_lines is not None:
                chosen = {
                    i - sub.parent_offset
                    for i in unit.selected_lines
                    if sub.parent_offset <= i < sub.parent_offset + len(sub.lines)
                }
                _set_lines(state, chosen)
            new_units.append(state)
        new_units[0].seconds = unit.seconds
        self._charge()
        self._undo.append(_Step(self.index, position=self.index, whole=unit, parts=new_units))
        self._redo.clear()
        self._replace_units(self.index, self.index + 1, new_units)
        self._changed()
        return len(subs)

    def toggle_line(self, index: int) -> None:
        """Line mode: flip one change line of the current unit (index into its ``lines``).

        The first toggle starts from all lines selected (none if the unit was rejected); the
        unit becomes EDITED with a partial choice, ACCEPTED with all, REJECTED with none.
        """
        unit = self.current
        if unit is None or unit.hunk.kind != "text":
            return
        if index not in unit.hunk.change_indices:
            raise ValueError(f"line {index} is not a change line of hunk {unit.id}")
        chosen = (
            set(unit.selected_lines)
            if unit.selected_lines is not None
            else (set() if unit.decision == Decision.REJECTED else set(unit.hunk.change_indices))
        )
        chosen ^= {index}
        self.set_lines(chosen)

    def set_lines(self, indices: set[int] | frozenset[int]) -> None:
        """Line mode: choose exactly these change lines of the current unit."""
        unit = self.current
        if unit is None or unit.hunk.kind != "text":
            return
        valid = set(unit.hunk.change_indices)
        if not set(indices) <= valid:
            raise ValueError(f"not change lines of hunk {unit.id}: {sorted(set(indices) - valid)}")
        self._record([unit])
        self._check_tally()
        self._count([unit], -1)
        unit.edited = None
        _set_lines(unit, set(indices))
        self._count([unit], 1)
        self._changed()

    def edit(self, new_hunk: Hunk) -> None:
        """Accept the current unit in the human's edited form (checked first when it can be)."""
        unit = self.current
        if unit is None or not self.can_edit(unit):
            raise UserError("this hunk cannot be edited")
        if self.patch_checker is not None:
            self.patch_checker(build_patch([self.file_of(unit)], {unit.id: new_hunk}))
        self._record([unit])
        self._set_decision([unit], Decision.EDITED)
        unit.edited = new_hunk
        self._changed()

    def edit_text(self) -> bytes:
        """The text to put in the editor for the current unit (git add -p's format)."""
        unit = self.current
        if unit is None or not self.can_edit(unit):
            raise UserError("this hunk cannot be edited")
        return edit_text(unit.edited or unit.hunk, hint=self.edit_hint, comment=self.comment)

    def apply_edit_text(self, data: bytes) -> bool:
        """Read the editor's text back; False when the edit was abandoned (everything removed).

        A broken edit raises UserError with the reason and leaves the unit as it was.
        """
        unit = self.current
        if unit is None:
            return False
        new_hunk = parse_edited_hunk(data, unit.hunk, comment=self.comment)
        if new_hunk is None:
            return False
        self.edit(new_hunk)
        return True

    # ---------------------------------------------------------------- history

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._redo.append(self._invert(self._undo.pop()))
        self._save_quietly()
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self._invert(self._redo.pop()))
        self._save_quietly()
        return True

    def _invert(self, step: _Step) -> _Step:
        """Take a step back (or forward again); return the step that reverses this one."""
        self._charge()
        inverse = _Step(self.index)
        if step.whole is not None:
            size = len(step.parts)
            if step.split_done:
                self._replace_units(step.position, step.position + size, [step.whole])
            else:
                self._replace_units(step.position, step.position + 1, step.parts)
            inverse.position, inverse.whole, inverse.parts = step.position, step.whole, step.parts
            inverse.split_done = not step.split_done
        else:
            inverse.saved = [_state_of(unit) for unit, *_ in step.saved]
            self._unit_changed([unit for unit, *_ in step.saved])
            self._check_tally()
            self._count([unit for unit, *_ in step.saved], -1)
            for unit, decision, lines, edited in step.saved:
                unit.decision = decision
                unit.selected_lines = None if lines is None else set(lines)
                unit.edited = edited
            self._count([unit for unit, *_ in step.saved], 1)
        self.index = min(step.index, max(len(self.units) - 1, 0))
        return inverse

    def _record(self, units: list[HunkState]) -> None:
        """Remember the decisions of ``units`` before they change (one undo step)."""
        self._charge()
        self._unit_changed(units)
        self._undo.append(_Step(self.index, saved=[_state_of(unit) for unit in units]))
        self._redo.clear()

    def _changed(self) -> None:
        self._save_quietly()

    def _charge(self) -> None:
        now = self.clock()
        if self.units:
            unit = self.units[self.index]
            unit.seconds += max(0.0, now - self._tick)
            self._unit_changed([unit])
        self._tick = now

    # ---------------------------------------------------------------- persistence

    def state_text(self) -> str:
        """The saved state as JSON text, built unit by unit (fast: it is written on every key)."""
        split_parents = sorted({u.hunk.parent_id for u in self.units if u.hunk.parent_id})
        head = json.dumps(
            {
                "version": STATE_VERSION,
                "source": self.source,
                "cursor": self.current.id if self.current else None,
                "split": split_parents,
            }
        )
        texts = self._unit_texts
        parts = []
        for unit in self.units:
            known = texts.get(id(unit))
            if known is None or known[0] is not unit:
                known = texts[id(unit)] = (unit, _unit_json(unit))
            parts.append(known[1])
        return head[:-1] + ', "units": [' + ",".join(parts) + "]}"

    def _unit_changed(self, units) -> None:
        """Forget the saved-state text of ``units`` (their decision, lines, edit or time are
        about to change): state_text makes it again."""
        texts = self._unit_texts
        for unit in units:
            texts.pop(id(unit), None)

    def save(self) -> None:
        """Write the state atomically to ``state_path`` (nothing when there is none)."""
        if self.state_path is None:
            return
        self.state_path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.state_path.with_suffix(".tmp")
        temporary.write_text(self.state_text(), encoding="utf-8")
        os.replace(temporary, self.state_path)

    def _save_quietly(self) -> None:
        try:
            self.save()
        except OSError as error:  # a review must not die because its state could not be saved
            message = f"could not save the review state to {self.state_path}: {error}"
            if message not in self.messages:
                self.messages.append(message)

    def discard_saved(self) -> None:
        if self.state_path is not None:
            self.state_path.unlink(missing_ok=True)

    @classmethod
    def load(
        cls,
        state_path: Path,
        files: list[FileDiff],
        *,
        source: str = "",
        clock: Callable[[], float] = time.monotonic,
        edit_hint: str = EDIT_HINTS["stage"],
        comment: str = "#",
    ) -> ReviewSession:
        """Resume a saved review against the diff as it is now, matching hunks by their ids.

        Hunks of the saved review that are no longer in the diff are dropped, with a message in
        ``session.messages``; hunks that are new are pending. The cursor is on the first pending
        hunk (on the saved cursor when every hunk is decided).
        """
        try:
            data = json.loads(state_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UserError(
                f"no saved review to resume ({state_path} does not exist); "
                "run specdraft review without --resume"
            ) from None
        except (OSError, ValueError) as error:
            raise UserError(f"cannot read the saved review {state_path}: {error}") from None
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise UserError(
                f"the saved review {state_path} is from another version; start again without --resume"
            )
        session = cls(
            files,
            source=source,
            state_path=state_path,
            clock=clock,
            edit_hint=edit_hint,
            comment=comment,
        )
        for parent_id in data.get("split", []):
            for index, unit in enumerate(session.units):
                if unit.id == parent_id and session.can_split(unit):
                    subs = split_hunk(unit.hunk)
                    session.units[index : index + 1] = [
                        HunkState(hunk=sub, file_index=unit.file_index) for sub in subs
                    ]
                    break
        by_id = {unit.id: unit for unit in session.units}
        dropped = 0
        for saved in data.get("units", []):
            unit = by_id.get(saved.get("id"))
            if unit is None:
                dropped += 1
                continue
            try:
                unit.decision = Decision(saved.get("decision", "pending"))
                lines = saved.get("lines")
                if lines is not None:
                    unit.selected_lines = set(lines) & set(unit.hunk.change_indices)
                if saved.get("edited"):
                    unit.edited = parse_edited_hunk(
                        base64.b64decode(saved["edited"]), unit.hunk, comment=None
                    )
                unit.seconds = float(saved.get("seconds", 0.0))
            except (ValueError, UserError, TypeError):
                unit.decision, unit.selected_lines, unit.edited = Decision.PENDING, None, None
            if (
                unit.decision == Decision.EDITED
                and unit.edited is None
                and unit.selected_lines is None
            ):
                unit.decision = Decision.PENDING
        if dropped:
            many = dropped != 1
            session.messages.append(
                f"{dropped} hunk{'s' if many else ''} from the saved review "
                f"{'are' if many else 'is'} no longer in the diff; "
                f"{'their decisions were' if many else 'its decision was'} dropped"
            )
        # go on at the first undecided hunk; with none left, where the cursor was
        pending = [i for i, unit in enumerate(session.units) if unit.decision == Decision.PENDING]
        cursor = data.get("cursor")
        saved = [i for i, unit in enumerate(session.units) if unit.id == cursor]
        if pending or saved:
            session.index = (pending or saved)[0]
        session._tally_of = (None, -1)  # decisions were set above, unit by unit: recount
        session._unit_texts.clear()  # and their texts made again
        return session


_DECISION_TEXT = {decision: decision.value for decision in Decision}


def _state_of(unit: HunkState) -> tuple[HunkState, Decision, frozenset[int] | None, Hunk | None]:
    lines = None if unit.selected_lines is None else frozenset(unit.selected_lines)
    return unit, unit.decision, lines, unit.edited


def _unit_json(unit: HunkState) -> str:
    lines = "null" if unit.selected_lines is None else json.dumps(sorted(unit.selected_lines))
    edited = (
        "null"
        if unit.edited is None
        else '"' + base64.b64encode(unit.edited.patch_bytes()).decode() + '"'
    )
    return (
        f'{{"id": {json.dumps(unit.hunk.id)}, "decision": "{_DECISION_TEXT[unit.decision]}", '
        f'"lines": {lines}, "edited": {edited}, "seconds": {round(unit.seconds, 3)!r}}}'
    )


def _set_lines(unit: HunkState, chosen: set[int]) -> None:
    """Set a line choice and the decision it amounts to."""
    every = set(unit.hunk.change_indices)
    if chosen == every:
        unit.decision, unit.selected_lines = Decision.ACCEPTED, None
    elif not chosen:
        unit.decision, unit.selected_lines = Decision.REJECTED, None
    else:
        unit.decision, unit.selected_lines = Decision.EDITED, chosen
