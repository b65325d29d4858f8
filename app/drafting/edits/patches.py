"""Edits → git-style patches, and the FileDiffs the review shows (parsed as ``specdraft review`` does)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from specdraft.core.diffs import FileDiff, format_hunk_header, parse_diff, quote_path, split_lines
from specdraft.drafting.edits.results import EditResult, FileEdit


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
