"""The edit flow as review rounds: draft, review, redraft with the human's correction, over an in-memory base.

Pure Python at import (no torch, no textual); the drafts come from an EditRequester (requests.py).

* ``EditFlow``: the feedback loop as rounds. Each round is a ReviewSession over the diff from
  the current *base* (the original files plus every hunk accepted in earlier rounds, held in
  memory) to that round's draft. ``redraft(note)`` sends the human's correction (the rejected
  hunks with the note, the edited hunks as they were edited) back to the model and drafts the
  files that still have rejected or undecided hunks; its hunks are new (``Round.redraft``).
  Accepted lines are never redrafted: a new hunk that would change them is dropped, and said so.
  ``redraft(from_disk={path: bytes})`` (R on a stale file) first makes the file as it is now
  that file's original and base (what was accepted in it is dropped: it no longer fits), then
  redrafts it together with the other files' rejected and undecided hunks: nothing is lost.
  ``final_edits()`` is original → base, for the caller to apply through git's checked apply.
* For a review shown while the draft streams (the TUI): ``start()`` makes an empty first round
  (``start_redraft(note)`` an empty redraft) and ``stream_into(round, on_grew)`` adds each
  file's hunks to its session as soon as that file's edit is complete (``EditRequester.on_result``).
* A redraft that gives back a hunk the human rejected, unchanged, lists it in ``Round.repeats``:
  the model did not follow the note, and the interfaces say so (and suggest editing the hunk).
* ``stats()``: the counts over every round, the one source for every summary (the quit question,
  the status bar, the line printed at the end, the commit's trailers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path

from specdraft.core.diffs import EDIT_HINTS, FileDiff, Hunk, build_patch, parse_diff
from specdraft.core.errors import UserError
from specdraft.core.session import Decision, ReviewSession, ReviewStats
from specdraft.drafting.edits import (
    EditFailure,
    EditResult,
    FileEdit,
    to_file_diffs,
)
from specdraft.drafting.edits.paths import content_hash
from specdraft.drafting.requests import DraftedEdits, EditRequester, SourceFile, feedback_text

# ---------------------------------------------------------------------------------------------
# patches applied in memory (the base of the next round)


def apply_in_memory(
    texts: Mapping[str, bytes | None], patch: bytes
) -> tuple[dict[str, bytes | None], dict[str, list[tuple[int, int]]]]:
    """``texts`` with ``patch`` applied; also, per file, the 0-based line ranges of its added lines.

    Hunks are located by their old line numbers and checked line by line (UserError when the
    patch does not fit), as ``git apply`` without fuzz would.
    """
    out = dict(texts)
    written: dict[str, list[tuple[int, int]]] = {}
    for file in parse_diff(patch):
        path = file.old_path or file.new_path or ""
        old = out.get(path)
        if file.status == "deleted":
            out[file.old_path or path] = None
            continue
        old_lines = (old or b"").splitlines(keepends=True)
        new_lines: list[bytes] = []
        ranges: list[tuple[int, int]] = []
        cursor = 0
        for hunk in file.hunks:
            if hunk.kind != "text":
                continue
            start = hunk.old_start - 1 if hunk.old_count else hunk.old_start
            if start < cursor or start > len(old_lines):
                raise UserError(f"{path}: the change does not fit the file at line {hunk.old_start}")
            new_lines.extend(old_lines[cursor:start])
            cursor = start
            for line in hunk.lines:
                if line.kind in (" ", "-"):
                    if cursor >= len(old_lines) or old_lines[cursor].rstrip(b"\r\n") != line.raw.rstrip(b"\r\n"):
                        raise UserError(f"{path}: the change does not fit the file at line {cursor + 1}")
                    if line.kind == " ":
                        new_lines.append(old_lines[cursor])
                    cursor += 1
                else:  # a run of added lines is one written range
                    if ranges and ranges[-1][1] == len(new_lines):
                        ranges[-1] = (ranges[-1][0], len(new_lines) + 1)
                    else:
                        ranges.append((len(new_lines), len(new_lines) + 1))
                    new_lines.append(line.raw)
        new_lines.extend(old_lines[cursor:])
        out[file.new_path or path] = b"".join(new_lines)
        written[file.new_path or path] = ranges
    return out, written


def shift_ranges(ranges: list[tuple[int, int]], patch: bytes, path: str) -> list[tuple[int, int]]:
    """0-based line ranges of ``path`` moved to where they are after ``patch`` (whose changed lines do
    not overlap them): each line removed above a range moves it up, each line added above it down.
    Counted line by line, not hunk by hunk: a hunk's context may reach into the range below it."""
    hunks = [
        hunk
        for file in parse_diff(patch)
        if (file.new_path or file.old_path) == path
        for hunk in file.hunks
        if hunk.kind == "text"
    ]
    moved = []
    for start, end in ranges:
        delta = 0
        for hunk in hunks:
            at = hunk.old_start if hunk.old_count == 0 else hunk.old_start - 1  # 0-based: the next old line
            for line in hunk.lines:
                if line.kind == "+":
                    delta += at <= start  # inserted before old line `at`
                elif line.kind == "-":
                    delta -= at < start
                    at += 1
                else:
                    at += 1
        moved.append((start + delta, end + delta))
    return moved


# ---------------------------------------------------------------------------------------------
# rounds: draft, review, redraft with the human's correction


@dataclass
class Round:
    """One draft and its review."""

    draft: DraftedEdits
    session: ReviewSession
    redraft: bool = False  # a redraft after feedback: every hunk in it is new
    dropped: list[str] = field(default_factory=list)  # hunk ids dropped: they touched accepted lines
    base: dict[str, bytes | None] = field(default_factory=dict)  # what this round's diffs start from
    taken: bool = False  # its accepted hunks are in the flow's base
    sources: list[SourceFile] = field(default_factory=list)  # what it drafts (stream_into)
    feedback: str = ""  # the human's corrections it drafts with (stream_into)
    rejected: set[tuple] = field(default_factory=set)  # hunk_signature of the hunks rejected before it
    repeats: list[str] = field(default_factory=list)  # its hunk ids equal to one of ``rejected``

    @property
    def failures(self) -> list[EditFailure]:
        return self.draft.failures

    def note_repeats(self, files: Sequence[FileDiff]) -> None:
        """Add to ``repeats`` the hunks of ``files`` that the human rejected before, unchanged."""
        for file in files:
            for hunk in file.hunks:
                if hunk_signature(file.path, hunk) in self.rejected:
                    self.repeats.append(hunk.id)

    def repeats_text(self, edit_key: str = "e") -> str:
        """What to tell the human when the redraft repeats rejected hunks; "" when it does not."""
        if not self.repeats:
            return ""
        count, total = len(self.repeats), len(self.session.units)
        what = ("the redraft is the same as the draft you rejected" if count == total
                else f"{count} of {total} redrafted hunks are the same as the ones you rejected")  # fmt: skip
        return f"{what}: the model did not follow the note; {edit_key} edits a hunk yourself"


def hunk_signature(path: str, hunk: Hunk) -> tuple:
    """What a hunk changes, wherever it lands: its path and its removed and added lines."""
    return (path, tuple((line.kind, line.raw.rstrip(b"\r\n")) for line in hunk.lines if line.kind in "+-"))


class EditFlow:
    """The edit flow's state over rounds: originals, the accepted base, the sessions."""

    def __init__(
        self,
        drafter: EditRequester,
        instruction: str,
        sources: Sequence[SourceFile],
        *,
        context: int = 3,
        source_title: str = "",
        state_dir: Path | None = None,
    ):
        self.drafter = drafter
        self.instruction = instruction
        self.sources = list(sources)
        self.context = context
        self.source_title = source_title or f"edit: {instruction.strip().splitlines()[0][:60]}"
        self.state_dir = state_dir
        self.originals: dict[str, bytes | None] = {s.path: s.data for s in self.sources}
        self.base: dict[str, bytes | None] = dict(self.originals)
        self.protected: dict[str, list[tuple[int, int]]] = {}  # base lines written by accepted hunks
        self.rounds: list[Round] = []
        self.feedback: list[str] = []

    # ---------------------------------------------------------------- drafting

    def first(self) -> Round:
        return self._round(self.sources, feedback="", redraft=False)

    def redraft(self, note: str = "", *, from_disk: dict[str, bytes | None] | None = None) -> Round | None:
        """Take in the last round's decisions and redraft what is rejected or undecided.

        ``from_disk``: files that changed on disk since their draft (path -> the bytes now, None
        when gone); each is redrafted from those bytes, which become its original and base.
        None when there is nothing to redraft (every hunk accepted, or no files left).
        """
        plan = self._plan_redraft(note, from_disk)
        if plan is None:
            return None
        return self._round(plan[0], feedback=plan[1], redraft=True)

    def start_redraft(self, note: str = "", *, from_disk: dict[str, bytes | None] | None = None) -> Round | None:
        """As ``redraft``, but the round starts empty: ``stream_into`` drafts it (in the TUI)."""
        plan = self._plan_redraft(note, from_disk)
        if plan is None:
            return None
        return self._new_round(DraftedEdits(EditResult()), [], [], redraft=True, sources=plan[0], feedback=plan[1])

    def discard(self, round_: Round) -> None:
        """Forget a redraft that did not finish: nothing of it is applied or counted."""
        if round_ in self.rounds and round_ is not self.rounds[0]:
            self.rounds.remove(round_)

    def _plan_redraft(self, note: str, from_disk: dict[str, bytes | None] | None
                      ) -> tuple[list[SourceFile], str] | None:  # fmt: skip
        """The sources and the feedback a redraft sends; None when there is nothing to redraft."""
        last = self.rounds[-1]
        self.take(last)
        for path, data in (from_disk or {}).items():
            self.originals[path] = self.base[path] = data
            self.protected.pop(path, None)  # lines accepted in the old text are gone with it
        session = last.session
        rejected = [(u.hunk, note) for u in session.units if u.decision == Decision.REJECTED]
        edited = [u.edited for u in session.units if u.decision == Decision.EDITED and u.edited]
        open_paths = {
            session.file_of(u).path
            for u in session.units
            if u.decision in (Decision.REJECTED, Decision.PENDING)
        }
        open_paths.update(from_disk or {})
        if not open_paths and not note.strip():
            return None
        if not open_paths:  # a note alone: redraft every file
            open_paths = set(self.base)
        text = feedback_text(rejected, [hunk for hunk in edited if hunk is not None])
        if note.strip() and not rejected:
            text = (text + "\n\n" if text else "") + f"The reviewer's note: {note.strip()}"
        if text:
            self.feedback.append(text)
        sources = [
            SourceFile(path, data)
            for path, data in self.base.items()
            if path in open_paths and data is not None
        ]
        if not sources:
            return None
        return sources, "\n\n".join(self.feedback)

    def _round(self, sources: Sequence[SourceFile], *, feedback: str, redraft: bool) -> Round:
        draft = self.drafter.draft(self.instruction, sources, feedback)
        files: list[FileDiff] = []
        dropped: list[str] = []
        if draft.complete:
            files, dropped = self._diffs(draft.result)
        return self._new_round(draft, files, dropped, redraft=redraft, sources=sources, feedback=feedback)

    def start(self) -> Round:
        """An empty first round, for a review that is shown while the draft streams in."""
        return self._new_round(DraftedEdits(EditResult()), [], [], redraft=False, sources=self.sources)

    def stream_into(self, round_: Round, on_grew: Callable[[str], None]) -> DraftedEdits:
        """Draft ``round_`` (from ``start`` or ``start_redraft``): each file's hunks join its
        session as soon as that file's edit is complete (``on_grew(note)`` then); a cut or
        failed file adds none."""

        def on_result(result: EditResult) -> None:
            files, dropped = self._diffs(result)
            round_.note_repeats(files)
            for edit in result.files:  # the round's base (and its edit check) knows every file drafted
                round_.base.setdefault(edit.path, edit.old_bytes)
            round_.dropped.extend(dropped)
            round_.draft.result.failures.extend(result.failures)
            if files:
                round_.session.add_files(files)
                count = sum(len(file.hunks) for file in files)
                names = ", ".join(file.path for file in files)
                on_grew(f"{count} new hunk{'s' if count != 1 else ''} in {names}")
            for failure in result.failures:
                on_grew(f"failed: {failure.summary()}")

        self.drafter.on_result = on_result
        try:
            draft = self.drafter.draft(self.instruction, round_.sources or self.sources, round_.feedback)
        finally:
            self.drafter.on_result = None
        round_.draft.result.files = draft.result.files  # its failures came in through on_result
        for name in (f.name for f in fields(draft) if f.name != "result"):  # the stats, the operation read, ...
            setattr(round_.draft, name, getattr(draft, name))
        return round_.draft

    def _diffs(self, result: EditResult) -> tuple[list[FileDiff], list[str]]:
        """A result's edits as FileDiffs, without the hunks that would change accepted lines."""
        for edit in result.files:  # a file the model touched beyond the context (read from disk)
            if edit.path not in self.originals:
                self.originals[edit.path] = self.base[edit.path] = edit.old_bytes
        files = to_file_diffs(result, context=self.context)
        dropped: list[str] = []
        for file in files:
            for hunk in list(file.hunks):
                if self._touches_accepted(file, hunk):
                    file.hunks.remove(hunk)
                    dropped.append(hunk.id)
        return [file for file in files if file.hunks], dropped

    def _new_round(self, draft: DraftedEdits, files: list[FileDiff], dropped: list[str], *, redraft: bool,
                   sources: Sequence[SourceFile] = (), feedback: str = "") -> Round:  # fmt: skip
        number = len(self.rounds) + 1
        rejected = {
            hunk_signature(self.rounds[-1].session.file_of(unit).path, unit.hunk)
            for unit in (self.rounds[-1].session.units if self.rounds and redraft else [])
            if unit.decision == Decision.REJECTED
        }
        state_path = self.state_dir / f"edit-round-{number}.json" if self.state_dir else None
        title = self.source_title if not redraft else f"{self.source_title} (redraft {number - 1})"
        session = ReviewSession(files, source=title, state_path=state_path, edit_hint=EDIT_HINTS["accept"])
        base = dict(self.base)

        def check(patch: bytes) -> None:  # an edit counts only when it fits this round's base
            apply_in_memory(base, patch)

        session.patch_checker = check
        round_ = Round(draft, session, redraft=redraft, dropped=dropped, base=base, sources=list(sources),
                       feedback=feedback, rejected=rejected)  # fmt: skip
        round_.note_repeats(files)
        self.rounds.append(round_)
        return round_

    def _touches_accepted(self, file: FileDiff, hunk: Hunk) -> bool:
        ranges = self.protected.get(file.path)
        if not ranges or hunk.kind != "text":
            return False
        position = hunk.old_start  # 0-based index of the line after the hunk's start
        for line in hunk.lines:
            if line.old_lineno is not None:
                position = line.old_lineno
                if line.kind == "-" and any(a <= line.old_lineno - 1 < b for a, b in ranges):
                    return True
            elif line.kind == "+" and any(a < position < b for a, b in ranges):
                return True
        return False

    # ---------------------------------------------------------------- results

    def take(self, round_: Round) -> None:
        """Fold a round's accepted (and edited) hunks into the base; idempotent per round."""
        if round_.taken:
            return
        round_.taken = True
        patch = build_patch(round_.session.files, round_.session.selection())
        if not patch:
            return
        self.base, written = apply_in_memory(round_.base, patch)
        for path, ranges in written.items():  # earlier protected ranges moved by what the patch adds above them
            self.protected[path] = shift_ranges(self.protected.get(path, []), patch, path) + ranges

    def final_edits(self) -> list[FileEdit]:
        """Original → base (everything accepted so far), one FileEdit per changed file."""
        for round_ in self.rounds:
            self.take(round_)
        edits = []
        for path, new in self.base.items():
            old = self.originals.get(path)
            if old == new:
                continue
            edits.append(FileEdit(
                path=path,
                old_text=None if old is None else old.decode("utf-8", "surrogateescape"),
                new_text=None if new is None else new.decode("utf-8", "surrogateescape"),
                base_hash=None if old is None else content_hash(old),
            ))  # fmt: skip
        return edits

    def stats(self) -> ReviewStats:
        """The decisions over every round, the one count every summary shows: accepted, edited
        and rejected hunks of every round, undecided ones of the last (an earlier round's
        undecided hunks were redrafted: the later round's hunks stand for them)."""
        total = ReviewStats(total=0, accepted=0, rejected=0, edited=0, pending=0)
        for number, round_ in enumerate(self.rounds, 1):
            stats = round_.session.stats()
            if number < len(self.rounds):
                stats.total -= stats.pending
                stats.pending = 0
            total = total + stats
        return total

    def totals(self) -> dict[str, int]:
        """``stats()`` as a dict: accepted, edited, rejected, pending, total."""
        stats = self.stats()
        return {key: getattr(stats, key) for key in ("accepted", "edited", "rejected", "pending", "total")}
