"""An agent's write as a diff: git itself is the oracle (the patch specdraft writes for a change
applies with `git apply` and gives exactly the agent's file, and backwards the file before)."""

from __future__ import annotations

import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st

from specdraft.agents.capture import changed_lines, file_patch

LINES = st.lists(st.sampled_from([b"a\n", b"b\n", b"\n", b"def f():\n", b"    return 1\n", b"x = 1"]), max_size=25)


def _contents(lines: list[bytes]) -> bytes:
    """Lines joined; one without a newline only at the end (as a file can have it)."""
    fixed = [line if line.endswith(b"\n") else line + b"\n" for line in lines[:-1]]
    return b"".join(fixed + lines[-1:])


@settings(max_examples=60, deadline=None)
@given(LINES, LINES)
def test_the_patch_of_a_change_is_what_git_applies_both_ways(tmp_path_factory, old_lines, new_lines):
    before, after = _contents(old_lines), _contents(new_lines)
    if before == after:
        return
    folder = tmp_path_factory.mktemp("apply")
    (folder / "f.py").write_bytes(before)
    patch = file_patch("f.py", before, after)
    done = subprocess.run(["git", "apply", "--recount", "-"], cwd=folder, input=patch, capture_output=True)
    assert done.returncode == 0, (done.stderr, patch)
    assert (folder / "f.py").read_bytes() == after
    back = subprocess.run(["git", "apply", "-R", "--recount", "-"], cwd=folder, input=patch, capture_output=True)
    assert back.returncode == 0 and (folder / "f.py").read_bytes() == before


def test_the_lines_of_a_change_are_its_added_and_deleted_lines():
    before = b"".join(b"line %d\n" % i for i in range(2000))
    after = before.replace(b"line 700\n", b"line 700 changed\nline 700b\n").replace(b"line 1500\n", b"")
    added, deleted = changed_lines(before, after)
    assert added == [b"line 700 changed\n", b"line 700b\n"]
    assert deleted == [b"line 700\n", b"line 1500\n"]
    assert changed_lines(None, b"new\n") == ([b"new\n"], [])
    assert changed_lines(b"gone\n", None) == ([], [b"gone\n"])
