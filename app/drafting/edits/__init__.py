"""Model output (whole files, SEARCH/REPLACE blocks, unified diffs) → new file contents, confined.

Pure Python (no textual, no torch) and read-only: this package never writes a file. It turns a
model's answer into `FileEdit`s (a path, the original text the draft was made from, the new text)
and `EditFailure`s (a block that could not be applied, with the model's text and the reason),
so that the review can show successes as hunks and failures as failed hunks.

Public API (all importable from here)::

    parse_edits(output, repo_root, *, format=None, originals=None) -> EditResult
    rewrite(repo_root, path, text, *, complete=True, originals=None) -> EditResult
    detect_format(output) -> EditFormat         # what parse_edits does with format=None
    format_instructions(format) -> str          # the prompt text asking for that format
    to_file_diffs(edits, *, context=3) -> list[FileDiff]   # via specdraft.core.diffs.parse_diff
    edits_patch(edits, *, context=3) -> bytes   # the same as git-style patch text
    confine(repo_root, path) -> Path            # raises PathRefused; the writer uses it too
    is_stale(repo_root, edit) -> bool           # the file changed since the draft was made

``originals`` maps repository-relative paths to the text the prompt showed the model (bytes or
str): it is the base the edits apply to and whose sha256 ``FileEdit.base_hash`` records; a path
not in it is read from disk. A single path in ``originals`` is also the file that a block
without a path refers to (when the answer holds only that one block).

Deleting a file, in every format: a line ``DELETE path/to/file`` on its own, outside code
blocks (in a unified diff, ``+++ /dev/null`` does it too).

The modules, by what they parse; each imports only modules listed below it:

    whole           whole-file answers: a path line, then the file in a fence (cut-off fences,
                    elided code and blocks closed early by a fence inside the file fail)
    udiff           unified diffs; each hunk is applied as a SEARCH/REPLACE block
    search_replace  SEARCH/REPLACE blocks, and the splice (locate, reindent, replace) they and
                    unified-diff hunks share
    builder         the per-file state every format applies its blocks to (files read once,
                    confined; a made-up directory before a shown file noted), and the
                    EditResult it ends in (binary-looking drafted text refused)
    reading         the markdown around edits: fences, path lines, DELETE lines, elision comments
    matching        a file as lines (its own line endings kept); locating a SEARCH text:
                    exact, trailing whitespace ignored, indentation shifted; closest-match hints
    patches         edits → git-style patches and specdraft.core.diffs FileDiffs
    prompts         the prompt text that asks for each format, with a worked example
    paths           path confinement (confine, PathRefused) and staleness (is_stale)
    results         the result types: EditFailure, FileEdit, EditResult, EditFormat
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from specdraft.drafting.edits.builder import Builder
from specdraft.drafting.edits.patches import edits_patch, to_file_diffs
from specdraft.drafting.edits.paths import PathRefused, confine, is_stale
from specdraft.drafting.edits.prompts import (
    EXAMPLE_ORIGINAL,
    EXAMPLE_PATH,
    EXAMPLE_RESULT,
    EXAMPLES,
    format_instructions,
)
from specdraft.drafting.edits.reading import FENCE
from specdraft.drafting.edits.results import FORMATS, EditFailure, EditFormat, EditResult, FileEdit
from specdraft.drafting.edits.search_replace import SEARCH, parse_search_replace
from specdraft.drafting.edits.udiff import HUNK, parse_udiff
from specdraft.drafting.edits.whole import parse_whole, set_whole

__all__ = [
    "EXAMPLES",
    "EXAMPLE_ORIGINAL",
    "EXAMPLE_PATH",
    "EXAMPLE_RESULT",
    "FORMATS",
    "EditFailure",
    "EditFormat",
    "EditResult",
    "FileEdit",
    "PathRefused",
    "confine",
    "detect_format",
    "edits_patch",
    "format_instructions",
    "is_stale",
    "parse_edits",
    "rewrite",
    "to_file_diffs",
]


def _lines(output: str) -> list[str]:
    return output.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def detect_format(output: str) -> EditFormat:
    """The format of an answer: SEARCH/REPLACE markers, else a unified diff, else whole files."""
    lines = _lines(output)
    if any(SEARCH.match(line) for line in lines):
        return "search-replace"
    for i, line in enumerate(lines):
        if HUNK.match(line) or line.startswith("@@ "):
            if any(text.startswith("--- ") or text.startswith("diff ") for text in lines[:i]):
                return "udiff"
        fence = FENCE.match(line)
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
    builder = Builder(repo_root, originals)
    lines = _lines(output)
    if fmt == "search-replace":
        parse_search_replace(builder, lines)
    elif fmt == "udiff":
        parse_udiff(builder, lines)
    else:
        parse_whole(builder, lines, guessed=format is None)
    return builder.result(fmt)


def _raw_lines(text: str) -> list[str]:
    lines = _lines(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


_CUT = (
    "the model stopped before the end of the file (cut off at its length limit); "
    "nothing of it is used"
)


def rewrite(
    repo_root: str | os.PathLike[str],
    path: str,
    text: str,
    *,
    complete: bool = True,
    originals: Mapping[str, bytes | str] | None = None,
) -> EditResult:
    """A local model's raw rewrite of one file (no fences) as an edit.

    ``complete`` False (generation stopped before the end token) is a failure: a cut-off file is
    never applied. The original's line endings and final-newline state are kept.
    """
    builder = Builder(repo_root, originals)
    state = builder.state(path, text, 1)
    if state is None:
        return builder.result("whole")
    if not complete:
        builder.fail(state.path, text, _CUT, 1)
    else:
        set_whole(builder, state, _raw_lines(text), text, 1)
    return builder.result("whole")
