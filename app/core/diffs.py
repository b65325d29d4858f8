"""The diff model: files, hunks and lines parsed from git's diff output; split, select, rebuild.

Pure Python (unidiff underneath); imports neither textual nor torch, so a review can be driven
from a plain script. Bytes are kept exact: every line carries its raw bytes (line ending
included), so non-UTF-8 content, CRLF and a missing final newline survive a round trip; ``text``
is only for display (invalid bytes become U+FFFD). Paths are ``str`` decoded from UTF-8 with
``surrogateescape``, so a file name that is not UTF-8 still round-trips to the same bytes.

Units under review are hunks, or the sub-hunks that ``split_hunk`` makes of one (ids
``<parent id>.<n>``, which share their boundary context lines with their neighbours exactly as
``git add -p``'s ``s`` does). A Selection maps the id of a unit to the indices (into that unit's
own ``lines``) of the change lines to keep, or to a replacement Hunk (the human's edit of it).
An unselected ``-`` line becomes context and an unselected ``+`` line is dropped (git-cola's
``extract_subset``); ``build_patch(..., reverse=True)`` builds the patch to apply with
``git apply -R`` instead, where the roles swap. Selected units of one hunk are merged into one
hunk again, so the patch never holds overlapping hunks.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal

from unidiff import PatchSet
from unidiff.errors import UnidiffParseError

from specdraft.core.errors import UserError

LineKind = Literal[" ", "-", "+"]
FileStatus = Literal["modified", "added", "deleted", "renamed", "copied"]
HunkKind = Literal["text", "binary", "meta"]  # meta: mode change, rename, empty file, submodule
MetaKind = Literal["", "mode", "rename", "copy", "add", "delete", "submodule"]
SUBMODULE_MODE = "160000"  # a gitlink: the tree records a commit of another repository

NO_NEWLINE = b"\\ No newline at end of file\n"


@dataclass(frozen=True)
class Line:
    kind: LineKind
    raw: bytes  # exact bytes after the one-character prefix, line ending included (none at EOF)
    old_lineno: int | None  # None for added lines
    new_lineno: int | None  # None for removed lines

    @property
    def text(self) -> str:
        """The line for display: decoded as UTF-8 with replacement characters, no line ending."""
        raw = self.raw
        if raw.endswith(b"\n"):
            raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
        return raw.decode("utf-8", "replace")

    @property
    def missing_newline(self) -> bool:
        """True when git printed ``\\ No newline at end of file`` after this line."""
        return not self.raw.endswith(b"\n")

    @property
    def crlf(self) -> bool:
        """True when the line ends with CR LF."""
        return self.raw.endswith(b"\r\n")

    def patch_bytes(self) -> bytes:
        """The line as it appears in a patch: prefix, bytes, and git's marker after a last line."""
        if self.raw.endswith(b"\n"):
            return self.kind.encode() + self.raw
        return self.kind.encode() + self.raw + b"\n" + NO_NEWLINE


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
    meta: MetaKind = ""  # for meta hunks: which header change this unit stands for

    @property
    def change_indices(self) -> list[int]:
        """Indices of the ``-`` and ``+`` lines."""
        return [i for i, line in enumerate(self.lines) if line.kind != " "]

    @property
    def splittable_into(self) -> int:
        """How many hunks ``split_hunk`` would make: the runs of changes separated by context; 0 for
        a binary or meta hunk, which has no lines (what ``git add -p`` counts, and says after an s)."""
        if self.kind != "text":
            return 0
        return len(_change_runs(self.lines))

    @property
    def added(self) -> int:
        return sum(1 for line in self.lines if line.kind == "+")

    @property
    def removed(self) -> int:
        return sum(1 for line in self.lines if line.kind == "-")

    def header_text(self) -> str:
        """The ``@@ -a,b +c,d @@ section`` line, counts of 1 left out as git writes them."""
        return format_hunk_header(
            self.old_start, self.old_count, self.new_start, self.new_count, self.section
        )

    def patch_bytes(self) -> bytes:
        """The hunk as ``git add -p`` prints it: header line, then its lines."""
        if self.kind != "text":
            return b""
        header = self.header_text().encode("utf-8", "surrogateescape") + b"\n"
        return header + b"".join(line.patch_bytes() for line in self.lines)


@dataclass
class FileDiff:
    old_path: str | None  # None for an added file
    new_path: str | None  # None for a deleted file
    status: FileStatus
    header: bytes  # git's extended header, exact ("diff --git" up to the first "@@"); for a
    #                binary file, the whole entry including the binary patch data
    hunks: list[Hunk] = field(default_factory=list)
    old_mode: str | None = None
    new_mode: str | None = None
    similarity: int | None = None  # for renames and copies
    binary: bool = False
    submodule: bool = False  # a gitlink ("Subproject commit" lines): one meta unit, whole

    @property
    def submodule_commits(self) -> tuple[str | None, str | None]:
        """(old commit, new commit) of a submodule pointer change; None for a side without one."""
        old = new = None
        for line in self.header.splitlines():
            if line.startswith(b"-Subproject commit "):
                old = line[19:].strip().decode("ascii", "replace")
            elif line.startswith(b"+Subproject commit "):
                new = line[19:].strip().decode("ascii", "replace")
        return old, new

    @property
    def path(self) -> str:
        return self.new_path or self.old_path or ""

    @property
    def mode_changed(self) -> bool:
        return any(h.meta == "mode" for h in self.hunks)


Selection = Mapping[str, "frozenset[int] | set[int] | Hunk"]
"""Unit id (a hunk's, or a sub-hunk's from split_hunk) -> indices into that unit's lines of the
change lines to keep, or a replacement Hunk (the user's edit of it). For binary and meta hunks
the presence of the id selects them whole, whatever the value."""


# ---------------------------------------------------------------------------------------------
# parsing


_HUNK_HEADER = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$", re.DOTALL)


def format_hunk_header(
    old_start: int, old_count: int, new_start: int, new_count: int, section: str = ""
) -> str:
    """``@@ -a,b +c,d @@ section`` as git renders it (a count of 1 is left out)."""
    old = f"-{old_start}" + ("" if old_count == 1 else f",{old_count}")
    new = f"+{new_start}" + ("" if new_count == 1 else f",{new_count}")
    return f"@@ {old} {new} @@" + (f" {section}" if section else "")


def split_lines(data: bytes) -> list[bytes]:
    """Lines ending in LF only (a CR inside a line is content), the last possibly unterminated."""
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


class _CountsWrong(Exception):
    """A hunk whose lines do not match its header's counts (``parse_diff`` names the file)."""

    def __init__(
        self,
        entry: int,
        header: int,
        line: int | None,
        counted: tuple[int, int],
        held: tuple[int, int] | None = None,
    ):
        super().__init__()
        self.entry, self.header, self.line = entry, header, line  # indices into the lines
        self.counted = counted  # (old, new) lines, as the header says
        self.held = held  # (old, new) lines it held when it was cut short; None: too many


_SIGNATURE = (b"-- \n", b"-- \r\n")  # git format-patch's last lines start with one


def _segments(lines: list[bytes]) -> list[tuple[int, int]]:
    """Line ranges [start, end) of each file's entry in a diff; text before the first is skipped.

    A hunk's lines must match its header's counts, as ``git apply`` reads them: a line that
    would go past a count, a hunk line right after the counted ones (git would drop it without
    a word), or a hunk cut short raises _CountsWrong. Text after a hunk that is not a hunk line
    (a mail's signature, the next commit's message) ends the entry's hunks, as in git.
    """
    segments: list[tuple[int, int]] = []
    start: int | None = None
    seen_minus = False  # a "---" line in the current entry (for diffs without "diff --git")
    old_left = new_left = 0
    header = -1  # index of the current hunk's header line
    counted = (0, 0)  # its counts
    just_ended = False  # the lines of a hunk were all read, and only blank lines since
    binary = False
    for i, line in enumerate(lines):
        if old_left > 0 or new_left > 0:
            marker = line[:1]
            if marker in (b" ", b"\n", b"\r"):
                old_left -= 1
                new_left -= 1
            elif marker == b"-":
                old_left -= 1
            elif marker == b"+":
                new_left -= 1
            elif marker != b"\\":
                held = (counted[0] - old_left, counted[1] - new_left)
                raise _CountsWrong(start or 0, header, i, counted, held)
            if old_left < 0 or new_left < 0:
                raise _CountsWrong(start or 0, header, i, counted)
            just_ended = old_left == 0 and new_left == 0
            continue
        if binary and not line.startswith(b"diff "):
            continue  # base85 data, "literal"/"delta" lines and blank separators
        binary = False
        new_file = line.startswith(b"diff ")
        if not new_file and line.startswith(b"--- ") and i + 1 < len(lines):
            if lines[i + 1].startswith(b"+++ ") and (start is None or seen_minus):
                new_file = True
        if just_ended and not new_file and not line.startswith(b"@@ "):
            if line[:1] in (b" ", b"+", b"-") and line not in _SIGNATURE:
                raise _CountsWrong(start or 0, header, i, counted)
            if line.strip() and line[:1] != b"\\":
                just_ended = False  # other text: the hunks of this entry are over
            continue
        just_ended = False
        if new_file:
            if start is not None:
                segments.append((start, i))
            start = i
            seen_minus = False
        if start is None:
            continue
        if line.startswith(b"--- "):
            seen_minus = True
        elif line.startswith(b"@@ "):
            match = _HUNK_HEADER.match(line.rstrip(b"\r\n"))
            if not match:
                raise UserError(f"not a valid diff: bad hunk header on line {i + 1}")
            old_left = 1 if match.group(2) is None else int(match.group(2))
            new_left = 1 if match.group(4) is None else int(match.group(4))
            header, counted = i, (old_left, new_left)
            just_ended = old_left == 0 and new_left == 0
            seen_minus = True  # after a hunk, the next "---" starts another file
        elif line.startswith(b"GIT binary patch"):
            binary = True
    if old_left > 0 or new_left > 0:
        held = (counted[0] - old_left, counted[1] - new_left)
        raise _CountsWrong(start or 0, header, None, counted, held)
    if start is not None:
        segments.append((start, len(lines)))
    return segments


def _counted_end(body: list[bytes]) -> int:
    """How many of an entry's lines from its first hunk on are its hunks (as counted)."""
    end = old_left = new_left = 0
    for i, line in enumerate(body):
        if old_left > 0 or new_left > 0:
            marker = line[:1]
            if marker in (b" ", b"\n", b"\r", b"-"):
                old_left -= 1
            if marker in (b" ", b"\n", b"\r", b"+"):
                new_left -= 1
            end = i + 1
        elif line.startswith(b"@@ "):
            match = _HUNK_HEADER.match(line.rstrip(b"\r\n"))
            if match:
                old_left = 1 if match.group(2) is None else int(match.group(2))
                new_left = 1 if match.group(4) is None else int(match.group(4))
            end = i + 1
        elif line[:1] == b"\\" and i == end:  # "\ No newline at end of file" after a last line
            end = i + 1
    return end


def _counts_message(lines: list[bytes], wrong: _CountsWrong, level: int) -> str:
    """The error for a hunk whose counts are wrong: the file, the hunk, the line that does not fit."""
    try:
        entry = lines[wrong.entry : wrong.header]
        path = _parse_file(entry, {}, level).path if entry else ""
    except UserError:
        path = ""
    where = f"{path}: " if path else ""
    head = lines[wrong.header].rstrip(b"\r\n").decode("utf-8", "replace")
    match = re.match(r"@@ [^@]* @@", head)
    head = match.group(0) if match else head
    old, new = wrong.counted
    told = f"{where}the hunk {head} counts {old} old and {new} new line{'' if new == 1 else 's'}"
    held = f"{wrong.held[0]} and {wrong.held[1]}" if wrong.held else ""
    if wrong.line is None:
        return f"{told}, but the patch ends after {held}: was it cut short, or are the counts wrong?"
    text = lines[wrong.line].rstrip(b"\r\n").decode("utf-8", "replace")
    shown = repr(text if len(text) <= 60 else text[:57] + "...")
    fix = "fix the counts, or make the patch again"
    if wrong.held:
        return f"{told}, but line {wrong.line + 1} ({shown}) cuts it short after {held}: {fix}"
    return (
        f"{told}, but line {wrong.line + 1} ({shown}) comes after them "
        f"(git would leave it out without a word): {fix}"
    )


_C_ESCAPES = {"a": 7, "b": 8, "t": 9, "n": 10, "v": 11, "f": 12, "r": 13, '"': 34, "\\": 92}


def _unquote(text: bytes) -> tuple[bytes, bytes]:
    """Read a name at the start of ``text``, C-quoted by git or not; return (name, rest)."""
    if not text.startswith(b'"'):
        return text, b""
    out = bytearray()
    i = 1
    while i < len(text):
        char = text[i]
        if char == 0x22:  # closing quote
            return bytes(out), text[i + 1 :]
        if char == 0x5C and i + 1 < len(text):
            nxt = chr(text[i + 1])
            if nxt in _C_ESCAPES:
                out.append(_C_ESCAPES[nxt])
                i += 2
                continue
            if nxt.isdigit():
                out.append(int(text[i + 1 : i + 4], 8))
                i += 4
                continue
        out.append(char)
        i += 1
    raise UserError(f"not a valid diff: unterminated quoted path {text[:60]!r}")


def _decode_path(name: bytes) -> str:
    return name.decode("utf-8", "surrogateescape")


def _strip(name: bytes, level: int) -> bytes:
    """``name`` without its first ``level`` (0 or 1) directories, as ``git apply -p<level>``."""
    if level and b"/" in name:
        return name.split(b"/", 1)[1]
    return name


def _file_line_name(line: bytes) -> bytes | None:
    """The name on a ``--- ``/``+++ `` line as written (prefix kept); None for /dev/null."""
    rest = line[4:].rstrip(b"\n").rstrip(b"\r")
    if rest.startswith(b'"'):
        name, _ = _unquote(rest)
    else:
        name = rest.split(b"\t", 1)[0]
    return None if name == b"/dev/null" else name


_EPOCH = re.compile(
    rb"\t(1969-12-31|1970-01-01) (\d\d:\d\d:\d\d)(?:\.0+)?(?: ([-+]\d\d):?(\d\d))?\s*$"
)


def _is_epoch(line: bytes) -> bool:
    """A ``--- ``/``+++ `` line stamped with the epoch: ``diff -N``'s mark of a file that is
    not there (git apply reads it as /dev/null)."""
    match = _EPOCH.search(line)
    if not match:
        return False
    date, time_of_day, hours, minutes = (g.decode() if g else "" for g in match.groups())
    zone = f"{hours}{minutes}" if hours else "+0000"
    stamp = datetime.strptime(f"{date} {time_of_day} {zone}", "%Y-%m-%d %H:%M:%S %z")
    return stamp.timestamp() == 0


def _git_line_names(line: bytes) -> tuple[bytes, bytes] | None:
    """Both names on a ``diff --git X Y`` line as written; None when spaces leave it unclear
    (a rename: its ``rename from``/``rename to`` lines name the files instead)."""
    rest = line[len(b"diff --git ") :].rstrip(b"\n").rstrip(b"\r")
    if rest.startswith(b'"'):
        first, rest = _unquote(rest)
        rest = rest.lstrip(b" ")
        return first, (_unquote(rest)[0] if rest.startswith(b'"') else rest)
    if rest.endswith(b'"'):
        cut = rest.rfind(b' "')
        return rest[:cut], _unquote(rest[cut + 1 :])[0]
    half = (len(rest) - 1) // 2  # unquoted: "X Y" for the same name, prefixed or not
    first, second = rest[:half], rest[half + 1 :]
    if rest[half : half + 1] == b" " and (first == second or _strip(first, 1) == _strip(second, 1)):
        return first, second
    return None


def _git_header_paths(line: bytes, level: int) -> tuple[bytes, bytes]:
    """Both paths of a ``diff --git`` line (used when there are no ---/+++ lines)."""
    names = _git_line_names(line)
    if names is not None:
        return _strip(names[0], level), _strip(names[1], level)
    rest = line[len(b"diff --git ") :].rstrip(b"\n").rstrip(b"\r")
    first, _, second = rest.partition(b" b/" if level else b" ")
    return _strip(first, level), second


def _pair_level(old: bytes, new: bytes) -> int:
    """The -p level two names of one file imply: 1 when they differ in their first directory
    only (a/x b/x, or diff -ru's old/x new/x), else 0 (x x, or diff -u's x.orig x)."""
    if old == new or b"/" not in old or b"/" not in new:
        return 0
    return 0 if old.split(b"/", 1)[0] == new.split(b"/", 1)[0] else 1


def _entry_level(lines: list[bytes]) -> int | None:
    """How many leading directories (0 or 1) an entry's names carry before the file's path,
    as far as the entry shows; None when it cannot tell (one bare name with a folder in it)."""
    git_line = lines[0] if lines and lines[0].startswith(b"diff --git ") else None
    minus = plus = renamed_from = None
    for line in lines:
        if line.startswith((b"@@ ", b"GIT binary patch")):
            break
        if line.startswith(b"--- "):
            minus = _file_line_name(line)
        elif line.startswith(b"+++ "):
            plus = _file_line_name(line)
        elif line.startswith((b"rename from ", b"copy from ")):
            renamed_from = _unquote(line.rstrip(b"\r\n").split(b" ", 2)[2])[0]
    if git_line is not None and renamed_from is not None:  # rename lines never carry a prefix
        rest = git_line[len(b"diff --git ") :]
        first = _unquote(rest)[0] if rest.startswith(b'"') else rest
        return 0 if first == renamed_from or first.startswith(renamed_from + b" ") else 1
    if minus is not None and plus is not None:
        return _pair_level(minus, plus)
    if git_line is not None:
        names = _git_line_names(git_line)
        return None if names is None else _pair_level(*names)
    only = minus if minus is not None else plus
    return 0 if only is not None and b"/" not in only else None


def _prefix_level(lines: list[bytes], segments: list[tuple[int, int]]) -> int:
    """The -p level of the whole patch (git's a/ b/ prefixes: 1; bare paths: 0), one for all
    of it as ``git apply -p`` takes one; 1 when no entry tells. A mix is refused."""
    first_of: dict[int, int] = {}
    for start, end in segments:
        level = _entry_level(lines[start:end])
        if level is not None:
            first_of.setdefault(level, start)
    if len(first_of) > 1:
        start = first_of[0]
        end = next(e for s, e in segments if s == start)
        path = _parse_file(lines[start:end], {}, 0).path
        raise UserError(
            f"{path}: its paths have no a/ b/ prefixes, but other files in the patch have them; "
            "make the patch again in one form (git diff, or git diff --no-prefix)"
        )
    return next(iter(first_of), 1)


def _hunk_id(path: str, body: bytes, seen: dict[str, int]) -> str:
    digest = hashlib.sha1(path.encode("utf-8", "surrogateescape") + b"\0" + body).hexdigest()[:12]
    count = seen.get(digest, 0) + 1
    seen[digest] = count
    return digest if count == 1 else f"{digest}-{count}"


def parse_diff(data: bytes) -> list[FileDiff]:
    """Parse ``git diff`` output (any of its forms, including --binary) into files and hunks."""
    if isinstance(data, str):  # be forgiving with text, but bytes are what keeps it exact
        data = data.encode("utf-8", "surrogateescape")
    lines = split_lines(data)
    try:
        segments = _segments(lines)
    except _CountsWrong as wrong:
        level = _entry_level(lines[wrong.entry : wrong.header])
        raise UserError(_counts_message(lines, wrong, 1 if level is None else level)) from None
    level = _prefix_level(lines, segments)
    files: list[FileDiff] = []
    seen: dict[str, int] = {}
    for start, end in segments:
        files.append(_parse_file(lines[start:end], seen, level))
    return files


def _parse_file(lines: list[bytes], seen: dict[str, int], level: int = 1) -> FileDiff:
    header_end = next((i for i, line in enumerate(lines) if line.startswith(b"@@ ")), len(lines))
    header_lines = lines[:header_end]
    old_name: bytes | None = None
    new_name: bytes | None = None
    have_names = False
    old_mode = new_mode = None
    similarity = None
    status: FileStatus = "modified"
    binary = False
    renamed_from = renamed_to = None
    traditional = not (lines and lines[0].startswith(b"diff --git "))  # diff -u, not git
    for line in header_lines:
        text = line.rstrip(b"\n").rstrip(b"\r")
        if text.startswith(b"--- "):
            old_name = None if traditional and _is_epoch(text) else _file_line_name(line)
            old_name = None if old_name is None else _strip(old_name, level)
            have_names = True
        elif text.startswith(b"+++ "):
            new_name = None if traditional and _is_epoch(text) else _file_line_name(line)
            new_name = None if new_name is None else _strip(new_name, level)
        elif text.startswith(b"new file mode "):
            status, new_mode = "added", text[14:].decode()
        elif text.startswith(b"deleted file mode "):
            status, old_mode = "deleted", text[18:].decode()
        elif text.startswith(b"old mode "):
            old_mode = text[9:].decode()
        elif text.startswith(b"new mode "):
            new_mode = text[9:].decode()
        elif text.startswith((b"rename from ", b"copy from ")):
            renamed_from = _unquote(text.split(b" ", 2)[2])[0]
            status = "renamed" if text.startswith(b"rename") else "copied"
        elif text.startswith((b"rename to ", b"copy to ")):
            renamed_to = _unquote(text.split(b" ", 2)[2])[0]
        elif text.startswith((b"similarity index ", b"dissimilarity index ")):
            similarity = int(text.split(b" ")[-1].rstrip(b"%"))
        elif text.startswith(b"index ") and old_mode is None and new_mode is None:
            parts = text.split(b" ")
            if len(parts) == 3:
                old_mode = new_mode = parts[2].decode()
        elif text.startswith(b"GIT binary patch") or (
            text.startswith(b"Binary files ") and text.endswith(b" differ")
        ):
            binary = True
    if renamed_from is not None:
        old_name, new_name = renamed_from, renamed_to
    elif traditional and old_name is not None and new_name is not None:
        # one file, named as git apply names it: the old name when the new one only adds to it
        # (x, x.new), else the new one (x.orig, x)
        if not (len(old_name) < len(new_name) and new_name.startswith(old_name)):
            old_name = new_name
        new_name = old_name
    elif not have_names:
        if lines and lines[0].startswith(b"diff --git "):
            old_name, new_name = _git_header_paths(lines[0], level)
        if status == "added":
            old_name = None
        elif status == "deleted":
            new_name = None
    if status == "modified" and have_names:
        if old_name is None:
            status = "added"
        elif new_name is None:
            status = "deleted"
    old_path = None if old_name is None else _decode_path(old_name)
    new_path = None if new_name is None else _decode_path(new_name)
    display = new_path or old_path or ""
    mode_changed = (
        status in ("modified", "renamed", "copied")
        and old_mode is not None
        and new_mode is not None
        and old_mode != new_mode
    )

    if not binary:  # text after the last hunk's counted lines (a mail's signature) is not in it
        lines = lines[: header_end + _counted_end(lines[header_end:])]
    body = lines[header_end:]
    submodule = not binary and (
        SUBMODULE_MODE in (old_mode, new_mode)
        or (
            bool(body)
            and all(
                line.startswith((b"@@ ", b"-Subproject commit ", b"+Subproject commit "))
                for line in body
            )
            and any(line.startswith((b"-Subproject", b"+Subproject")) for line in body)
        )
    )
    whole_entry = binary or submodule  # applied as written: its names must read as a/ b/
    if whole_entry and level == 0 and not traditional:
        lines = _with_prefixes(lines, header_end, old_path, new_path)
    file = FileDiff(
        old_path=old_path,
        new_path=new_path,
        status=status,
        header=b"".join(lines) if whole_entry else b"".join(header_lines),
        old_mode=old_mode,
        new_mode=new_mode,
        similarity=similarity,
        binary=binary,
        submodule=submodule,
    )
    if submodule:  # one unit, accepted or rejected whole; the entry is applied as git wrote it
        old, new = file.submodule_commits
        if old is None and new is None:
            raise UserError(f"not a valid diff: submodule {display} has no 'Subproject commit' line")
        if old is None:
            what = f"submodule {display}: new, at {new[:7]}"
        elif new is None:
            what = f"submodule {display}: removed (was at {old[:7]})"
        else:
            dirty = " (with changes inside)" if new.endswith("-dirty") else ""
            what = f"submodule {display}: {old[:7]} → {new[:7]}{dirty}"
        file.hunks.append(_meta_hunk(display, "submodule", what + "\0" + f"{old}..{new}", seen))
        file.hunks[-1].description = what
        return file
    if binary:  # one unit, accepted or rejected whole (with its rename or mode change)
        what = [f"binary file {status}"]
        if status in ("renamed", "copied"):
            what.append(f"{old_path} → {new_path}")
        if mode_changed:
            what.append(f"mode {old_mode} → {new_mode}")
        file.hunks.append(
            Hunk(
                id=_hunk_id(display, b"binary\0" + b"".join(lines), seen),
                path=display,
                kind="binary",
                old_start=0,
                old_count=0,
                new_start=0,
                new_count=0,
                description=", ".join(what),
            )
        )
        return file
    if status in ("renamed", "copied"):
        verb = "rename" if status == "renamed" else "copy"
        file.hunks.append(_meta_hunk(display, verb, f"{verb} {old_path} → {new_path}", seen))
    if mode_changed:
        file.hunks.append(_meta_hunk(display, "mode", f"mode {old_mode} → {new_mode}", seen))
    if header_end < len(lines):
        file.hunks.extend(_parse_hunks(lines[header_end:], display, seen))
    elif status in ("added", "deleted"):
        verb = "add" if status == "added" else "delete"
        file.hunks.append(
            _meta_hunk(display, verb, f"{'new' if verb == 'add' else 'deleted'} empty file", seen)
        )
    return file


def _with_prefixes(
    lines: list[bytes], header_end: int, old_path: str | None, new_path: str | None
) -> list[bytes]:
    """An entry whose names had no a/ b/ prefixes, with them (build_patch's patches have them)."""
    a_path = old_path if old_path is not None else new_path
    b_path = new_path if new_path is not None else old_path
    out = [b"diff --git " + _name("a/", a_path or "") + b" " + _name("b/", b_path or "") + b"\n"]
    for index, line in enumerate(lines[1:], start=1):
        if index < header_end and line.startswith(b"--- "):
            line = _file_line(b"---", "a/", old_path)
        elif index < header_end and line.startswith(b"+++ "):
            line = _file_line(b"+++", "b/", new_path)
        out.append(line)
    return out


def _meta_hunk(path: str, meta: MetaKind, description: str, seen: dict[str, int]) -> Hunk:
    return Hunk(
        id=_hunk_id(path, f"meta\0{meta}\0{description}".encode("utf-8", "surrogateescape"), seen),
        path=path,
        kind="meta",
        old_start=0,
        old_count=0,
        new_start=0,
        new_count=0,
        description=description,
        meta=meta,
    )


def _parse_hunks(lines: list[bytes], path: str, seen: dict[str, int]) -> list[Hunk]:
    text = b"".join(lines).decode("utf-8", "surrogateescape")
    try:
        patch = PatchSet("--- a\n+++ b\n" + text)
    except UnidiffParseError as error:
        raise UserError(f"not a valid diff for {path}: {error}") from None
    hunks: list[Hunk] = []
    for parsed in patch[0] if patch else []:
        body: list[Line] = []
        for item in parsed:
            if item.line_type == "\\":
                if body:
                    last = body[-1]
                    body[-1] = replace(last, raw=last.raw.removesuffix(b"\n"))
                continue
            kind = item.line_type if item.line_type in ("+", "-") else " "
            body.append(
                Line(
                    kind=kind,
                    raw=item.value.encode("utf-8", "surrogateescape"),
                    old_lineno=item.source_line_no,
                    new_lineno=item.target_line_no,
                )
            )
        digest_body = b"".join(line.patch_bytes() for line in body)
        hunks.append(
            Hunk(
                id=_hunk_id(path, digest_body, seen),
                path=path,
                kind="text",
                old_start=parsed.source_start,
                old_count=parsed.source_length,
                new_start=parsed.target_start,
                new_count=parsed.target_length,
                section=parsed.section_header.rstrip("\r\n"),
                lines=body,
            )
        )
    return hunks


# ---------------------------------------------------------------------------------------------
# splitting


def _change_runs(lines: list[Line]) -> list[tuple[int, int]]:
    """Maximal runs [start, end) of change lines."""
    runs: list[tuple[int, int]] = []
    start = None
    for i, line in enumerate(lines):
        if line.kind != " ":
            if start is None:
                start = i
        elif start is not None:
            runs.append((start, i))
            start = None
    if start is not None:
        runs.append((start, len(lines)))
    return runs


def split_hunk(hunk: Hunk) -> list[Hunk]:
    """Split at the context lines between changes, as ``git add -p``'s ``s`` does.

    Returns ``[hunk]`` when it cannot be split. Sub-hunks carry ``parent_id``/``parent_offset``;
    the context lines between two runs of changes belong to both neighbours, as in git.
    """
    if hunk.kind != "text" or hunk.parent_id is not None:
        return [hunk]
    runs = _change_runs(hunk.lines)
    if len(runs) <= 1:
        return [hunk]
    subs: list[Hunk] = []
    for n in range(len(runs)):
        start = 0 if n == 0 else runs[n - 1][1]
        end = runs[n + 1][0] if n + 1 < len(runs) else len(hunk.lines)
        lines = hunk.lines[start:end]
        before = hunk.lines[:start]
        old_before = sum(1 for line in before if line.kind != "+")
        new_before = sum(1 for line in before if line.kind != "-")
        subs.append(
            Hunk(
                id=f"{hunk.id}.{n + 1}",
                path=hunk.path,
                kind="text",
                old_start=hunk.old_start + old_before,
                old_count=sum(1 for line in lines if line.kind != "+"),
                new_start=hunk.new_start + new_before,
                new_count=sum(1 for line in lines if line.kind != "-"),
                section=hunk.section if n == 0 else "",
                lines=lines,
                parent_id=hunk.id,
                parent_offset=start,
            )
        )
    return subs


# ---------------------------------------------------------------------------------------------
# rebuilding


_QUOTE_NEEDED = re.compile(rb'["\\\x00-\x1f\x7f]')
_QUOTE_NAMES = {7: "a", 8: "b", 9: "t", 10: "n", 11: "v", 12: "f", 13: "r", 34: '"', 92: "\\"}


def quote_path(name: bytes) -> bytes:
    """Quote a name as git does with ``core.quotePath=false`` (only when it must)."""
    if not _QUOTE_NEEDED.search(name):
        return name
    out = bytearray(b'"')
    for byte in name:
        if byte in _QUOTE_NAMES:
            out += b"\\" + _QUOTE_NAMES[byte].encode()
        elif byte < 0x20 or byte == 0x7F:
            out += b"\\%03o" % byte
        else:
            out.append(byte)
    out += b'"'
    return bytes(out)


def _name(prefix: str, path: str) -> bytes:
    raw = path.encode("utf-8", "surrogateescape")
    return quote_path(prefix.encode() + raw)


def _file_line(marker: bytes, prefix: str, path: str | None) -> bytes:
    if path is None:
        return marker + b" /dev/null\n"
    tab = b"\t" if " " in path else b""
    return marker + b" " + _name(prefix, path) + tab + b"\n"


@dataclass
class _Out:
    """One unit rendered for a patch, in the coordinates of the side the patch applies to."""

    pre_start: int
    lines: list[Line]

    def pre_count(self, pre: str) -> int:
        return sum(1 for line in self.lines if line.kind in (" ", pre))


def _render_unit(unit: Hunk, chosen: Iterable[int] | Hunk, reverse: bool) -> _Out:
    pre = "+" if reverse else "-"
    if isinstance(chosen, Hunk):
        lines = list(chosen.lines)
        start = chosen.new_start if reverse else chosen.old_start
        return _Out(start, lines)
    keep = set(chosen)
    lines = []
    for i, line in enumerate(unit.lines):
        if line.kind == " " or i in keep:
            lines.append(line)
        elif line.kind == pre:
            lines.append(replace(line, kind=" "))
        # an unselected line of the other kind is dropped
    return _Out(unit.new_start if reverse else unit.old_start, lines)


def _merge(outs: list[_Out], pre: str, path: str) -> list[_Out]:
    """Join units that overlap or touch in pre-image lines (git's merge_hunks)."""
    merged: list[_Out] = []
    for out in sorted(outs, key=lambda o: o.pre_start):
        if merged:
            last = merged[-1]
            last_end = last.pre_start + last.pre_count(pre)
            if last_end >= out.pre_start:
                overlap = last_end - out.pre_start
                skip = 0
                while overlap > 0:
                    if skip >= len(out.lines) or out.lines[skip].kind != " ":
                        raise UserError(
                            f"{path}: an edited hunk overlaps the changes next to it; "
                            "edit the hunk before splitting it, or leave the edit out"
                        )
                    overlap -= 1
                    skip += 1
                last.lines.extend(out.lines[skip:])
                continue
        merged.append(_Out(out.pre_start, list(out.lines)))
    return merged


def _group_selection(selection: Selection) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for key in selection:
        parent = key.rpartition(".")[0] if "." in key else key
        groups.setdefault(parent, []).append(key)
    return groups


def build_patch(files: list[FileDiff], selection: Selection, *, reverse: bool = False) -> bytes:
    """Patch text (bytes) for the selected lines, ready for ``git apply --recount``.

    Files with nothing selected are left out; an empty selection gives ``b""``. A selected hunk
    of a copied file brings the copy header with it (the hunk changes the copy, not its source);
    a renamed file's hunks without its rename apply to the old name. With
    ``reverse=True`` the patch is for ``git apply -R`` on the post-image (the worktree or index
    that has every change): unselected ``+`` lines become context, unselected ``-`` lines are
    dropped, and positions count the unselected changes as present.
    """
    if not selection:
        return b""
    groups = _group_selection(selection)
    chunks = [
        _build_file(file, selection, groups, reverse)
        for file in files
        if any(h.id in groups or h.id in selection for h in file.hunks)
    ]
    return b"".join(chunks)


def _build_file(
    file: FileDiff, selection: Selection, groups: dict[str, list[str]], reverse: bool
) -> bytes:
    pre = "+" if reverse else "-"
    meta = {h.meta for h in file.hunks if h.kind == "meta" and h.id in selection}
    if file.submodule:  # whole or nothing; git apply (-R) reads the gitlink from the entry
        return file.header if "submodule" in meta else b""
    for hunk in file.hunks:
        if hunk.kind == "binary" and hunk.id in selection:
            return file.header
    if file.binary:
        return b""
    outs: list[_Out] = []
    whole = True  # every change of every text hunk selected, unedited
    any_text = False
    for hunk in file.hunks:
        if hunk.kind != "text":
            continue
        any_text = True
        keys = groups.get(hunk.id, [])
        if not keys:
            whole = False
            continue
        if hunk.id in selection:
            units = [(hunk, selection[hunk.id])]
        else:
            by_id = {sub.id: sub for sub in split_hunk(hunk)}
            unknown = [key for key in keys if key not in by_id]
            if unknown:
                raise ValueError(f"unknown hunk ids in selection: {unknown}")
            units = [(by_id[key], selection[key]) for key in sorted(keys, key=_sub_number)]
            if len(units) < len(by_id):
                whole = False
        hunk_outs = []
        for unit, chosen in units:
            if isinstance(chosen, Hunk):
                whole = False
            elif set(chosen) != set(unit.change_indices):
                whole = False
            out = _render_unit(unit, chosen, reverse)
            if any(line.kind != " " for line in out.lines):
                hunk_outs.append(out)
        outs.extend(_merge(hunk_outs, pre, file.path))
    outs = _merge(outs, pre, file.path) if len(outs) > 1 else outs
    status = file.status
    if status == "copied" and outs and not reverse:
        # a copy's hunks are changes to the copy, which only exists with the copy header: an
        # accepted hunk brings it along (applied to the source instead, it would change that)
        meta.add("copy")
    rename_kept = ("rename" in meta) or ("copy" in meta)
    if status == "copied" and not rename_kept and not reverse:
        return b""
    if not outs and not meta:
        return b""
    # which paths and which whole-file header
    old_path, new_path = file.old_path, file.new_path
    if status in ("renamed", "copied") and not rename_kept:
        if reverse:
            old_path = new_path
        else:
            new_path = old_path
    creating = deleting = False
    if status == "added":
        creating = (not reverse) or (whole and any_text) or "add" in meta
        if not creating and not outs:
            return b""
    elif status == "deleted":
        deleting = reverse or (whole and any_text) or "delete" in meta
        if not deleting and not outs:
            return b""
    a_path = old_path if old_path is not None else new_path
    b_path = new_path if new_path is not None else old_path
    header = [b"diff --git " + _name("a/", a_path or "") + b" " + _name("b/", b_path or "") + b"\n"]
    if "mode" in meta and file.old_mode and file.new_mode:
        header.append(b"old mode " + file.old_mode.encode() + b"\n")
        header.append(b"new mode " + file.new_mode.encode() + b"\n")
    if creating:
        header.append(b"new file mode " + (file.new_mode or "100644").encode() + b"\n")
    if deleting:
        header.append(b"deleted file mode " + (file.old_mode or "100644").encode() + b"\n")
    if rename_kept and status in ("renamed", "copied"):
        verb = b"rename" if status == "renamed" else b"copy"
        if file.similarity is not None:
            header.append(b"similarity index %d%%\n" % file.similarity)
        header.append(verb + b" from " + _name("", file.old_path or "") + b"\n")
        header.append(verb + b" to " + _name("", file.new_path or "") + b"\n")
    if outs:
        header.append(_file_line(b"---", "a/", None if creating else a_path))
        header.append(_file_line(b"+++", "b/", None if deleting else b_path))
    body: list[bytes] = []
    delta = 0
    post = "-" if reverse else "+"
    for out in outs:
        pre_count = out.pre_count(pre)
        post_count = sum(1 for line in out.lines if line.kind in (" ", post))
        post_start = out.pre_start + delta
        if pre_count == 0:
            post_start += 1
        if post_count == 0:
            post_start -= 1
        delta += post_count - pre_count
        if reverse:
            head = format_hunk_header(post_start, post_count, out.pre_start, pre_count)
        else:
            head = format_hunk_header(out.pre_start, pre_count, post_start, post_count)
        body.append(head.encode() + b"\n")
        body.extend(line.patch_bytes() for line in out.lines)
    return b"".join(header) + b"".join(body)


def _sub_number(key: str) -> int:
    tail = key.rpartition(".")[2]
    return int(tail) if tail.isdigit() else 0


# ---------------------------------------------------------------------------------------------
# editing a hunk as ``git add -p``'s ``e`` does

EDIT_HINTS = {
    "stage": "If the patch applies cleanly, the edited hunk will immediately be marked for staging.",
    "accept": "If the patch applies cleanly, the edited hunk will immediately be marked as accepted.",
}


def _commented(text: str, comment: str) -> str:
    return "".join(f"{comment} {line}\n" if line else f"{comment}\n" for line in text.split("\n"))


def edit_text(hunk: Hunk, *, hint: str = EDIT_HINTS["stage"], comment: str = "#") -> bytes:
    """The text ``git add -p`` puts in the editor for ``e``: the hunk, with git's guide as comments.

    ``comment`` is git's comment string (``core.commentChar``; see ``GitRepo.comment_string``).
    """
    head = _commented("Manual hunk edit mode -- see bottom for a quick guide.", comment)
    tail = _commented(
        "---\n"
        "To remove '-' lines, make them ' ' lines (context).\n"
        "To remove '+' lines, delete them.\n"
        f"Lines starting with {comment} will be removed.",
        comment,
    )
    tail += _commented(hint, comment)
    tail += _commented(
        "If it does not apply cleanly, you will be given an opportunity to\n"
        "edit again.  If all lines of the hunk are removed, then the edit is\n"
        "aborted and the hunk is left unchanged.",
        comment,
    )
    return head.encode() + hunk.patch_bytes() + tail.encode()


def parse_edited_hunk(data: bytes, original: Hunk, *, comment: str | None = "#") -> Hunk | None:
    """Read the editor's text back into a Hunk; None when every line was removed (aborted).

    As in git: lines starting with ``comment`` (git's ``core.commentChar``; None: no comment
    lines, for text that holds none) are dropped; a leading ``@@`` line sets the start lines
    (its counts are recounted); without one the original's starts are kept. Anything that is not
    a hunk line raises UserError with the reason; the original hunk is not touched.
    """
    lines = split_lines(data)
    if comment:
        marker = comment.encode("utf-8")
        lines = [line for line in lines if not line.startswith(marker)]
    if not lines:
        return None
    old_start, new_start, section = original.old_start, original.new_start, original.section
    if lines[0].startswith(b"@"):
        match = _HUNK_HEADER.match(lines[0].rstrip(b"\n").rstrip(b"\r"))
        if not match:
            raise UserError("the edited hunk's @@ line cannot be read; keep it as it was")
        old_start, new_start = int(match.group(1)), int(match.group(3))
        section = match.group(5).decode("utf-8", "surrogateescape")
        lines = lines[1:]
    body: list[Line] = []
    old_no, new_no = old_start, new_start
    for number, raw in enumerate(lines, 1):
        marker, rest = raw[:1], raw[1:]
        if raw in (b"\n", b"\r\n"):  # an empty line is an empty context line, as in git
            marker, rest = b" ", raw
        if marker == b"\\":
            if not body:
                raise UserError("the edited hunk starts with a '\\ No newline' marker")
            body[-1] = replace(body[-1], raw=body[-1].raw.removesuffix(b"\n"))
            continue
        if marker not in (b" ", b"-", b"+"):
            shown = raw[:40].decode("utf-8", "replace").rstrip("\n")
            raise UserError(
                f"line {number} of the edited hunk ({shown!r}) does not start with ' ', '-' or '+'"
            )
        if body and body[-1].missing_newline:
            raise UserError("the edited hunk has lines after a '\\ No newline at end of file'")
        if not rest.endswith(b"\n"):
            rest += b"\n"  # the editor dropped the final newline of the file
        kind = marker.decode()
        body.append(
            Line(
                kind=kind,  # type: ignore[arg-type]
                raw=rest,
                old_lineno=None if kind == "+" else old_no,
                new_lineno=None if kind == "-" else new_no,
            )
        )
        old_no += kind != "+"
        new_no += kind != "-"
    if not any(line.kind != " " for line in body):
        raise UserError("the edited hunk changes nothing; answer n instead to leave it out")
    return Hunk(
        id=original.id,
        path=original.path,
        kind="text",
        old_start=old_start,
        old_count=sum(1 for line in body if line.kind != "+"),
        new_start=new_start,
        new_count=sum(1 for line in body if line.kind != "-"),
        section=section,
        lines=body,
        parent_id=original.parent_id,
        parent_offset=original.parent_offset,
    )


# ---------------------------------------------------------------------------------------------
# word-level changes


@dataclass(frozen=True)
class Span:
    text: str
    changed: bool  # True where this run of characters differs from the paired line


_PAIR_MIN_RATIO = 0.4  # below this, a removed and an added line are shown as unrelated


def candidate_pairs(hunk: Hunk) -> list[tuple[int, int]]:
    """In each run of ``-`` lines followed by ``+`` lines, the n-th removed line and the n-th
    added one: the pairs the renderer checks with ``lines_are_similar``."""
    pairs: list[tuple[int, int]] = []
    lines = hunk.lines
    i = 0
    while i < len(lines):
        if lines[i].kind != "-":
            i += 1
            continue
        removed_start = i
        while i < len(lines) and lines[i].kind == "-":
            i += 1
        added_start = i
        while i < len(lines) and lines[i].kind == "+":
            i += 1
        for offset in range(min(added_start - removed_start, i - added_start)):
            pairs.append((removed_start + offset, added_start + offset))
    return pairs


def lines_are_similar(old: str, new: str) -> bool:
    """Similar enough for a word diff to help rather than confuse."""
    matcher = difflib.SequenceMatcher(None, old, new, False)
    return matcher.real_quick_ratio() >= _PAIR_MIN_RATIO and matcher.ratio() >= _PAIR_MIN_RATIO


_WORD = re.compile(r"\w+|\s+|[^\w\s]")


def _spans(tokens: list[str], changed: list[bool]) -> list[Span]:
    spans: list[Span] = []
    for token, flag in zip(tokens, changed, strict=True):
        if spans and spans[-1].changed == flag:
            spans[-1] = Span(spans[-1].text + token, flag)
        else:
            spans.append(Span(token, flag))
    return spans


def word_diff(old: str, new: str) -> tuple[list[Span], list[Span]]:
    """Word-level changes between a removed line and the added line paired with it."""
    old_tokens = _WORD.findall(old)
    new_tokens = _WORD.findall(new)
    old_changed = [True] * len(old_tokens)
    new_changed = [True] * len(new_tokens)
    matcher = difflib.SequenceMatcher(None, old_tokens, new_tokens, autojunk=False)
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            old_changed[block.a + k] = False
            new_changed[block.b + k] = False
    return _spans(old_tokens, old_changed), _spans(new_tokens, new_changed)
