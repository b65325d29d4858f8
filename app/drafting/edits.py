"""Model output (whole files, SEARCH/REPLACE blocks, unified diffs) → new file contents, confined.

Pure Python (no textual, no torch) and read-only: this module never writes a file. It turns a
model's answer into `FileEdit`s (a path, the original text the draft was made from, the new text)
and `EditFailure`s (a block that could not be applied, with the model's text and the reason),
so that the review can show successes as hunks and failures as failed hunks.

Public API::

    parse_edits(output, repo_root, *, format=None, originals=None) -> EditResult
    rewrite(repo_root, path, text, *, complete=True, window=None, originals=None) -> EditResult
    rewrite_windows(repo_root, path, [WindowRewrite(start, end, text, complete)]) -> EditResult
    format_instructions(format) -> str          # the prompt text asking for that format
    format_for_backend(backend) -> EditFormat   # "local" → "whole", a server → "search-replace"
    to_file_diffs(edits, *, context=3) -> list[FileDiff]   # via specdraft.core.diffs.parse_diff
    edits_patch(edits, *, context=3) -> bytes   # the same as git-style patch text
    confine(repo_root, path) -> Path            # raises PathRefused; the writer uses it too
    is_stale(repo_root, edit) -> bool           # the file changed since the draft was made
    detect_format(output) -> EditFormat         # what parse_edits does with format=None

``originals`` maps repository-relative paths to the text the prompt showed the model (bytes or
str): it is the base the edits apply to and whose sha256 ``FileEdit.base_hash`` records; a path
not in it is read from disk. A single path in ``originals`` is also the file that a block
without a path refers to (when the answer holds only that one block).

Formats (``EditFormat``):

* ``"whole"``: each changed file's path on a line of its own, then the whole new file in a code
  fence (``` or ~~~, any language tag; the path may also sit in the fence's info string). A
  fence that never closes means the model was cut off: that file fails, nothing of it is used.
  A rewrite that elides code with a comment such as ``# ... rest of the file unchanged`` fails.
  A fence inside the file closes the block only if it has no info string or is as long as the
  opening one (CommonMark, plus ```lang nesting); when a file that can hold fences (Markdown,
  or one whose original has them) is followed by a bare block without a path, the file's block
  may have been closed early, and it fails rather than being applied truncated. A code block
  without a path fails too (it is reported, never dropped).
* ``"search-replace"``: aider-style blocks ``<<<<<<< SEARCH`` / ``=======`` / ``>>>>>>> REPLACE``
  (5 to 9 marker characters; ORIGINAL/UPDATED and Cline's ``------- SEARCH`` / ``+++++++
  REPLACE`` too), after the file's path line, inside code fences or not. Blocks apply in order,
  each against the result of the previous one. An empty SEARCH creates a new file.
* ``"udiff"``: unified diffs (```diff fenced or bare). Hunk line numbers and counts are only
  hints: each hunk's context and ``-`` lines are located like a SEARCH text.

Deleting a file, in every format: a line ``DELETE path/to/file`` on its own, outside code
blocks (in a unified diff, ``+++ /dev/null`` does it too).

Locating a SEARCH text (or a hunk's old lines) is exact first, then with trailing whitespace
ignored, then with a uniform indentation shift (the same whitespace prefix added to, or taken
from, every non-blank line; the REPLACE text is shifted the same way and a note says so). At
each step the text must match exactly once; several matches are a failure ("add more context"),
never a guess; so is no match, with the closest place in the file named. (In a unified diff a
match at exactly the line the hunk header names is taken among several.)

Text keeps the file's own form: line endings (CRLF files stay CRLF; in a file with mixed endings
unchanged lines keep theirs), the final-newline state (unless a diff's ``\\ No newline`` marker
changes it), and bytes that are not UTF-8 (decoded with surrogateescape, so they round-trip).
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from specdraft.core.diffs import FileDiff, format_hunk_header, parse_diff, quote_path, split_lines
from specdraft.core.errors import UserError

EditFormat = Literal["whole", "search-replace", "udiff"]
FORMATS: tuple[EditFormat, ...] = ("whole", "search-replace", "udiff")


class PathRefused(UserError):
    """A path from model output that would leave the repository or enter .git."""


# ---------------------------------------------------------------------------------------------
# results


@dataclass(frozen=True)
class EditFailure:
    """A block of model output that was not applied, and why (the review shows it as failed)."""

    path: str | None  # as the model wrote it, cleaned of markdown; None when it gave none
    block: str  # the model's text of the block, verbatim
    reason: str  # one line: what went wrong and what would fix it
    line: int = 0  # 1-based line in the model output where the block starts

    def summary(self) -> str:
        return f"{self.path or '(no path)'}: {self.reason}"


@dataclass
class FileEdit:
    """One file's new contents, computed from the original it was drafted from."""

    path: str  # relative to the repository root, "/" separated, confined
    old_text: str | None  # None: the file did not exist (a new file)
    new_text: str | None  # None: the file is deleted
    base_hash: str | None  # sha256 of the original bytes; None when the file did not exist
    mode: str = "100644"  # the original file's git mode (for a deletion's header)
    notes: list[str] = field(default_factory=list)  # e.g. re-indented blocks, duplicates

    @property
    def status(self) -> Literal["added", "deleted", "modified"]:
        if self.old_text is None:
            return "added"
        return "deleted" if self.new_text is None else "modified"

    @property
    def old_bytes(self) -> bytes | None:
        return None if self.old_text is None else self.old_text.encode("utf-8", "surrogateescape")

    @property
    def new_bytes(self) -> bytes | None:
        return None if self.new_text is None else self.new_text.encode("utf-8", "surrogateescape")


@dataclass
class EditResult:
    """Everything a model answer amounts to: the files it changes and the blocks that failed."""

    files: list[FileEdit] = field(default_factory=list)
    failures: list[EditFailure] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)  # paths edited back to what they were
    format: EditFormat = "whole"

    @property
    def ok(self) -> bool:
        return not self.failures

    def file(self, path: str) -> FileEdit | None:
        return next((edit for edit in self.files if edit.path == path), None)


# ---------------------------------------------------------------------------------------------
# paths


def _is_git_name(component: str) -> bool:
    # ".git" in any case; Windows and macOS also open ".git." / ".git " and the 8.3 name "git~1"
    name = component.lower().rstrip(". ")
    return name in (".git", "git~1")


def _path_problem(text: str) -> str | None:
    if not text:
        return "the path is empty"
    if "\x00" in text:
        return "it contains a NUL byte"
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in text):
        return "it contains a control character"
    if any(0xD800 <= ord(char) <= 0xDFFF for char in text):
        return "it contains bytes that are not UTF-8"
    if "\\" in text:
        return "it contains a backslash (use / between directories)"
    if text.startswith("/"):
        return "it is an absolute path; give a path relative to the repository root"
    if re.match(r"^[A-Za-z]:", text):
        return "it starts with a drive letter; give a path relative to the repository root"
    if text.startswith("~"):
        return "it starts with ~ (a home directory); give a path inside the repository"
    parts = text.split("/")
    if ".." in parts:
        return "it goes up a directory with '..'"
    if any(_is_git_name(part) for part in parts):
        return "it is inside .git, the repository's own data"
    if not [part for part in parts if part not in ("", ".")]:
        return "it names the repository root, not a file"
    return None


def confine(repo_root: str | os.PathLike[str], path: str | os.PathLike[str]) -> Path:
    """The absolute path for ``path`` inside ``repo_root``; PathRefused when it would leave it.

    Refused: empty paths, NUL and control characters, undecodable bytes, backslashes, absolute
    and drive-letter paths, ``~``, any ``..`` component, any ``.git`` component (any case, at any
    depth), and paths whose existing part resolves through a symbolic link to a place outside
    the repository or inside its ``.git``. The returned path is the repository root (resolved)
    joined with the normalised relative path (symbolic links inside the tree left as they are).
    """
    text = os.fsdecode(path)
    problem = _path_problem(text)
    if problem:
        raise PathRefused(f"refused the path {text!r}: {problem}")
    root = Path(repo_root).resolve()
    parts = [part for part in text.split("/") if part not in ("", ".")]
    target = root.joinpath(*parts)
    try:
        real = target.resolve()
    except (OSError, RuntimeError):  # a symbolic link loop
        raise PathRefused(f"refused the path {text!r}: a symbolic link loop") from None
    try:
        inside = real.relative_to(root)
    except ValueError:
        raise PathRefused(
            f"refused the path {text!r}: it leads out of the repository through a symbolic "
            f"link (to {real})"
        ) from None
    if any(_is_git_name(part) for part in inside.parts):
        raise PathRefused(f"refused the path {text!r}: it leads into .git through a symbolic link")
    return target


def _relative(repo_root: Path, path: str) -> str:
    """The confined path as a repository-relative "/" path (raises PathRefused)."""
    return confine(repo_root, path).relative_to(repo_root.resolve()).as_posix()


def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def is_stale(repo_root: str | os.PathLike[str], edit: FileEdit) -> bool:
    """True when the file on disk is no longer the one the edit was drafted from."""
    target = confine(repo_root, edit.path)
    if not target.exists() and not target.is_symlink():
        return edit.base_hash is not None
    if target.is_symlink() or not target.is_file():
        return True  # a link, directory or special file now stands where the file was
    try:
        data = target.read_bytes()
    except OSError:
        return True
    return edit.base_hash != _hash(data)


# ---------------------------------------------------------------------------------------------
# a file as lines


@dataclass
class _Doc:
    """A text file as lines (without endings) and their endings, plus its own conventions."""

    lines: list[str]
    endings: list[str]  # "\n", "\r\n", or "" for a last line without one
    eol: str  # the ending new lines get: the file's most common one
    final_newline: bool

    @classmethod
    def parse(cls, text: str) -> _Doc:
        parts = text.split("\n")
        last = parts.pop()
        lines: list[str] = []
        endings: list[str] = []
        for part in parts:
            if part.endswith("\r"):
                lines.append(part[:-1])
                endings.append("\r\n")
            else:
                lines.append(part)
                endings.append("\n")
        if last:
            lines.append(last)
            endings.append("")
        crlf = endings.count("\r\n")
        eol = "\r\n" if crlf > endings.count("\n") else "\n"
        return cls(lines, endings, eol, not lines or endings[-1] != "")

    @classmethod
    def new(cls, lines: list[str], final_newline: bool = True) -> _Doc:
        return cls(list(lines), ["\n"] * len(lines), "\n", final_newline)

    def render(self) -> str:
        out = []
        last = len(self.lines) - 1
        for i, (line, ending) in enumerate(zip(self.lines, self.endings, strict=True)):
            if i == last:
                ending = (ending or self.eol) if self.final_newline else ""
            elif not ending:
                ending = self.eol
            out.append(line + ending)
        return "".join(out)

    def replace(self, start: int, count: int, new_lines: list[str]) -> None:
        old_lines = self.lines[start : start + count]
        old_endings = self.endings[start : start + count]
        self.lines[start : start + count] = new_lines
        self.endings[start : start + count] = _endings_for(
            old_lines, old_endings, new_lines, self.eol
        )


def _endings_for(
    old_lines: list[str], old_endings: list[str], new_lines: list[str], eol: str
) -> list[str]:
    """Endings for new lines: the file's own, and an unchanged line's old one in mixed files."""
    endings = [eol] * len(new_lines)
    if len({ending for ending in old_endings if ending} - {eol}) == 0:
        return endings
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            endings[block.b + k] = old_endings[block.a + k] or eol
    return endings


# ---------------------------------------------------------------------------------------------
# locating a SEARCH text


@dataclass(frozen=True)
class _Match:
    start: int
    level: str  # "exact", "trailing whitespace", "indentation"
    prefix: str = ""  # indentation difference
    direction: int = 0  # +1: the file has `prefix` more than the block; -1: less


def _matches(doc: list[str], search: list[str]) -> tuple[str, list[_Match]]:
    """The first tolerance level at which ``search`` matches, and every match at that level."""
    n, m = len(doc), len(search)
    if m == 0 or m > n:
        return "exact", []
    found = [
        _Match(i, "exact")
        for i in range(n - m + 1)
        if doc[i] == search[0] and doc[i : i + m] == search
    ]
    if found:
        return "exact", found
    doc_r = [line.rstrip() for line in doc]
    search_r = [line.rstrip() for line in search]
    found = [
        _Match(i, "trailing whitespace")
        for i in range(n - m + 1)
        if doc_r[i] == search_r[0] and doc_r[i : i + m] == search_r
    ]
    if found:
        return "trailing whitespace", found
    first = next((j for j, line in enumerate(search_r) if line.strip()), None)
    if first is None:
        return "indentation", []
    found = []
    for i in range(n - m + 1):
        file_line, block_line = doc_r[i + first], search_r[first]
        if file_line.strip() != block_line.strip():
            continue
        if len(file_line) > len(block_line) and file_line.endswith(block_line):
            prefix, direction = file_line[: len(file_line) - len(block_line)], 1
        elif len(block_line) > len(file_line) and block_line.endswith(file_line):
            prefix, direction = block_line[: len(block_line) - len(file_line)], -1
        else:
            continue
        if prefix.strip():
            continue
        ok = True
        for j in range(m):
            f, s = doc_r[i + j], search_r[j]
            if not s.strip():
                ok = not f.strip()
            elif direction == 1:
                ok = f == prefix + s
            else:
                ok = s == prefix + f
            if not ok:
                break
        if ok:
            found.append(_Match(i, "indentation", prefix, direction))
    return "indentation", found


def _reindent(lines: list[str], match: _Match) -> list[str] | None:
    """The REPLACE lines shifted as the match was; None when one lacks the indentation to remove."""
    if match.level != "indentation":
        return list(lines)
    out = []
    for line in lines:
        if not line.strip():
            out.append(line)
        elif match.direction == 1:
            out.append(match.prefix + line)
        elif line.startswith(match.prefix):
            out.append(line[len(match.prefix) :])
        else:
            return None
    return out


def _shown(line: str, width: int = 60) -> str:
    text = line.strip()
    if not text:
        return "a blank line"
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def _closest(doc: list[str], search: list[str]) -> str:
    """Where the file comes nearest to the search text, for the failure message."""
    if not doc:
        return "the file is empty"
    doc_s = [line.strip() for line in doc]
    search_s = [line.strip() for line in search]
    m = len(search_s)
    # score each window start by how many non-blank lines agree: vote from each search line's
    # occurrences in the file (linear in the file, not file length × block length)
    where: dict[str, list[int]] = {}
    for i, line in enumerate(doc_s):
        if line:
            where.setdefault(line, []).append(i)
    last_start = max(0, len(doc_s) - m)
    votes: dict[int, int] = {}
    for j, line in enumerate(search_s):
        for i in where.get(line, ()) if line else ():
            if 0 <= i - j <= last_start:
                votes[i - j] = votes.get(i - j, 0) + 1
    best, best_at = 0, -1
    for start in sorted(votes):
        if votes[start] > best:
            best, best_at = votes[start], start
    if best_at < 0:
        # no line agrees exactly: name the line most like the block's first one, with difflib
        # on the few lines that share the most words with it (linear in the file's length)
        first = next((line for line in search_s if line), "")
        first_words = set(re.findall(r"\w+", first))
        shared = sorted(
            range(len(doc_s)),
            key=lambda i: -len(first_words & set(re.findall(r"\w+", doc_s[i]))),
        )[:20]
        ratios = [(difflib.SequenceMatcher(None, first, doc_s[i]).ratio(), -i) for i in shared]
        ratio, minus_line = max(ratios, default=(0.0, 0))
        if ratio >= 0.6:
            return f"closest line: {-minus_line + 1}: {_shown(doc_s[-minus_line])}"
        return "no line of it is in the file"
    nonblank = sum(1 for line in search_s if line)
    for j, expected in enumerate(search_s):
        at = best_at + j
        actual = doc_s[at] if at < len(doc_s) else None
        if actual != expected:
            have = "the file ends" if actual is None else f"the file has {_shown(actual)}"
            return (
                f"closest match at line {best_at + 1}, {best} of {nonblank} lines agree; "
                f"at line {at + 1} {have}, the block has {_shown(expected)}"
            )
    return f"closest match at line {best_at + 1}"


def _trim_blank_edges(search: list[str], replace: list[str]) -> tuple[list[str], list[str]]:
    """Drop blank lines at both ends of the search text (and as many from the replacement)."""
    lead = 0
    while lead < len(search) and not search[lead].strip():
        lead += 1
    tail = 0
    while tail < len(search) - lead and not search[len(search) - 1 - tail].strip():
        tail += 1
    r_lead = 0
    while r_lead < min(lead, len(replace)) and not replace[r_lead].strip():
        r_lead += 1
    r_tail = 0
    while (
        r_tail < min(tail, len(replace) - r_lead) and not replace[len(replace) - 1 - r_tail].strip()
    ):
        r_tail += 1
    return search[lead : len(search) - tail], replace[r_lead : len(replace) - r_tail]


# ---------------------------------------------------------------------------------------------
# reading model output

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_SEARCH = re.compile(r"^\s*(?:<{5,9}|-{5,9})\s*(?:SEARCH|ORIGINAL)\b.*$")
_DIVIDER = re.compile(r"^\s*={5,9}\s*$")
_REPLACE = re.compile(r"^\s*(?:>{5,9}|\+{5,9})\s*(?:REPLACE|UPDATED)\b.*$")
_DELETE = re.compile(r"^\s*(?:[-*]\s+)?[`*]*DELETE[`*]*:?\s+[`*'\"]*([^\s`*'\"]+)[`*'\"]*\s*$")
_HUNK = re.compile(r"^@@\s*-(\d+)(?:,(\d+))?\s+\+(\d+)(?:,(\d+))?\s*@@")
_EXTENSION_PATH = re.compile(r"^[^\s]*(?:/[^\s]*|\.[A-Za-z0-9_+-]{1,12})$")
_PLAIN_NAMES = {
    "Makefile", "Dockerfile", "LICENSE", "README", "Procfile", "Gemfile", "Rakefile",
    "Jenkinsfile", "Vagrantfile", "CMakeLists.txt", "Containerfile", "Justfile", "justfile",
}  # fmt: skip
_COMMENT = re.compile(r"^\s*(?:#|//|/\*|<!--|--|;|\*|\{/\*|%|\"\"\"|''')")
_ELISION_WORDS = re.compile(
    r"\b(?:rest|remainder|remaining|existing|unchanged|same|omitted|previous|original|other)\b",
    re.IGNORECASE,
)
_ELISION_PHRASE = re.compile(
    r"\b(?:rest of (?:the )?(?:file|code|class|function|module|methods?)|existing code|"
    r"remains? (?:unchanged|the same)|unchanged (?:code|lines)|code (?:unchanged|omitted))\b",
    re.IGNORECASE,
)


def _clean_path(text: str) -> str:
    """A path as the model decorated it (headings, bold, backticks, "File:", a colon) → bare."""
    text = text.strip()
    text = re.sub(r"^#{1,6}\s+", "", text)
    text = re.sub(r"^(?:[-*+]|\d+\.)\s+", "", text)
    for _ in range(3):
        text = re.sub(r"^(?:file(?:name)?|path)\s*:\s*", "", text, flags=re.IGNORECASE)
        text = text.strip().strip("*_`'\"").rstrip(":").strip()
        text = re.sub(
            r"\s+\((?:new|new file|created|updated|modified|changed|edited)\)$",
            "",
            text,
            flags=re.I,
        )
    return text


def _path_candidate(line: str, known: Iterable[str]) -> str | None:
    """The path on a line that holds only a path (after markdown), else None."""
    text = _clean_path(line)
    if not text or "://" in text:
        return None
    if text in known:
        return text
    if any(char.isspace() for char in text):
        return None
    if _EXTENSION_PATH.match(text) or text.rsplit("/", 1)[-1] in _PLAIN_NAMES:
        return text
    return None


def _path_from_info(info: str, known: Iterable[str]) -> str | None:
    """A path in a fence's info string: ```python src/x.py, ```src/x.py, ```py:src/x.py, title=."""
    for token in re.split(r"[\s]+", info.strip()):
        token = re.sub(r"^(?:title|file(?:name)?|path)=", "", token).strip("'\"")
        for piece in (token, token.partition(":")[2]):
            if piece and _path_candidate(piece, known):
                return _clean_path(piece)
    return None


def _fence_end(lines: list[str], start: int, char: str, length: int) -> int | None:
    """The line that closes the fence opened at ``start``; None when the output ends first.

    An inner fence with an info string (```python inside a Markdown file) opens a nested block
    that the next bare fence closes; a bare fence of at least the opening length closes ours.
    """
    depth = 0
    for j in range(start + 1, len(lines)):
        match = _FENCE.match(lines[j])
        if not match or match.group(1)[0] != char:
            continue
        if match.group(2).strip():
            if char == "`" and "`" in match.group(2):
                continue
            depth += 1
        elif depth:
            depth -= 1
        elif len(match.group(1)) >= length:
            return j
    return None


class _Builder:
    """Per-file state while the blocks of one answer are applied in order."""

    def __init__(
        self, repo_root: str | os.PathLike[str], originals: Mapping[str, bytes | str] | None
    ):
        self.root = Path(repo_root)
        self.originals = {
            "/".join(part for part in key.split("/") if part not in ("", ".")): (
                value.encode("utf-8", "surrogateescape") if isinstance(value, str) else value
            )
            for key, value in (originals or {}).items()
        }
        self.known = set(self.originals)
        self.states: dict[str, _State] = {}
        self.failures: list[EditFailure] = []

    def fail(self, path: str | None, block: str, reason: str, line: int) -> None:
        self.failures.append(EditFailure(path, block, reason, line))

    def sole_path(self) -> str | None:
        return next(iter(self.known)) if len(self.known) == 1 else None

    def state(self, raw_path: str, block: str, line: int) -> _State | None:
        """The state of a file named by the model; None (a failure recorded) when refused."""
        path = _clean_path(raw_path)
        try:
            rel = _relative(self.root, path)
        except PathRefused as error:
            self.fail(path, block, str(error), line)
            return None
        if rel in self.states:
            return self.states[rel]
        mode = "100644"
        target = confine(self.root, rel)
        try:
            if target.is_file() and target.stat().st_mode & stat.S_IXUSR:
                mode = "100755"
        except OSError:
            pass
        if rel in self.originals:
            data: bytes | None = self.originals[rel]
        else:
            if target.is_symlink():
                self.fail(rel, block, f"{rel} is a symbolic link; edit the file it points to", line)
                return None
            if target.exists() and not target.is_file() and not target.is_dir():
                self.fail(rel, block, f"{rel} is not a regular file", line)
                return None
            try:
                data = target.read_bytes()
            except FileNotFoundError:
                data = None
            except IsADirectoryError:
                self.fail(rel, block, f"{rel} is a directory, not a file", line)
                return None
            except NotADirectoryError:
                self.fail(rel, block, f"a parent directory of {rel} is a file", line)
                return None
            except OSError as error:
                self.fail(rel, block, f"cannot read {rel}: {error.strerror}", line)
                return None
        if data is not None and b"\0" in data:
            self.fail(rel, block, f"{rel} is a binary file; it cannot be edited as text", line)
            return None
        text = None if data is None else data.decode("utf-8", "surrogateescape")
        state = _State(rel, data, text, None if text is None else _Doc.parse(text), mode)
        self.states[rel] = state
        return state

    def delete(self, raw_path: str, block: str, line: int) -> None:
        state = self.state(raw_path, block, line)
        if state is None:
            return
        if state.doc is None:
            self.fail(state.path, block, f"cannot delete {state.path}: there is no such file", line)
            return
        state.doc = None

    def result(self, format: EditFormat) -> EditResult:
        result = EditResult(failures=self.failures, format=format)
        for state in self.states.values():
            new_text = None if state.doc is None else state.doc.render()
            try:
                (new_text or "").encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:
                result.failures.append(
                    EditFailure(
                        state.path,
                        new_text or "",
                        f"the new text of {state.path} holds characters that cannot be written "
                        "as UTF-8 (lone surrogates); not applied",
                    )
                )
                continue
            if new_text == state.text:
                if state.touched:
                    result.unchanged.append(state.path)
                continue
            result.files.append(
                FileEdit(
                    path=state.path,
                    old_text=state.text,
                    new_text=new_text,
                    base_hash=None if state.data is None else _hash(state.data),
                    mode=state.mode,
                    notes=state.notes,
                )
            )
        return result


@dataclass
class _State:
    path: str
    data: bytes | None  # the original bytes
    text: str | None  # the original text (surrogateescape)
    doc: _Doc | None  # the current contents; None: absent or deleted
    mode: str
    notes: list[str] = field(default_factory=list)
    touched: bool = False
    rewrites: int = 0


def _replace_block(
    b: _Builder,
    state: _State,
    search: list[str],
    replace: list[str],
    block: str,
    line: int,
    *,
    what: str = "the SEARCH text",
    plural: bool = False,
    hint: int | None = None,
) -> _Match | None:
    """Find ``search`` in the file and put ``replace`` there; record a failure otherwise."""
    doc = state.doc
    assert doc is not None
    known_lines = {text.strip() for text in search} | {text.strip() for text in doc.lines}
    elided = next((text for text in replace if _is_elision(text, known_lines)), None)
    if elided is not None:
        b.fail(
            state.path,
            block,
            f"the replacement leaves code out ({_shown(elided)}); it would delete that code: "
            "ask for the lines in full",
            line,
        )
        return None
    level, found = _matches(doc.lines, search)
    if not found:
        trimmed_search, trimmed_replace = _trim_blank_edges(search, replace)
        if trimmed_search and trimmed_search != search:
            level, found = _matches(doc.lines, trimmed_search)
            if found:
                search, replace = trimmed_search, trimmed_replace
    if not found:
        b.fail(
            state.path,
            block,
            f"{what} {'are' if plural else 'is'} not in {state.path} ({_closest(doc.lines, search)})",
            line,
        )
        return None
    if len(found) > 1:
        at_hint = [match for match in found if match.start == hint]
        if len(at_hint) == 1:
            found = at_hint
        else:
            where = ", ".join(str(match.start + 1) for match in found[:5])
            more = ", ..." if len(found) > 5 else ""
            b.fail(
                state.path,
                block,
                f"{what} {'match' if plural else 'matches'} {len(found)} times in {state.path} (lines {where}{more}); "
                "add more context lines to make it unique",
                line,
            )
            return None
    match = found[0]
    new_lines = _reindent(replace, match)
    if new_lines is None:
        b.fail(
            state.path,
            block,
            f"{what} matched at line {match.start + 1} of {state.path} only with "
            f"{len(match.prefix)} columns less indentation, and the replacement has lines "
            "without that indentation",
            line,
        )
        return None
    if match.level == "indentation":
        shift = f"{'in' if match.direction == 1 else 'de'}dented by {match.prefix!r}"
        state.notes.append(
            f"block at output line {line} matched line {match.start + 1} only when {shift}; "
            "the replacement was shifted the same way"
        )
    elif match.level == "trailing whitespace":
        state.notes.append(
            f"block at output line {line} matched line {match.start + 1} "
            "with trailing whitespace ignored"
        )
    if match.level != "exact":
        # lines the block keeps as they were come back exactly as the file has them (their
        # trailing whitespace and indentation), not as the model retyped them
        matched = doc.lines[match.start : match.start + len(search)]
        kept = difflib.SequenceMatcher(None, search, replace, autojunk=False)
        for same in kept.get_matching_blocks():
            for k in range(same.size):
                new_lines[same.b + k] = matched[same.a + k]
    doc.replace(match.start, len(search), new_lines)
    state.touched = True
    return match


# ---------------------------------------------------------------------------------------------
# the three formats


def _stray_block(b: _Builder, lines: list[str], at: int, end: int | None, reason: str) -> None:
    """A fenced block under a file path, in an answer of another format: reported, not used."""
    fence = _FENCE.match(lines[at])
    path = _path_from_info(fence.group(2), b.known) if fence else None
    path_line = at
    if path is None:
        j = at - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        if j < 0:
            return
        path, path_line = _path_candidate(lines[j], b.known), j
    if path is None:
        return  # a snippet in the chatter (a command, an example): not an edit
    stop = len(lines) if end is None else end + 1
    b.fail(path, "\n".join(lines[path_line:stop]), reason.format(path=path), path_line + 1)


def _parse_search_replace(b: _Builder, lines: list[str]) -> None:
    last_path: str | None = None
    fenced: tuple[str, int] | None = None  # the fence around the blocks being read
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        delete = _DELETE.match(line)
        if delete:
            b.delete(delete.group(1), line, i + 1)
            i += 1
            continue
        fence = _FENCE.match(line)
        if fence:
            char, length = fence.group(1)[0], len(fence.group(1))
            if fenced is not None:
                if char == fenced[0] and length >= fenced[1] and not fence.group(2).strip():
                    fenced = None
                i += 1
                continue
            end = _fence_end(lines, i, char, length)
            if any(_SEARCH.match(text) for text in lines[i + 1 : n if end is None else end]):
                fenced = (char, length)
                i += 1
                continue
            _stray_block(
                b,
                lines,
                i,
                end,
                "a code block for {path} without SEARCH/REPLACE markers; not applied (for a new "
                "file, put it in the REPLACE part of a block with an empty SEARCH)",
            )
            i = n if end is None else end + 1
            continue
        if not _SEARCH.match(line):
            i += 1
            continue
        start = i
        path, path_line = _path_before(lines, i, b.known)
        if path is None:
            path = last_path or b.sole_path()
        else:
            start = path_line
        j = i + 1
        while j < n and not (
            _DIVIDER.match(lines[j]) or _SEARCH.match(lines[j]) or _REPLACE.match(lines[j])
        ):
            j += 1
        if j >= n or not _DIVIDER.match(lines[j]):
            block = "\n".join(lines[start : min(j + 1, n)])
            if j >= n:
                reason = (
                    "the output ends inside this block (no ======= line): was the model cut off?"
                )
            else:
                reason = "the block has no ======= line between its SEARCH and REPLACE parts"
            b.fail(path, block, reason, start + 1)
            i = j + 1 if j < n and _REPLACE.match(lines[j]) else j
            continue
        k = j + 1
        while k < n and not (_REPLACE.match(lines[k]) or _SEARCH.match(lines[k])):
            k += 1
        block = "\n".join(lines[start : min(k + 1, n)])
        if k >= n or not _REPLACE.match(lines[k]):
            reason = (
                "the output ends inside this block (no >>>>>>> REPLACE line): "
                "was the model cut off?"
                if k >= n
                else "the block has no >>>>>>> REPLACE line before the next SEARCH"
            )
            b.fail(path, block, reason, start + 1)
            i = k
            continue
        search, replace = lines[i + 1 : j], lines[j + 1 : k]
        i = k + 1
        if path is None:
            b.fail(
                None,
                block,
                "no file path before this block; put the path on the line above it",
                start + 1,
            )
            continue
        last_path = path
        state = b.state(path, block, start + 1)
        if state is None:
            continue
        if not any(text.strip() for text in search):
            if state.doc is None:
                state.doc = _Doc.new(replace)
                state.touched = True
            elif not any(text.strip() for text in state.doc.lines):
                state.doc.replace(0, len(state.doc.lines), replace)
                state.touched = True
            else:
                b.fail(
                    state.path,
                    block,
                    f"the SEARCH text is empty but {state.path} already exists and is not empty; "
                    "quote the lines to replace",
                    start + 1,
                )
            continue
        if state.doc is None:
            b.fail(
                state.path, block, f"{state.path} does not exist (or was deleted above)", start + 1
            )
            continue
        _replace_block(b, state, search, replace, block, start + 1)


def _path_before(lines: list[str], marker: int, known: set[str]) -> tuple[str | None, int]:
    """The path named just above a SEARCH marker (blank and fence lines skipped), and its line."""
    j = marker - 1
    while j >= 0:
        text = lines[j]
        fence = _FENCE.match(text)
        if fence:
            info_path = _path_from_info(fence.group(2), known)
            if info_path:
                return info_path, j
            j -= 1
            continue
        if not text.strip():
            j -= 1
            continue
        break
    if j < 0 or _REPLACE.match(lines[j]):
        return None, marker
    path = _path_candidate(lines[j], known) or _mentioned_path(lines[j], known)
    return (path, j) if path is not None else (None, marker)


def _mentioned_path(line: str, known: set[str]) -> str | None:
    """The one context file a sentence names ("Here is the updated `src/x.py`:"), else None."""
    words = {word.strip("`*'\"()[],;:!?") for word in line.split()}
    words |= {word.rstrip(".") for word in words}
    named = words & known
    return named.pop() if len(named) == 1 else None


def _is_elision(line: str, original: set[str]) -> bool:
    if line.strip() in original or not _COMMENT.match(line):
        return False
    if ("..." in line or "…" in line) and _ELISION_WORDS.search(line):
        return True
    return bool(_ELISION_PHRASE.search(line))


def _set_whole(b: _Builder, state: _State, new_lines: list[str], block: str, line: int) -> None:
    """Replace a file's contents with a rewrite (its line endings and final newline state kept)."""
    original = (
        set() if state.text is None else {text.strip() for text in _Doc.parse(state.text).lines}
    )
    elided = next((text for text in new_lines if _is_elision(text, original)), None)
    if elided is not None and state.text is not None:
        b.fail(
            state.path,
            block,
            f"the rewrite of {state.path} leaves code out ({_shown(elided)}); "
            "ask for the whole file",
            line,
        )
        return
    if state.rewrites:
        state.notes.append(
            f"{state.path} was rewritten again at output line {line}; the last version is used"
        )
    state.rewrites += 1
    if state.doc is None:
        state.doc = _Doc.new(new_lines)
    else:
        state.doc.replace(0, len(state.doc.lines), new_lines)
    state.touched = True


@dataclass
class _Block:
    """A code block of a whole-file answer (or a DELETE line)."""

    start: int  # the opening fence's line
    end: int | None  # the closing fence's line; None: the output ended first
    path: str | None
    path_line: int  # where the block's text starts (its path line, or the fence)
    char: str = "`"
    bare: bool = True  # the fence has no info string
    delete: str | None = None  # a DELETE line's path
    named: tuple[str, ...] = ()  # several different paths above it: which one is meant?


_MARKUP_SUFFIXES = (".md", ".markdown", ".mdx", ".rst", ".txt", ".adoc")


def _may_hold_fences(b: _Builder, block: _Block) -> bool:
    """Whether the file of ``block`` can contain fence lines that would close the block early."""
    path = block.path or ""
    if path.lower().endswith(_MARKUP_SUFFIXES):
        return True
    try:
        rel = _relative(b.root, _clean_path(path))
    except PathRefused:
        return False
    data = b.originals.get(rel)
    if data is None:
        try:
            data = confine(b.root, rel).read_bytes()
        except OSError:
            return False
    text = data.decode("utf-8", "replace")
    return any(
        (match := _FENCE.match(line)) and match.group(1)[0] == block.char
        for line in text.splitlines()
    )


def _parse_whole(b: _Builder, lines: list[str]) -> None:
    blocks: list[_Block] = []
    pending: list[tuple[str, int]] = []  # path lines since the last block
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence:
            char = fence.group(1)[0]
            end = _fence_end(lines, i, char, len(fence.group(1)))
            path = _path_from_info(fence.group(2), b.known)
            path_line = i
            named = tuple(dict.fromkeys(name for name, _ in pending))
            if path is None and len(named) == 1:
                path, path_line = pending[-1]
            if path is None and not named:
                above = next((k for k in range(i - 1, -1, -1) if lines[k].strip()), None)
                if above is not None and not _FENCE.match(lines[above]):
                    path = _mentioned_path(lines[above], b.known)
                    path_line = above if path is not None else i
            block = _Block(i, end, path, path_line, char, not fence.group(2).strip())
            if path is None and len(named) > 1:
                block.named = named
            blocks.append(block)
            pending = []
            if end is None:
                break
            i = end + 1
            continue
        delete = _DELETE.match(line)
        if delete:
            blocks.append(_Block(i, i, None, i, delete=delete.group(1)))
            pending = []
        else:
            candidate = _path_candidate(line, b.known)
            if candidate is not None:
                pending.append((candidate, i))
        i += 1
    code_blocks = [block for block in blocks if block.delete is None]
    # A file's block followed by a bare block without a path (before the next file) may have been
    # closed early by a fence inside the file, the rest of the file being that "other" block:
    # when the file can hold such fences (or the other block never closes), neither is used.
    early: set[int] = set()
    for index, block in enumerate(blocks):
        if block.path is None or block.end is None or block.delete is not None:
            continue
        for later in blocks[index + 1 :]:
            if later.path is not None or later.delete is not None:
                break
            if later.end is None or (later.bare and _may_hold_fences(b, block)):
                early.add(index)
                break
    for index, block in enumerate(blocks):
        if block.delete is not None:
            b.delete(block.delete, lines[block.start], block.start + 1)
            continue
        end = block.end
        text = "\n".join(lines[block.path_line : len(lines) if end is None else end + 1])
        path = block.path
        if path is None and len(code_blocks) == 1 and not block.named:
            path = b.sole_path()
        if end is None:
            b.fail(
                path,
                text,
                "the output ends inside this code block (no closing fence): the model was cut "
                "off; nothing of it is used",
                block.path_line + 1,
            )
        elif index in early:
            b.fail(
                path,
                text,
                "this block may end early, at a fence inside the file (a block without a path "
                "follows it); not applied: ask for the file in a longer fence (````)",
                block.path_line + 1,
            )
        elif path is None and block.named:
            b.fail(
                None,
                text,
                f"several file paths before this block ({', '.join(block.named)}); not applied: "
                "put the path of the file right above its block",
                block.start + 1,
            )
        elif path is None:
            b.fail(
                None, text, "a code block with no file path before it; not applied", block.start + 1
            )
        else:
            state = b.state(path, text, block.path_line + 1)
            if state is not None:
                _set_whole(b, state, lines[block.start + 1 : end], text, block.path_line + 1)


@dataclass
class _DiffHunk:
    old_start: int | None
    lines: list[tuple[str, str]]  # (" " | "-" | "+", text)
    line: int  # 1-based line in the output
    header: str
    no_newline_old: bool = False
    no_newline_new: bool = False

    def text(self) -> str:
        return "\n".join([self.header] + [kind + text for kind, text in self.lines])


@dataclass
class _DiffFile:
    old: str | None
    new: str | None
    line: int
    header: str
    hunks: list[_DiffHunk] = field(default_factory=list)
    truncated: bool = False


def _diff_path(text: str) -> str | None:
    text = text.split("\t", 1)[0].strip()
    if text.startswith('"') and text.endswith('"') and len(text) > 1:
        text = text[1:-1]
    return None if text == "/dev/null" else text


def _read_diff(
    lines: list[str], start: int, stop: int, fenced: bool
) -> tuple[list[_DiffFile], int]:
    """Files and hunks of a unified diff in lines[start:stop]; returns them and where it ended."""
    files: list[_DiffFile] = []
    hunk: _DiffHunk | None = None
    i = start
    while i < stop:
        line = lines[i]
        if line.startswith("--- ") and i + 1 < stop and lines[i + 1].startswith("+++ "):
            old, new = _diff_path(line[4:]), _diff_path(lines[i + 1][4:])
            if old and new and old.startswith("a/") and new.startswith("b/"):
                old, new = old[2:], new[2:]
            elif old is None and new and new.startswith("b/"):
                new = new[2:]
            elif new is None and old and old.startswith("a/"):
                old = old[2:]
            files.append(_DiffFile(old, new, i + 1, line + "\n" + lines[i + 1]))
            hunk = None
            i += 2
            continue
        if line.startswith("@@"):
            match = _HUNK.match(line)
            if not files:
                files.append(_DiffFile("", "", i + 1, ""))  # no header: the sole context file
            hunk = _DiffHunk(int(match.group(1)) if match else None, [], i + 1, line)
            files[-1].hunks.append(hunk)
            i += 1
            continue
        if hunk is not None and (line == "" or line[0] in " -+\\"):
            if line.startswith("\\"):
                if hunk.lines:
                    kind = hunk.lines[-1][0]
                    if kind in " -":
                        hunk.no_newline_old = True
                    if kind in " +":
                        hunk.no_newline_new = True
            else:
                hunk.lines.append((" ", "") if line == "" else (line[0], line[1:]))
            i += 1
            continue
        if line.startswith(
            ("diff ", "index ", "Index: ", "new file mode", "deleted file mode", "old mode",
             "new mode", "similarity", "rename ", "====")
        ):  # fmt: skip
            hunk = None
            i += 1
            continue
        if not fenced:
            break
        hunk = None  # chatter inside the fence ends a hunk
        i += 1
    for diff_file in files:
        for h in diff_file.hunks:
            while h.lines and h.lines[-1] == (" ", ""):  # blank separators, not context
                h.lines.pop()
    return files, i


def _parse_udiff(b: _Builder, lines: list[str]) -> None:
    files: list[_DiffFile] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence:
            end = _fence_end(lines, i, fence.group(1)[0], len(fence.group(1)))
            stop = len(lines) if end is None else end
            body = next((text for text in lines[i + 1 : stop] if text.strip()), "")
            info = fence.group(2).strip().lower()
            if info.split()[:1] in (["diff"], ["patch"], ["udiff"]) or body.startswith(
                ("--- ", "diff ", "@@", "Index: ")
            ):
                found, _ = _read_diff(lines, i + 1, stop, True)
                if end is None and found:
                    found[-1].truncated = True
                files.extend(found)
            else:
                _stray_block(
                    b, lines, i, end, "a code block for {path} that is not a diff; not applied"
                )
            i = stop + 1
            continue
        delete = _DELETE.match(line)
        if delete:
            b.delete(delete.group(1), line, i + 1)
            i += 1
            continue
        if line.startswith("diff --git ") or (
            line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ ")
        ):
            found, i = _read_diff(lines, i, len(lines), False)
            files.extend(found)
            continue
        i += 1
    for diff_file in files:
        _apply_diff_file(b, diff_file)


def _apply_diff_file(b: _Builder, diff_file: _DiffFile) -> None:
    block = diff_file.header + "".join("\n" + h.text() for h in diff_file.hunks)
    path = diff_file.new if diff_file.new is not None else diff_file.old
    if path == "":
        path = b.sole_path()
    if path is None:
        b.fail(
            None,
            block,
            "a diff with no file names (--- and +++ lines); not applied",
            diff_file.line,
        )
        return
    if diff_file.truncated:
        b.fail(
            path,
            block,
            "the output ends inside this diff (no closing fence): the model was cut off; "
            "nothing of it is used",
            diff_file.line,
        )
        return
    state = b.state(path, block, diff_file.line)
    if state is None:
        return
    if diff_file.new is None:  # +++ /dev/null
        if state.doc is None:
            b.fail(
                state.path,
                block,
                f"cannot delete {state.path}: there is no such file",
                diff_file.line,
            )
        else:
            state.doc = None
            state.touched = True
        return
    if diff_file.old is None:  # --- /dev/null
        if state.doc is not None and any(text.strip() for text in state.doc.lines):
            b.fail(
                state.path,
                block,
                f"the diff creates {state.path}, which already exists",
                diff_file.line,
            )
            return
        added = [text for h in diff_file.hunks for kind, text in h.lines if kind == "+"]
        no_newline = bool(diff_file.hunks) and diff_file.hunks[-1].no_newline_new
        state.doc = _Doc.new(added, final_newline=not no_newline)
        state.touched = True
        return
    if state.doc is None:
        b.fail(
            state.path, block, f"{state.path} does not exist (or was deleted above)", diff_file.line
        )
        return
    if not any(kind != " " for h in diff_file.hunks for kind, _ in h.lines):
        b.fail(state.path, block, f"the diff for {state.path} changes no line", diff_file.line)
        return
    delta = 0
    for h in diff_file.hunks:
        old = [text for kind, text in h.lines if kind in " -"]
        new = [text for kind, text in h.lines if kind in " +"]
        if not any(kind != " " for kind, _ in h.lines):
            continue
        doc = state.doc
        hunk_block = f"{diff_file.header}\n{h.text()}"
        if not old:
            if not any(text.strip() for text in doc.lines):
                doc.replace(0, len(doc.lines), new)
                state.touched = True
            else:
                b.fail(
                    state.path,
                    hunk_block,
                    "the hunk has no context or removed lines, so there is no telling where it "
                    "goes; ask for a diff with context",
                    h.line,
                )
            continue
        hint = None if h.old_start is None else h.old_start - 1 + delta
        match = _replace_block(
            b,
            state,
            old,
            new,
            hunk_block,
            h.line,
            what="the hunk's old lines",
            plural=True,
            hint=hint,
        )
        if match is None:
            continue
        delta += len(new) - len(old)
        if match.start + len(new) == len(doc.lines) and (h.no_newline_new or h.no_newline_old):
            doc.final_newline = not h.no_newline_new


# ---------------------------------------------------------------------------------------------
# entry points


def _lines(output: str) -> list[str]:
    return output.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def detect_format(output: str) -> EditFormat:
    """The format of an answer: SEARCH/REPLACE markers, else a unified diff, else whole files."""
    lines = _lines(output)
    if any(_SEARCH.match(line) for line in lines):
        return "search-replace"
    for i, line in enumerate(lines):
        if _HUNK.match(line) or line.startswith("@@ "):
            if any(text.startswith("--- ") or text.startswith("diff ") for text in lines[:i]):
                return "udiff"
        fence = _FENCE.match(line)
        if fence and fence.group(2).strip().lower() in ("diff", "patch", "udiff"):
            return "udiff"
    return "whole"


def parse_edits(
    output: str,
    repo_root: str | os.PathLike[str],
    *,
    format: EditFormat | None = None,
    originals: Mapping[str, bytes | str] | None = None,
) -> EditResult:
    """Turn a model's answer into file edits and failures; nothing is written.

    ``originals`` maps repository-relative paths to the contents the prompt showed (the draft's
    base); a path not in it is read from disk under ``repo_root`` (after confinement). ``format``
    None detects it from the answer.
    """
    fmt = format or detect_format(output)
    if fmt not in FORMATS:
        raise ValueError(f"unknown edit format {fmt!r}: use one of {', '.join(FORMATS)}")
    builder = _Builder(repo_root, originals)
    lines = _lines(output)
    if fmt == "search-replace":
        _parse_search_replace(builder, lines)
    elif fmt == "udiff":
        _parse_udiff(builder, lines)
    else:
        _parse_whole(builder, lines)
    return builder.result(fmt)


def _raw_lines(text: str) -> list[str]:
    lines = _lines(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


_CUT = (
    "the model stopped before the end of the {what} (cut off at its length limit); "
    "nothing of it is used"
)


def rewrite(
    repo_root: str | os.PathLike[str],
    path: str,
    text: str,
    *,
    complete: bool = True,
    window: tuple[int, int] | None = None,
    originals: Mapping[str, bytes | str] | None = None,
) -> EditResult:
    """A local model's raw rewrite of one file (no fences) as an edit.

    ``complete`` False (generation stopped before the end token) is a failure: a cut-off file is
    never applied. ``window=(start, end)`` is ``rewrite_windows`` with one window. The
    original's line endings and final-newline state are kept.
    """
    if window is not None:
        piece = WindowRewrite(window[0], window[1], text, complete)
        return rewrite_windows(repo_root, path, [piece], originals=originals)
    builder = _Builder(repo_root, originals)
    state = builder.state(path, text, 1)
    if state is None:
        return builder.result("whole")
    if not complete:
        builder.fail(state.path, text, _CUT.format(what="file"), 1)
    else:
        _set_whole(builder, state, _raw_lines(text), text, 1)
    return builder.result("whole")


@dataclass(frozen=True)
class WindowRewrite:
    """A local model's rewrite of lines [start, end) (0-based) of a file too long for one request."""

    start: int
    end: int
    text: str  # the model's raw answer for those lines
    complete: bool = True  # False: generation stopped before the end token


def rewrite_windows(
    repo_root: str | os.PathLike[str],
    path: str,
    windows: Iterable[WindowRewrite],
    *,
    originals: Mapping[str, bytes | str] | None = None,
) -> EditResult:
    """One file rewritten in windows of the original's lines, as one edit.

    Windows refer to the original's line numbers and must not overlap. A window that was cut
    off, overlaps another, lies outside the file, or leaves code out fails on its own (its lines
    stay as they were); the others apply.
    """
    builder = _Builder(repo_root, originals)
    pieces = sorted(windows, key=lambda piece: (piece.start, piece.end))
    state = builder.state(path, "", 1)
    if state is None:
        return builder.result("whole")
    if state.doc is None:
        builder.fail(state.path, "", f"{state.path} does not exist; rewrite it whole", 1)
        return builder.result("whole")
    doc = state.doc
    original = {text.strip() for text in doc.lines}
    accepted: list[tuple[WindowRewrite, list[str]]] = []
    reach = 0
    for piece in pieces:
        where = f"lines {piece.start + 1}-{piece.end} of {state.path}"
        if not 0 <= piece.start <= piece.end <= len(doc.lines):
            reason = f"the window {piece.start}-{piece.end} is not inside {state.path}"
        elif piece.start < reach:
            reason = f"the window for {where} overlaps the one before it"
        elif not piece.complete:
            reason = _CUT.format(what=f"window ({where})")
        else:
            new_lines = _raw_lines(piece.text)
            elided = next((text for text in new_lines if _is_elision(text, original)), None)
            if elided is None:
                accepted.append((piece, new_lines))
                reach = piece.end
                continue
            reason = f"the rewrite of {where} leaves code out ({_shown(elided)})"
        builder.fail(state.path, piece.text, reason, piece.start + 1)
    for piece, new_lines in reversed(accepted):  # from the end: earlier line numbers stay valid
        doc.replace(piece.start, piece.end - piece.start, new_lines)
        state.touched = True
    return builder.result("whole")


# ---------------------------------------------------------------------------------------------
# edits → diffs


def _patch_line(prefix: bytes, line: bytes) -> bytes:
    if line.endswith(b"\n"):
        return prefix + line
    return prefix + line + b"\n\\ No newline at end of file\n"


def edits_patch(edits: EditResult | Iterable[FileEdit], *, context: int = 3) -> bytes:
    """A git-style patch (``diff --git`` entries) from the original to the new contents."""
    files = edits.files if isinstance(edits, EditResult) else list(edits)
    out: list[bytes] = []
    for edit in files:
        old = edit.old_bytes
        new = edit.new_bytes
        if old == new:
            continue
        name = edit.path.encode("utf-8", "surrogateescape")
        a_name, b_name = quote_path(b"a/" + name), quote_path(b"b/" + name)
        out.append(b"diff --git " + a_name + b" " + b_name + b"\n")
        if old is None:
            out.append(b"new file mode 100644\n")
        elif new is None:
            out.append(b"deleted file mode " + edit.mode.encode() + b"\n")
        old_lines, new_lines = split_lines(old or b""), split_lines(new or b"")
        if old_lines == new_lines:
            continue  # an empty file added or deleted: the header says it all
        out.append(b"--- " + (b"/dev/null" if old is None else a_name) + b"\n")
        out.append(b"+++ " + (b"/dev/null" if new is None else b_name) + b"\n")
        matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
        for group in matcher.get_grouped_opcodes(context):
            i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
            old_count, new_count = i2 - i1, j2 - j1
            head = format_hunk_header(
                i1 + 1 if old_count else i1, old_count, j1 + 1 if new_count else j1, new_count
            )
            out.append(head.encode() + b"\n")
            for tag, a1, a2, b1, b2 in group:
                if tag == "equal":
                    out.extend(_patch_line(b" ", line) for line in old_lines[a1:a2])
                    continue
                out.extend(_patch_line(b"-", line) for line in old_lines[a1:a2])
                out.extend(_patch_line(b"+", line) for line in new_lines[b1:b2])
    return b"".join(out)


def to_file_diffs(edits: EditResult | Iterable[FileEdit], *, context: int = 3) -> list[FileDiff]:
    """The successful edits as specdraft.core.diffs FileDiffs (parsed exactly as ``specdraft review`` does)."""
    return parse_diff(edits_patch(edits, context=context))


# ---------------------------------------------------------------------------------------------
# what the prompt asks for

EXAMPLE_PATH = "src/greet.py"
EXAMPLE_ORIGINAL = (
    'def greet(name):\n    print("Hello " + name)\n\n\ndef main():\n    greet("world")\n'
)
EXAMPLE_RESULT = (
    'def greet(name: str) -> None:\n    print(f"Hello, {name}!")\n\n\n'
    'def main():\n    greet("world")\n'
)
EXAMPLES: dict[EditFormat, str] = {
    "whole": (
        "src/greet.py\n"
        "```python\n"
        "def greet(name: str) -> None:\n"
        '    print(f"Hello, {name}!")\n'
        "\n\n"
        "def main():\n"
        '    greet("world")\n'
        "```\n"
    ),
    "search-replace": (
        "src/greet.py\n"
        "```python\n"
        "<<<<<<< SEARCH\n"
        "def greet(name):\n"
        '    print("Hello " + name)\n'
        "=======\n"
        "def greet(name: str) -> None:\n"
        '    print(f"Hello, {name}!")\n'
        ">>>>>>> REPLACE\n"
        "```\n"
    ),
    "udiff": (
        "```diff\n"
        "--- a/src/greet.py\n"
        "+++ b/src/greet.py\n"
        "@@ -1,5 +1,5 @@\n"
        "-def greet(name):\n"
        '-    print("Hello " + name)\n'
        "+def greet(name: str) -> None:\n"
        '+    print(f"Hello, {name}!")\n'
        " \n"
        " \n"
        " def main():\n"
        "```\n"
    ),
}

_INSTRUCTIONS: dict[EditFormat, str] = {
    "whole": (
        "Answer with the complete new contents of every file you change. For each file, write "
        "its path (relative to the repository root) on a line by itself, then the whole file in "
        "a code fence (a longer fence, ````, when the file itself holds ``` lines). Write "
        "every line of the file, also the ones you do not change: never "
        'leave code out with a comment such as "# ... rest of the file unchanged". To create a '
        "file, do the same with its new path. To delete a file, write `DELETE path/to/file` on a "
        "line by itself, outside any code fence."
    ),
    "search-replace": (
        "Describe each change as a SEARCH/REPLACE block: the file's path (relative to the "
        "repository root) on a line by itself, then a code fence holding a line "
        "`<<<<<<< SEARCH`, the exact lines to find in the current file, a line `=======`, the "
        "lines to put in their place, and a line `>>>>>>> REPLACE`. The SEARCH lines must match "
        "the file character for character, indentation and comments included, and match only "
        "once: include a few lines of context around the change. Keep blocks small; use several "
        "blocks for several changes, in file order, each with its path line. To create a file, "
        "leave the SEARCH part empty and put the whole file in the REPLACE part. To delete a "
        "file, write `DELETE path/to/file` on a line by itself, outside any code fence."
    ),
    "udiff": (
        "Answer with a unified diff in a ```diff code fence, as `diff -U3` writes it: for each "
        "file a `--- a/path` and a `+++ b/path` line (paths relative to the repository root), "
        "then hunks that start with `@@ -start,count +start,count @@` and hold three unchanged "
        "context lines (prefix a space) around the removed (`-`) and added (`+`) lines. Copy "
        "context and removed lines exactly, indentation included. A new file has `--- "
        "/dev/null`; a deleted file has `+++ /dev/null`."
    ),
}


def format_for_backend(backend: str) -> EditFormat:
    """The format to ask for: whole files for local models (speculative edits make them fast),
    SEARCH/REPLACE blocks for model servers (fewer tokens over the wire)."""
    return "whole" if backend in ("local", "builtin", "engine") else "search-replace"


def format_instructions(format: EditFormat) -> str:
    """The prompt text that asks for ``format``, with a worked example the parser accepts."""
    if format not in _INSTRUCTIONS:
        raise ValueError(f"unknown edit format {format!r}: use one of {', '.join(FORMATS)}")
    return (
        _INSTRUCTIONS[format]
        + "\n\nFor example, to add type hints to greet() and make it print "
        + '"Hello, world!" in this file:\n\n'
        + EXAMPLE_PATH
        + "\n```python\n"
        + EXAMPLE_ORIGINAL
        + "```\n\nanswer:\n\n"
        + EXAMPLES[format]
    )
