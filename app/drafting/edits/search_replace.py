"""SEARCH/REPLACE blocks → edits; also the splice that unified-diff hunks reuse.

Aider-style blocks ``<<<<<<< SEARCH`` / ``=======`` / ``>>>>>>> REPLACE`` (5 to 9 marker
characters; ORIGINAL/UPDATED and Cline's ``------- SEARCH`` / ``+++++++ REPLACE`` too), after the
file's path line, inside code fences or not. Blocks apply in order, each against the result of
the previous one. An empty SEARCH creates a new file. A SEARCH text is located as matching.py
says; a match found only with indentation shifted or trailing whitespace ignored adds a note.
A ``=======`` line in a REPLACE part is read by where it stands (``_replacement``): a model may
close a block with it in place of ``>>>>>>> REPLACE``, or write the divider twice when the
replacement is empty, while a Markdown file may hold such lines as heading underlines.
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
    MARKUP_SUFFIXES,
    fence_end,
    is_elision,
    mentioned_path,
    path_candidate,
    path_from_info,
)

SEARCH = re.compile(r"^\s*(?:<{5,9}|-{5,9})\s*(?:SEARCH|ORIGINAL)\b.*$")
_DIVIDER = re.compile(r"^\s*={5,9}\s*$")
_REPLACE = re.compile(r"^\s*(?:>{5,9}|\+{5,9})\s*(?:REPLACE|UPDATED)\b.*$")
_UNDERLINE = re.compile(r"^\s*={3,}\s*$")  # a setext heading's underline, any length
_HEADING = re.compile(r"^[A-Za-z][\w ,.'()-]*$")  # words, as an RST heading in a docstring


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
        closer = None  # a ======= line that ends the block in place of >>>>>>> REPLACE
        if k >= n or not _REPLACE.match(lines[k]):
            closer = _closing_divider(lines, j + 1, k, b.known)
        if closer is None and (k >= n or not _REPLACE.match(lines[k])):
            block = "\n".join(lines[start : min(k + 1, n)])
            if any(_DIVIDER.match(text) for text in lines[j + 1 : k]):
                reason = (
                    "the block has no >>>>>>> REPLACE line, and the ======= line in its REPLACE "
                    "part is followed by more text, so it may be a line of the file rather than "
                    "the block's end; not applied: ask for the block again, closed by "
                    ">>>>>>> REPLACE"
                )
            elif k >= n:
                reason = (
                    "the output ends inside this block (no >>>>>>> REPLACE line): "
                    "was the model cut off?"
                )
            else:
                reason = "the block has no >>>>>>> REPLACE line before the next SEARCH"
            b.fail(path, block, reason, start + 1)
            i = k
            continue
        end = k if closer is None else closer
        block = "\n".join(lines[start : end + 1])
        search, replace = lines[i + 1 : j], lines[j + 1 : end]
        i = end + 1
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
        replace = _replacement(
            b, state, replace, block, start + 1, None if closer is None else lines[closer]
        )
        if replace is None:
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


def _closing_divider(lines: list[str], lo: int, hi: int, known: set[str]) -> int | None:
    """The ======= line in lines[lo:hi] that ends a block lacking >>>>>>> REPLACE, if one does.

    Such a line closes the block when only blank lines follow it up to the block's end: a bare
    closing fence, the next block (its path line, fence or SEARCH marker) or the end of the output.
    A ======= line followed by more text is not taken for the end (it may be a line of the file).
    """
    prelude = _path_before(lines, hi, known)[1] if hi < len(lines) else hi
    for d in range(lo, hi):
        if not _DIVIDER.match(lines[d]):
            continue
        after = next((k for k in range(d + 1, hi) if lines[k].strip()), hi)
        fence = FENCE.match(lines[after]) if after < hi else None
        if after in (hi, prelude) or (fence and not fence.group(2).strip()):
            return d
        if all(not text.strip() or FENCE.match(text) for text in lines[d + 1 : hi]):
            return d  # the next block's fence opens right after it
    return None


def _may_hold_dividers(state: State) -> bool:
    """Whether ======= lines can be text of this file: markup, or a file that has such lines."""
    if state.path.lower().endswith(MARKUP_SUFFIXES):
        return True
    return state.text is not None and any(
        _UNDERLINE.match(text) for text in state.text.splitlines()
    )


def _underlines(lines: list[str], k: int, may_hold: bool) -> bool:
    """Whether the ======= line ``lines[k]`` can be the underline of the heading above it.

    In a file that can hold such lines, any line of text above it makes it one (Markdown). In
    another file only a heading shape does (an RST heading in a docstring): words above it, at
    its indentation, no longer than it.
    """
    above = lines[k - 1] if k > 0 else ""
    if not above.strip() or _DIVIDER.match(above):
        return False
    if may_hold:
        return True
    indent = len(lines[k]) - len(lines[k].lstrip())
    return (
        len(above) - len(above.lstrip()) == indent
        and len(above.strip()) <= len(lines[k].strip())
        and _HEADING.match(above.strip()) is not None
    )


def _replacement(
    b: Builder, state: State, replace: list[str], block: str, line: int, closer: str | None
) -> list[str] | None:
    """A block's REPLACE lines with the ======= markers a model doubled taken out, or None.

    The ======= lines of a REPLACE part are read by where they stand. Right after the divider (a
    doubled divider) they are markers. Last (a divider written again before the end), or ending
    the block in place of >>>>>>> REPLACE (``closer``, that line), one is a marker unless it can
    be a heading's underline (``_underlines``): then it is text, or, where it ends the block,
    there is no telling and the block fails. Elsewhere they are text in a file that can hold
    such lines (Markdown, a file that has them), and a failure in one that cannot.
    """
    may_hold = _may_hold_dividers(state)
    where = f"block at output line {line}"
    if closer is not None:
        if _underlines([*replace, closer], len(replace), may_hold):
            b.fail(
                state.path,
                block,
                "the block ends with a ======= line in place of >>>>>>> REPLACE, right under "
                f"{shown(replace[-1])}: in {state.path} that line may be a heading's underline, "
                "part of the replacement; not applied: ask for the block again, closed by "
                ">>>>>>> REPLACE",
                line,
            )
            return None
        state.notes.append(
            f"{where} ends with a ======= line in place of >>>>>>> REPLACE; read as its end"
        )
    if not any(_DIVIDER.match(text) for text in replace):
        return replace
    if all(not text.strip() or _DIVIDER.match(text) for text in replace):
        state.notes.append(
            f"{where}: its REPLACE part is only a ======= line, read as a second divider: "
            "the replacement is empty (the SEARCH text is removed)"
        )
        return []
    out = list(replace)
    lead = 0
    while _DIVIDER.match(out[lead]):
        lead += 1
    if lead:
        state.notes.append(
            f"{where}: the ======= line right after its divider is read as a second divider, "
            "not as a line of the replacement"
        )
        out = out[lead:]
    last = max(k for k, text in enumerate(out) if text.strip())
    if _DIVIDER.match(out[last]) and not _underlines(out, last, may_hold):
        state.notes.append(
            f"{where}: the ======= line before its end is read as a marker written twice, "
            "not as a line of the replacement"
        )
        del out[last]
    stray = next(
        (
            k
            for k, text in enumerate(out)
            if _DIVIDER.match(text) and not may_hold and not _underlines(out, k, may_hold)
        ),
        None,
    )
    if stray is not None:
        b.fail(
            state.path,
            block,
            f"the REPLACE part holds a ======= line among its lines ({shown(out[stray - 1])} "
            f"above it), and {state.path} has no such lines: a divider left in, or two blocks "
            "run together? not applied: ask for the block again, one ======= between SEARCH and "
            "REPLACE",
            line,
        )
        return None
    return out
