"""app/drafting/edits properties: SEARCH/REPLACE splices, whole rewrites and diffs agree with a plain model."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdraft.core.diffs import FileDiff
from specdraft.drafting.edits import FileEdit, confine, parse_edits, to_file_diffs

WORDS = ["a", "b = 1", "    c()", "", "\tif x:", "return y", "é", "}"]
lines_st = st.lists(st.sampled_from(WORDS), min_size=0, max_size=12)


def render(lines: list[str], eol: str, final_newline: bool) -> str:
    if not lines:
        return ""
    text = eol.join(lines)
    return text + eol if final_newline else text


@settings(max_examples=150, deadline=None)
@given(
    lines=lines_st.filter(bool),
    data=st.data(),
    eol=st.sampled_from(["\n", "\r\n"]),
    final_newline=st.booleans(),
    replacement=lines_st,
)
def test_search_replace_splices(lines, data, eol, final_newline, replacement):
    assume(final_newline or lines[-1] != "")  # (a blank last line needs its newline to exist)
    start = data.draw(st.integers(0, len(lines) - 1))
    end = data.draw(st.integers(start + 1, min(len(lines), start + 4)))
    search = lines[start:end]
    original = render(lines, eol, final_newline)
    output = "f.txt\n<<<<<<< SEARCH\n" + "".join(s + "\n" for s in search) + "=======\n"
    output += "".join(r + "\n" for r in replacement) + ">>>>>>> REPLACE\n"
    with tempfile.TemporaryDirectory() as root:
        result = parse_edits(output, root, originals={"f.txt": original.encode()})
    occurrences = sum(lines[i : i + len(search)] == search for i in range(len(lines)))
    spliced = lines[:start] + replacement + lines[end:]
    if not any(s.strip() for s in search):
        # blank-only SEARCH means "new file": refused on a file that has text, else applied
        assert result.failures or result.files or result.unchanged
        return
    if occurrences > 1:
        # ambiguous at the exact level, or matched uniquely only after trimming blank edges
        if result.failures:
            assert "matches" in result.failures[0].reason
            assert not result.files
        return
    assert not result.failures
    if eol not in original:  # a one-line file without an ending: new lines get "\n"
        eol = "\n"
    expected = render(spliced, eol, final_newline)
    if expected == original:
        assert result.files == [] and result.unchanged == ["f.txt"]
    else:
        [edit] = result.files
        assert edit.new_text == expected


@settings(max_examples=100, deadline=None)
@given(
    old=lines_st,
    new=lines_st,
    eol=st.sampled_from(["\n", "\r\n"]),
    final_newline=st.booleans(),
)
def test_whole_rewrite_keeps_the_file_form(old, new, eol, final_newline):
    original = render(old, eol, final_newline) if old else "x" + eol
    output = "f.txt\n```\n" + "".join(line + "\n" for line in new) + "```\n"
    with tempfile.TemporaryDirectory() as root:
        result = parse_edits(output, root, originals={"f.txt": original.encode()})
    assert not result.failures
    # the original's form: its line ending ("\n" when it has none) and final-newline state (an
    # empty file counts as having one)
    keep_newline = original == "" or original.endswith("\n")
    expected = render(new, eol if eol in original else "\n", keep_newline)
    got = result.files[0].new_text if result.files else original
    assert got == expected


def _split_lf(data: bytes) -> list[bytes]:
    """Lines ending in LF (a CR is content), the last one possibly without."""
    parts = data.split(b"\n")
    return [part + b"\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def apply_hunks(old: bytes, diff: FileDiff) -> bytes:
    """A plain applier: copy, check every context and removed line, add the added ones."""
    source = _split_lf(old)
    out: list[bytes] = []
    at = 0
    for hunk in diff.hunks:
        start = hunk.old_start - 1 if hunk.old_count else hunk.old_start
        out.extend(source[at:start])
        at = start
        for line in hunk.lines:
            if line.kind in " -":
                assert source[at] == line.raw, (source[at], line.raw)
                at += 1
            if line.kind in " +":
                out.append(line.raw)
    out.extend(source[at:])
    return b"".join(out)


texts = st.builds(
    lambda lines, eol, nl: render(lines, eol, nl),
    lines_st,
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
)


@settings(max_examples=200, deadline=None)
@given(old=texts, new=texts, context=st.integers(0, 4))
def test_file_diffs_rebuild_the_new_text(old, new, context):
    edit = FileEdit("f.txt", old, new, None)
    diffs = to_file_diffs([edit], context=context)
    if old == new:
        assert diffs == []
        return
    [diff] = diffs
    assert diff.path == "f.txt" and diff.status == "modified"
    assert apply_hunks(old.encode(), diff) == new.encode()


PIECES = [
    "a.py", "b.md", "../up.py", ".git/config", "/abs.py", "sub/.GIT/x", "new/dir/c.py", "DELETE a.py",
    "DELETE b.md", "```", "```python", "````", "~~~", "```diff", "<<<<<<< SEARCH", "<<<<< SEARCH",
    "------- SEARCH", "=======", "=====", ">>>>>>> REPLACE", "+++++++ REPLACE", "--- a/a.py",
    "+++ b/a.py", "--- /dev/null", "+++ /dev/null", "@@ -1,2 +1,2 @@", "@@ ... @@", "-a = 1", "+a = 2",
    " b = 2", "a = 1", "b = 2", "", "Here is the change:", "\\ No newline at end of file",
    "# ... rest of the file unchanged", "    a = 1", "diff --git a/a.py b/a.py",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(PIECES), max_size=30),
    fmt=st.sampled_from([None, "whole", "search-replace", "udiff"]),
)
def test_any_answer_gives_a_result_never_an_exception(pieces, fmt):
    with tempfile.TemporaryDirectory() as root:
        Path(root, "a.py").write_text("a = 1\nb = 2\n")
        Path(root, "b.md").write_text("# B\n\n```\nx\n```\n")
        result = parse_edits("\n".join(pieces), root, format=fmt)
        for edit in result.files:
            confine(root, edit.path)  # every edited path is inside the tree
            assert edit.path in ("a.py", "b.md", "new/dir/c.py")
            assert edit.old_text != edit.new_text
        to_file_diffs(result)  # and every result makes a parsable diff
        assert sorted(p.name for p in Path(root).rglob("*")) == ["a.py", "b.md"]  # nothing written
