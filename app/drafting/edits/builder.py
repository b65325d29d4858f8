"""Per-file state while the blocks of one answer are applied in order, in every format.

Also where every format's result is checked the same way: a path that names no file but ends
like exactly one shown file is read as that file (with a note), and a file whose drafted lines
look binary (NUL, control characters, bytes that are not UTF-8) becomes a failure.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from specdraft.drafting.edits.matching import Doc
from specdraft.drafting.edits.paths import PathRefused, confine, content_hash, relative
from specdraft.drafting.edits.reading import FENCE, clean_path, path_candidate, path_from_info
from specdraft.drafting.edits.results import EditFailure, EditFormat, EditResult, FileEdit


class Builder:
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
        self.states: dict[str, State] = {}
        self.failures: list[EditFailure] = []

    def fail(self, path: str | None, block: str, reason: str, line: int) -> None:
        self.failures.append(EditFailure(path, block, reason, line))

    def sole_path(self) -> str | None:
        return next(iter(self.known)) if len(self.known) == 1 else None

    def state(self, raw_path: str, block: str, line: int) -> State | None:
        """The state of a file named by the model; None (a failure recorded) when refused."""
        path = clean_path(raw_path)
        try:
            rel = relative(self.root, path)
        except PathRefused as error:
            self.fail(path, block, str(error), line)
            return None
        rel, note = self._given_file(rel)
        if rel in self.states:
            state = self.states[rel]
            state.blocks.append((block, line))
            if note is not None and note not in state.notes:
                state.notes.append(note)
            return state
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
        state = State(rel, data, text, None if text is None else Doc.parse(text), mode)
        state.blocks.append((block, line))
        if note is not None:
            state.notes.append(note)
        self.states[rel] = state
        return state

    def _given_file(self, rel: str) -> tuple[str, str | None]:
        """The file a path that names no file stands for, and a note saying so.

        A model sometimes puts a made-up directory before a file the prompt showed
        (``path/to/sample.txt`` for ``sample.txt``) or leaves its directory out (``sample.txt``
        for ``docs/sample.txt``). When the path is no file here and exactly one shown file ends
        the same way, it is read as that file, with a note: the reviewer then sees the change
        as a diff of the file the model was shown, and the note says what the model wrote. A
        path in a directory that exists stays a new file (a file of the same name in another
        directory is a likely thing to create), and so does one that several shown files end
        like, or that only shares a file name with one; each with a note naming the shown files.
        """
        if rel in self.originals or rel in self.states or not self.known:
            return rel, None
        target = confine(self.root, rel)
        if target.exists() or target.is_symlink():
            return rel, None
        name = rel.rsplit("/", 1)[-1]
        same_name = sorted(given for given in self.known if given.rsplit("/", 1)[-1] == name)
        if not same_name:
            return rel, None
        alike = [
            given for given in same_name if rel.endswith("/" + given) or given.endswith("/" + rel)
        ]
        if len(alike) == 1:
            given = alike[0]
            made_up = rel[: -len(given) - 1] if rel.endswith("/" + given) else None
            if made_up is None or not confine(self.root, made_up).is_dir():
                return given, (
                    f"the model wrote {rel}, which is no file here; read as {given}, the file "
                    "of that name it was shown"
                )
        return rel, (
            f"{rel} is a new file; the model was shown {', '.join(same_name)} of the same name: "
            "check that it did not mean to change that"
        )

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
            problem = None if new_text is None else binary_looking(state, new_text)
            if problem is not None:
                result.failures.append(
                    EditFailure(
                        state.path,
                        "\n\n".join(block for block, _ in state.blocks),
                        f"the new text of {state.path} {problem}: content that makes a text file "
                        "look binary to git, or that a terminal acts on; not applied: ask for the "
                        "change again",
                        state.blocks[0][1] if state.blocks else 0,
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
                    base_hash=None if state.data is None else content_hash(state.data),
                    mode=state.mode,
                    notes=state.notes,
                )
            )
        return result


@dataclass
class State:
    """One file while an answer is applied: its original, and its contents so far."""

    path: str
    data: bytes | None  # the original bytes
    text: str | None  # the original text (surrogateescape)
    doc: Doc | None  # the current contents; None: absent or deleted
    mode: str
    notes: list[str] = field(default_factory=list)
    touched: bool = False
    rewrites: int = 0
    blocks: list[tuple[str, int]] = field(default_factory=list)  # the model's blocks for it, lines


# the C0 control characters by their names; tab, newline, form feed and carriage return are text
_C0_NAMES = (
    "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI "
    "DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US"
).split()
_BINARY_LOOKING = re.compile(r"[\x00-\x08\x0b\x0e-\x1f]")
_NOT_UTF8 = re.compile(r"[\ud800-\udfff]")  # bytes that did not decode, kept as surrogates


def binary_looking(state: State, new_text: str) -> str | None:
    """What makes a drafted text binary-looking (as a phrase), or None when it is plain text.

    Only lines the draft brings are checked: a line the original already had is the user's.
    Refused: NUL and the C0 control characters other than tab, newline, form feed and carriage
    return (unless the original holds that character already: a file that has them as text);
    bytes that are not UTF-8 where the original was UTF-8 (or the file is new).
    """
    original = set() if state.text is None else set(Doc.parse(state.text).lines)
    own = set(_BINARY_LOOKING.findall(state.text or ""))
    was_utf8 = True
    if state.data is not None:
        try:
            state.data.decode("utf-8")
        except UnicodeDecodeError:
            was_utf8 = False
    for number, line in enumerate(Doc.parse(new_text).lines, 1):
        if line in original:
            continue
        control = next((m for m in _BINARY_LOOKING.finditer(line) if m.group() not in own), None)
        if control is not None:
            code = ord(control.group())
            what = "a NUL byte" if code == 0 else f"a control character, {_C0_NAMES[code]}"
            return f"holds {what} (U+{code:04X}) on its line {number}"
        if was_utf8 and _NOT_UTF8.search(line):
            return f"holds bytes that are not UTF-8 on its line {number}, where the file is UTF-8"
    return None


def stray_block(b: Builder, lines: list[str], at: int, end: int | None, reason: str) -> None:
    """A fenced block under a file path, in an answer of another format: reported, not used."""
    fence = FENCE.match(lines[at])
    path = path_from_info(fence.group(2), b.known) if fence else None
    path_line = at
    if path is None:
        j = at - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        if j < 0:
            return
        path, path_line = path_candidate(lines[j], b.known), j
    if path is None:
        return  # a snippet in the chatter (a command, an example): not an edit
    stop = len(lines) if end is None else end + 1
    b.fail(path, "\n".join(lines[path_line:stop]), reason.format(path=path), path_line + 1)
