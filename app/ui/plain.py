"""The plain interface: ``git add -p``'s prompts and output, one answer per line from stdin.

It is the scripting interface: for the same answers it decides exactly what ``git add -p``
stages (same order, same prompts, same split, the same j/J/k/K/g// navigation and the same help
text), but it only records decisions in a ReviewSession; specdraft.ui.cli.review applies them afterwards.
As in git, binary files are not offered here (use the TUI), and
end of input stops the questions: what was decided so far is applied. Unlike git, what the diff
holds is printed with its control characters as escapes (``\x1b``; specdraft.core.visible): an
escape sequence in a drafted line cannot erase or recolour what the reviewer is asked about.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from specdraft.core.diffs import FileDiff, Hunk
from specdraft.core.errors import UserError
from specdraft.core.session import Decision, HunkState, ReviewSession
from specdraft.core.visible import visible, visible_bytes


@dataclass(frozen=True)
class PlainTexts:
    """The words of one review mode: prompts (mode change, deletion, addition, hunk, rename), help."""

    mode_change: str
    deletion: str
    addition: str
    hunk: str
    rename: str
    help: str


STAGE = PlainTexts(
    "Stage mode change [y,n,q,a,d%s,?]? ",
    "Stage deletion [y,n,q,a,d%s,?]? ",
    "Stage addition [y,n,q,a,d%s,?]? ",
    "Stage this hunk [y,n,q,a,d%s,?]? ",
    "Stage rename [y,n,q,a,d%s,?]? ",
    "y - stage this hunk\n"
    "n - do not stage this hunk\n"
    "q - quit; do not stage this hunk or any of the remaining ones\n"
    "a - stage this hunk and all later hunks in the file\n"
    "d - do not stage this hunk or any of the later hunks in the file\n",
)
KEEP_STAGED = PlainTexts(
    "Keep mode change staged [y,n,q,a,d%s,?]? ",
    "Keep deletion staged [y,n,q,a,d%s,?]? ",
    "Keep addition staged [y,n,q,a,d%s,?]? ",
    "Keep this hunk staged [y,n,q,a,d%s,?]? ",
    "Keep rename staged [y,n,q,a,d%s,?]? ",
    "y - keep this hunk staged\n"
    "n - unstage this hunk (it stays in the worktree)\n"
    "q - quit; leave this hunk and the remaining ones staged\n"
    "a - keep this hunk and all later hunks in the file staged\n"
    "d - unstage this hunk and all later hunks in the file\n",
)
APPLY = PlainTexts(
    "Apply mode change to worktree [y,n,q,a,d%s,?]? ",
    "Apply deletion to worktree [y,n,q,a,d%s,?]? ",
    "Apply addition to worktree [y,n,q,a,d%s,?]? ",
    "Apply this hunk to worktree [y,n,q,a,d%s,?]? ",
    "Apply rename to worktree [y,n,q,a,d%s,?]? ",
    "y - apply this hunk\n"
    "n - do not apply this hunk\n"
    "q - quit; do not apply this hunk or any of the remaining ones\n"
    "a - apply this hunk and all later hunks in the file\n"
    "d - do not apply this hunk or any of the later hunks in the file\n",
)
APPLY_INDEX = PlainTexts(
    "Apply mode change to index and worktree [y,n,q,a,d%s,?]? ",
    "Apply deletion to index and worktree [y,n,q,a,d%s,?]? ",
    "Apply addition to index and worktree [y,n,q,a,d%s,?]? ",
    "Apply this hunk to index and worktree [y,n,q,a,d%s,?]? ",
    "Apply rename to index and worktree [y,n,q,a,d%s,?]? ",
    APPLY.help,
)
ACCEPT = PlainTexts(
    "Accept mode change [y,n,q,a,d%s,?]? ",
    "Accept deletion [y,n,q,a,d%s,?]? ",
    "Accept addition [y,n,q,a,d%s,?]? ",
    "Accept this hunk [y,n,q,a,d%s,?]? ",
    "Accept rename [y,n,q,a,d%s,?]? ",
    "y - accept this hunk\n"
    "n - reject this hunk\n"
    "q - quit; leave this hunk and the remaining ones undecided\n"
    "a - accept this hunk and all later hunks in the file\n"
    "d - reject this hunk and all later hunks in the file\n",
)

HELP_REMAINDER = (
    "j - leave this hunk undecided, see next undecided hunk\n"
    "J - leave this hunk undecided, see next hunk\n"
    "k - leave this hunk undecided, see previous undecided hunk\n"
    "K - leave this hunk undecided, see previous hunk\n"
    "g - select a hunk to go to\n"
    "/ - search for a hunk matching the given regex\n"
    "s - split the current hunk into smaller hunks\n"
    "e - manually edit the current hunk\n"
    "? - print help\n"
)
DISPLAY_HUNKS_LINES = 20
SUMMARY_HEADER_WIDTH = 20
SUMMARY_LINE_WIDTH = 80


def _offered(file: FileDiff) -> bool:
    """Whether git add -p would show this file: any but a binary one."""
    return not file.binary


def _file_header(file: FileDiff) -> bytes:
    """The header git prints before a file's first hunk (mode and rename lines go with theirs)."""
    lines = file.header.splitlines(keepends=True)
    if file.submodule:  # the entry is whole in the header: print it as git does, up to the hunk
        return b"".join(lines[: next(i for i, line in enumerate(lines) if line.startswith(b"@@"))])
    if file.status == "deleted":
        return b"".join(lines[:1])
    drop = (b"old mode ", b"new mode ")
    if any(h.meta in ("rename", "copy") for h in file.hunks):
        drop += (b"rename from ", b"rename to ", b"copy from ", b"copy to ", b"similarity index ")
    if not file.mode_changed:
        drop = drop[2:]
    return b"".join(line for line in lines if not line.startswith(drop))


def _render_unit(file: FileDiff, unit: HunkState) -> bytes:
    hunk = unit.edited or unit.hunk
    if hunk.kind == "meta":
        lines = file.header.splitlines(keepends=True)
        if hunk.meta == "mode":
            return b"".join(line for line in lines if line.startswith((b"old mode ", b"new mode ")))
        if hunk.meta in ("rename", "copy"):
            keep = (
                b"similarity index ",
                b"rename from ",
                b"rename to ",
                b"copy from ",
                b"copy to ",
            )
            return b"".join(line for line in lines if line.startswith(keep))
        if hunk.meta == "delete":
            return b"".join(lines[1:])
        if hunk.meta == "submodule":  # git add -p shows the "Subproject commit" hunk
            return b"".join(lines[next(i for i, line in enumerate(lines) if line.startswith(b"@@")) :])
        return b""
    text = hunk.patch_bytes()
    if file.status == "deleted":
        return b"".join(file.header.splitlines(keepends=True)[1:]) + text
    return text


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _summary(hunk: Hunk) -> str:
    out = f" -{hunk.old_start},{hunk.old_count} +{hunk.new_start},{hunk.new_count} "
    out = out.ljust(SUMMARY_HEADER_WIDTH)
    for line in hunk.lines:
        if line.kind != " ":
            out += line.kind + visible(line.raw.decode("utf-8", "replace"))  # one line: its ending kept
            break
    out = out[:SUMMARY_LINE_WIDTH]
    return out if out.endswith("\n") else out + "\n"


class PlainReview:
    """Runs the questions over a session, reading answers from ``stdin`` (one per line)."""

    def __init__(
        self,
        session: ReviewSession,
        *,
        texts: PlainTexts = STAGE,
        stdin: BinaryIO | None = None,
        stdout: BinaryIO | None = None,
        stderr: BinaryIO | None = None,
        edit: Callable[[Path], None] | None = None,
        scratch_dir: Path | None = None,
    ):
        self.session = session
        self.texts = texts
        self.stdin = stdin if stdin is not None else sys.stdin.buffer
        self.stdout = stdout if stdout is not None else sys.stdout.buffer
        self.stderr = stderr if stderr is not None else sys.stderr.buffer
        self.edit = edit
        self.scratch_dir = scratch_dir
        self.skipped: list[str] = []

    # ---------------------------------------------------------------- input and output

    def _out(self, data: bytes | str) -> None:
        self.stdout.write(
            data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
        )

    def _show(self, data: bytes) -> None:
        """Bytes of the diff (a header, a hunk), their control characters written as escapes."""
        self._out(visible_bytes(data))

    def _err(self, message: str) -> None:
        self.stdout.flush()
        self.stderr.write(visible(message).encode("utf-8", "replace") + b"\n")
        self.stderr.flush()

    def _read(self) -> str | None:
        """One answer line without its line ending; None at end of input."""
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            return None
        return line.decode("utf-8", "replace").rstrip("\r\n")

    # ---------------------------------------------------------------- the loop

    def run(self) -> bool:
        """Ask about every undecided hunk, file by file; True when the user quit with q."""
        session = self.session
        for file_index, file in enumerate(session.files):
            units = session.units_of_file(file_index)
            if not any(unit.decision == Decision.PENDING for unit in units):
                continue  # nothing left to ask (a resumed review decided it already)
            if not _offered(file):
                self.skipped.append(file.path)
                continue
            if self._file(file_index, file):
                return True
        return False

    def _unit_indices(self, file_index: int) -> list[int]:
        return [i for i, u in enumerate(self.session.units) if u.file_index == file_index]

    def _file(self, file_index: int, file: FileDiff) -> bool:
        session = self.session
        texts = self.texts
        quit_ = False
        mode_change = 1 if file.mode_changed else 0
        self._show(_file_header(file))
        # the first undecided hunk: 0 in a fresh review, later when resuming one
        hunk_index = next(
            k
            for k, i in enumerate(self._unit_indices(file_index))
            if session.units[i].decision == Decision.PENDING
        )
        # git 2.39 never clears these between questions about one file ("sticky" permissions):
        # a J allowed once stays allowed and wraps around, as git's own loop does.
        permitted: set[str] = set()
        while True:
            indices = self._unit_indices(file_index)
            count = len(indices)
            if hunk_index >= count or hunk_index < 0:
                hunk_index = 0
            session.go_to(indices[hunk_index])
            unit = session.units[indices[hunk_index]]
            pending = [session.units[i].decision == Decision.PENDING for i in indices]
            previous = next((i for i in range(hunk_index - 1, -1, -1) if pending[i]), -1)
            following = next((i for i in range(hunk_index + 1, count) if pending[i]), -1)
            if previous < 0 and following < 0 and not pending[hunk_index]:
                break
            self._show(_render_unit(file, unit))
            offered = []
            if previous >= 0:
                offered.append("k")
            if hunk_index:
                offered.append("K")
            if following >= 0:
                offered.append("j")
            if hunk_index + 1 < count:
                offered.append("J")
            if count > 1:
                offered += ["g", "/"]
            splittable = session.can_split(unit)
            if splittable:
                offered.append("s")
            editable = unit.hunk.kind == "text" and session.can_edit(unit)
            if editable:
                offered.append("e")
            permitted.update(offered)
            options = "".join("," + letter for letter in offered)
            if file.status == "deleted":
                prompt = texts.deletion
            elif file.status == "added":
                prompt = texts.addition
            elif unit.hunk.meta == "mode":
                prompt = texts.mode_change
            elif unit.hunk.meta in ("rename", "copy"):
                prompt = texts.rename
            else:
                prompt = texts.hunk
            self._out(f"({hunk_index + 1}/{count}) " + prompt % options)
            answer = self._read()
            if answer is None:
                break
            if not answer:
                continue
            first = answer[0]
            lower = first.lower()
            if lower in ("y", "n"):
                decision = Decision.ACCEPTED if lower == "y" else Decision.REJECTED
                session.set_decisions([indices[hunk_index]], decision)
                hunk_index = count if following < 0 else following
            elif lower in ("a", "d", "q"):
                if lower == "q":
                    quit_ = True
                    break
                decision = Decision.ACCEPTED if lower == "a" else Decision.REJECTED
                rest = [i for k, i in enumerate(indices) if k >= hunk_index and pending[k]]
                session.set_decisions(rest, decision)
                hunk_index = count
            elif first == "K":
                if "K" in permitted:
                    hunk_index -= 1
                else:
                    self._err("No previous hunk")
            elif first == "J":
                if "J" in permitted:
                    hunk_index += 1
                else:
                    self._err("No next hunk")
            elif first == "k":
                if "k" in permitted:
                    hunk_index = previous
                else:
                    self._err("No previous hunk")
            elif first == "j":
                if "j" in permitted:
                    hunk_index = following
                else:
                    self._err("No next hunk")
            elif first == "g":
                hunk_index = self._goto(answer, indices, hunk_index, mode_change)
            elif first == "/":
                found = self._search(answer, file, indices, hunk_index)
                if found is None:
                    break
                hunk_index = found
            elif first == "s":
                if "s" not in permitted:
                    self._err("Sorry, cannot split this hunk")
                else:
                    parts = session.split() if splittable else unit.hunk.splittable_into
                    self._out(f"Split into {parts} hunks.\n")
            elif first == "e":
                if "e" not in permitted or not editable:
                    self._err("Sorry, cannot edit this hunk")
                elif self._edit_loop():
                    hunk_index = count if following < 0 else following
            else:
                self._out(texts.help)
                for line in HELP_REMAINDER.splitlines(keepends=True):
                    if line[0] == "?" or line[0] in offered:
                        self._out(line)
        self._out(b"\n")
        return quit_

    def _goto(self, answer: str, indices: list[int], hunk_index: int, mode_change: int) -> int:
        count = len(indices)
        if count <= 1:
            self._err("No other hunks to goto")
            return hunk_index
        response = answer[1:].strip()
        start = max(hunk_index - DISPLAY_HUNKS_LINES // 2, mode_change)
        while not response:
            end = min(start + DISPLAY_HUNKS_LINES, count)
            for k in range(start, end):
                unit = self.session.units[indices[k]]
                mark = {Decision.ACCEPTED: "+", Decision.EDITED: "+", Decision.REJECTED: "-"}
                self._out(
                    f"{mark.get(unit.decision, ' ')}{k + 1:2d}: {_summary(unit.edited or unit.hunk)}"
                )
            start = end
            self._out(
                "go to which hunk (<ret> to see more)? " if end < count else "go to which hunk? "
            )
            line = self._read()
            if line is None:
                break
            response = line.strip()
        if not response.isdigit():
            self._err(f"Invalid number: '{response}'")
        elif 0 < int(response) <= count:
            return int(response) - 1
        else:
            plural = "hunk" if count == 1 else "hunks"
            self._err(f"Sorry, only {count} {plural} available.")
        return hunk_index

    def _search(
        self, answer: str, file: FileDiff, indices: list[int], hunk_index: int
    ) -> int | None:
        if len(indices) <= 1:
            self._err("No other hunks to search")
            return hunk_index
        pattern = answer[1:]
        if not pattern:
            self._out("search for regex? ")
            line = self._read()
            if line is None:
                return None
            if not line:
                return hunk_index
            pattern = line
        try:
            regex = re.compile(pattern, re.MULTILINE)
        except re.error as error:
            self._err(f"Malformed search regexp {pattern}: {error}")
            return hunk_index
        k = hunk_index
        while True:
            unit = self.session.units[indices[k]]
            text = _render_unit(file, unit).decode("utf-8", "replace")
            if regex.search(text):
                return k
            k = (k + 1) % len(indices)
            if k == hunk_index:
                self._err("No hunk matches the given pattern")
                return k

    def _edit_loop(self) -> bool:
        """git add -p's e: True when the edit was taken (the unit is now EDITED)."""
        if self.edit is None:
            self._err("Sorry, cannot edit this hunk (no editor)")
            return False
        session = self.session
        while True:
            with tempfile.TemporaryDirectory(dir=self.scratch_dir) as scratch:
                path = Path(scratch) / "addp-hunk-edit.diff"
                path.write_bytes(session.edit_text())
                try:
                    self.edit(path)
                    data = path.read_bytes()
                except UserError as error:
                    self._err(f"error: {error}")
                    return False
            try:
                return session.apply_edit_text(data)
            except UserError as error:
                self._err(f"error: {error}")
            while True:
                self._out(
                    'Your edited hunk does not apply. Edit again (saying "no" discards!) [y/n]? '
                )
                reply = self._read()
                if reply is None:
                    return False
                if reply[:1].lower() == "n":
                    return False
                if reply[:1].lower() == "y":
                    break

    def confirm(self, question: str) -> bool:
        """Ask a yes/no question on the same input; end of input is no."""
        while True:
            self._out(f"{question} [y,n]? ")
            reply = self._read()
            if reply is None:
                self._out(b"\n")
                return False
            if reply[:1].lower() in ("y", "n"):
                if not _isatty(self.stdin):
                    self._out(b"\n")  # the answer was not echoed: end the prompt's line
                return reply[:1].lower() == "y"


def failed_blocks_text(failures: Iterable) -> bytes:
    """What plain mode prints for a draft's failed blocks (specdraft.drafting.edits.EditFailure):
    ``failed hunk: <path>: <reason>``, then the model's text, each line after ``| ``; every part
    of it the model's, so with its control characters as escapes."""
    out = bytearray()
    for failure in failures:
        out += f"failed hunk: {visible(failure.summary(), keep_newlines=False)}\n".encode("utf-8", "replace")
        for line in (failure.block or "").splitlines():
            out += b"| " + visible(line, keep_newlines=False).encode("utf-8", "replace") + b"\n"
    return bytes(out)


def review_in_plain_mode(
    session: ReviewSession, repo, *, texts, stdin: BinaryIO, stdout: BinaryIO
) -> PlainReview:
    """Ask about every hunk of ``session`` (``repo``: an specdraft.core.git.GitRepo, for ``e``); returns the
    finished review (``skipped`` lists the binary files it left alone)."""
    repo.state_dir.mkdir(parents=True, exist_ok=True)  # `e` writes the hunk to edit there
    review = PlainReview(
        session, texts=texts, stdin=stdin, stdout=stdout, edit=repo.edit_file,
        scratch_dir=repo.state_dir,
    )  # fmt: skip
    review.run()
    stdout.flush()
    return review
