"""Unified diffs (```diff fenced or bare) → edits.

Hunk line numbers and counts are only hints: each hunk's context and ``-`` lines are located
like a SEARCH text (among several matches, the one at exactly the line the hunk header names is
taken). ``--- /dev/null`` creates a file (a hunk that also removes or keeps lines fails),
``+++ /dev/null`` deletes one (a hunk that also adds lines fails), and a ``\\ No newline``
marker sets the final-newline state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from specdraft.drafting.edits.builder import Builder, stray_block
from specdraft.drafting.edits.matching import Doc, shown
from specdraft.drafting.edits.reading import DELETE, FENCE, fence_end
from specdraft.drafting.edits.search_replace import replace_block

HUNK = re.compile(r"^@@\s*-(\d+)(?:,(\d+))?\s+\+(\d+)(?:,(\d+))?\s*@@")


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
            match = HUNK.match(line)
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


def parse_udiff(b: Builder, lines: list[str]) -> None:
    """Apply every file of the unified diffs in an answer (and its DELETE lines) to ``b``."""
    files: list[_DiffFile] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            end = fence_end(lines, i, fence.group(1)[0], len(fence.group(1)))
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
                stray_block(
                    b, lines, i, end, "a code block for {path} that is not a diff; not applied"
                )
            i = stop + 1
            continue
        delete = DELETE.match(line)
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


def _apply_diff_file(b: Builder, diff_file: _DiffFile) -> None:
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
        added = next((text for h in diff_file.hunks for kind, text in h.lines if kind == "+"), None)
        if added is not None:
            b.fail(
                state.path,
                block,
                f"the diff deletes {state.path} (+++ /dev/null) but also adds lines "
                f"({shown(added)}); a deleted file has none: not applied: ask for the diff again",
                diff_file.line,
            )
        elif state.doc is None:
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
        # a line that is not "+" has no place in a new file; a blank one is a blank line of it
        # whose "+" was left out
        other = next(
            (
                (kind, text)
                for h in diff_file.hunks
                for kind, text in h.lines
                if kind == "-" or (kind == " " and text.strip())
            ),
            None,
        )
        if other is not None:
            kind, text = other
            what = "removes" if kind == "-" else "keeps unchanged"
            b.fail(
                state.path,
                block,
                f"the diff creates {state.path} (--- /dev/null) but also {what} lines "
                f"({shown(text)}), which a new file does not have; not applied: ask for the "
                "diff again (a change to an existing file names it on the --- line)",
                diff_file.line,
            )
            return
        added = [text for h in diff_file.hunks for kind, text in h.lines if kind != "-"]
        no_newline = bool(diff_file.hunks) and diff_file.hunks[-1].no_newline_new
        state.doc = Doc.new(added, final_newline=not no_newline)
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
        match = replace_block(
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
