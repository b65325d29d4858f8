"""SEARCH/REPLACE blocks → edits; also the splice that unified-diff hunks reuse.

Aider-style blocks ``<<<<<<< SEARCH`` / ``=======`` / ``>>>>>>> REPLACE`` (5 to 9 marker
characters; ORIGINAL/UPDATED and Cline's ``------- SEARCH`` / ``+++++++ REPLACE`` too), after the
file's path line, inside code fences or not. Blocks apply in order, each against the result of
the previous one. An empty SEARCH creates a new file. A SEARCH text is located as matching.py
says; a match found only with indentation shifted or trailing whitespace ignored adds a note.
"""

from __future__ import annotations

import difflib
import re

from specdraft.drafting.edits.builder import Builder, State, stray_block
from specdraft.drafting.edits.matching import (
    Doc,
    Match,
    closest,
    matches,
    reindent,
    shown,
    trim_blank_edges,
)
from specdraft.drafting.edits.reading import (
    DELETE,
    FENCE,
    fence_end,
    is_elision,
    mentioned_path,
    path_candidate,
    path_from_info,
)

SEARCH = re.compile(r"^\s*(?:<{5,9}|-{5,9})\s*(?:SEARCH|ORIGINAL)\b.*$")
_DIVIDER = re.compile(r"^\s*={5,9}\s*$")
_REPLACE = re.compile(r"^\s*(?:>{5,9}|\+{5,9})\s*(?:REPLACE|UPDATED)\b.*$")


def replace_block(
    b: Builder,
    state: State,
    search: list[str],
    replace: list[str],
    block: str,
    line: int,
    *,
    what: str = "the SEARCH text",
    plural: bool = False,
    hint: int | None = None,
) -> Match | None:
    """Find ``search`` in the file and put ``replace`` there; record a failure otherwise."""
    doc = state.doc
    assert doc is not None
    known_lines = {text.strip() for text in search} | {text.strip() for text in doc.lines}
    elided = next((text for text in replace if is_elision(text, known_lines)), None)
    if elided is not None:
        b.fail(
            state.path,
            block,
            f"the replacement leaves code out ({shown(elided)}); it would delete that code: "
            "ask for the lines in full",
            line,
        )
        return None
    level, found = matches(doc.lines, search)
    if not found:
        trimmed_search, trimmed_replace = trim_blank_edges(search, replace)
        if trimmed_search and trimmed_search != search:
            level, found = matches(doc.lines, trimmed_search)
            if found:
                search, replace = trimmed_search, trimmed_replace
    if not found:
        b.fail(
            state.path,
            block,
            f"{what} {'are' if plural else 'is'} not in {state.path} ({closest(doc.lines, search)})",
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
    new_lines = reindent(replace, match)
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


def parse_search_replace(b: Builder, lines: list[str]) -> None:
    """Apply every SEARCH/REPLACE block (and DELETE line) of an answer to ``b``."""
    last_path: str | None = None
    fenced: tuple[str, int] | None = None  # the fence around the blocks being read
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        delete = DELETE.match(line)
        if delete:
            b.delete(delete.group(1), line, i + 1)
            i += 1
            continue
        fence = FENCE.match(line)
        if fence:
            char, length = fence.group(1)[0], len(fence.group(1))
            if fenced is not None:
                if char == fenced[0] and length >= fenced[1] and not fence.group(2).strip():
                    fenced = None
                i += 1
                continue
            end = fence_end(lines, i, char, length)
            if any(SEARCH.match(text) for text in lines[i + 1 : n if end is None else end]):
                fenced = (char, length)
                i += 1
                continue
            stray_block(
                b,
                lines,
                i,
                end,
                "a code block for {path} without SEARCH/REPLACE markers; not applied (for a new "
                "file, put it in the REPLACE part of a block with an empty SEARCH)",
            )
            i = n if end is None else end + 1
            continue
        if not SEARCH.match(line):
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
            _DIVIDER.match(lines[j]) or SEARCH.match(lines[j]) or _REPLACE.match(lines[j])
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
        while k < n and not (_REPLACE.match(lines[k]) or SEARCH.match(lines[k])):
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
                state.doc = Doc.new(replace)
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
        replace_block(b, state, search, replace, block, start + 1)


def _path_before(lines: list[str], marker: int, known: set[str]) -> tuple[str | None, int]:
    """The path named just above a SEARCH marker (blank and fence lines skipped), and its line."""
    j = marker - 1
    while j >= 0:
        text = lines[j]
        fence = FENCE.match(text)
        if fence:
            info_path = path_from_info(fence.group(2), known)
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
    path = path_candidate(lines[j], known) or mentioned_path(lines[j], known)
    return (path, j) if path is not None else (None, marker)
