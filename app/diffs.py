"""The diff model: files, hunks and lines parsed from git's diff output; split, select, rebuild.

Pure Python (unidiff underneath); imports neither textual nor torch, so a review can be driven
from a plain script. Bytes are kept exact: every line carries its raw bytes (line ending
included), so non-UTF-8 content, CRLF and a missing final newline survive a round trip; ``text``
is only for display (invalid bytes become U+FFFD).

Selections are expressed against the hunks as parsed: a hunk id mapped to the indices (into
``hunk.lines``) of the change lines to keep. An unselected ``-`` line becomes context and an
unselected ``+`` line is dropped, as in ``git add -p`` (git-cola's ``extract_subset``). Sub-hunks
from ``split_hunk`` point back at their parent, so selecting in a sub-hunk is selecting in the
parent; the patch is always rebuilt from the parent hunks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

LineKind = Literal[" ", "-", "+"]
FileStatus = Literal["modified", "added", "deleted", "renamed", "copied"]
HunkKind = Literal["text", "binary", "meta"]  # meta: a mode change, a pure rename, an empty new file


@dataclass(frozen=True)
class Line:
    kind: LineKind
    raw: bytes  # exact bytes after the one-character prefix, line ending included (none at EOF)
    old_lineno: int | None  # None for added lines
    new_lineno: int | None  # None for removed lines

    @property
    def text(self) -> str:
        """The line for display: decoded as UTF-8 with replacement characters, no line ending."""
        raise NotImplementedError

    @property
    def missing_newline(self) -> bool:
        """True when git printed ``\\ No newline at end of file`` after this line."""
        return not self.raw.endswith(b"\n")


@dataclass
class Hunk:
    id: str  # stable across re-reads of the same diff (path + content hash), used by --resume
    path: str  # the file's display path (new path, or old path for a deletion)
    kind: HunkKind
    old_start: int
    old_count: int
    new_start: int
    new_count: int
    section: str = ""  # the function context git prints after the second @@
    lines: list[Line] = field(default_factory=list)
    parent_id: str | None = None  # set on sub-hunks made by split_hunk
    parent_offset: int = 0  # index of this sub-hunk's first line in the parent's lines
    description: str = ""  # for binary and meta hunks: what it is, e.g. "mode 100644 → 100755"

    @property
    def change_indices(self) -> list[int]:
        """Indices of the ``-`` and ``+`` lines."""
        return [i for i, line in enumerate(self.lines) if line.kind != " "]


@dataclass
class FileDiff:
    old_path: str | None  # None for an added file
    new_path: str | None  # None for a deleted file
    status: FileStatus
    header: bytes  # git's extended header, exact ("diff --git" up to the first "@@"), for rebuilding
    hunks: list[Hunk] = field(default_factory=list)
    old_mode: str | None = None
    new_mode: str | None = None
    similarity: int | None = None  # for renames and copies
    binary: bool = False

    @property
    def path(self) -> str:
        return self.new_path or self.old_path or ""


Selection = Mapping[str, "frozenset[int] | set[int] | Hunk"]
"""Hunk id -> selected change-line indices, or a replacement Hunk (the user's edit of it).
For binary and meta hunks any non-empty set selects them whole."""


def parse_diff(data: bytes) -> list[FileDiff]:
    """Parse ``git diff`` output (any of its forms, including --binary) into files and hunks."""
    raise NotImplementedError


def split_hunk(hunk: Hunk) -> list[Hunk]:
    """Split at the context lines between changes, as ``git add -p``'s ``s`` does.

    Returns ``[hunk]`` when it cannot be split. Sub-hunks carry ``parent_id``/``parent_offset``.
    """
    raise NotImplementedError


def build_patch(files: list[FileDiff], selection: Selection) -> bytes:
    """Patch text (bytes) for the selected lines, ready for ``git apply --recount``.

    Files with nothing selected are left out; an empty selection gives ``b""``.
    """
    raise NotImplementedError


@dataclass(frozen=True)
class Span:
    text: str
    changed: bool  # True where this run of characters differs from the paired line


def pair_lines(hunk: Hunk) -> list[tuple[int, int]]:
    """Pairs (index of a ``-`` line, index of a ``+`` line) that show the same line changed."""
    raise NotImplementedError


def word_diff(old: str, new: str) -> tuple[list[Span], list[Span]]:
    """Word-level changes between a removed line and the added line paired with it."""
    raise NotImplementedError
