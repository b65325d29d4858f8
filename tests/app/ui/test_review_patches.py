"""`specdraft review --patch` with patches that can be read more than one way: hunk headers whose
counts do not match their lines, and paths without git's a/ b/ prefixes. Either a clear error
before any question with nothing changed, or exactly what git applies for the same patch."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.app.reviewkit import git, make_repo, specdraft, worktree_files

TWELVE = b"".join(b"line %d\n" % i for i in range(1, 13))
BASE = {
    "f.txt": TWELVE,
    "src/a.py": TWELVE.replace(b"line", b"code"),
    "gone.txt": b"bye\n",
    "old.txt": b"".join(b"kept %d\n" % i for i in range(1, 9)),
}


def _refused_before_any_question(repo: Path, patch: Path, answers: str) -> bytes:
    """Run the review; assert it stopped with exit 2 before asking, changing and saving nothing."""
    before = worktree_files(repo)
    code, out, err = specdraft(repo, ["review", "--plain", "--patch", str(patch)], answers)
    assert code == 2, (out, err)
    assert b"Apply" not in out  # not one question
    assert worktree_files(repo) == before and git(repo, "status", "--porcelain") == b""
    assert not list((repo / ".git").rglob("review-*.json"))  # nothing saved for --resume
    assert err.count(b"\n") == 1, err  # one line
    return err


# ---------------------------------------------------------------- hunk counts that lie

MORE_LINES = b"""\
diff --git a/f.txt b/f.txt
--- a/f.txt
+++ b/f.txt
@@ -2,3 +2,3 @@
 line 2
-line 3
+LINE 3
 line 4
-line 5
+LINE 5
 line 6
"""
FEWER_LINES_AT_THE_END = b"""\
diff --git a/f.txt b/f.txt
--- a/f.txt
+++ b/f.txt
@@ -2,5 +2,5 @@
 line 2
-line 3
+LINE 3
 line 4
"""
FEWER_LINES_THEN_A_HUNK = b"""\
diff --git a/f.txt b/f.txt
--- a/f.txt
+++ b/f.txt
@@ -2,5 +2,5 @@
 line 2
-line 3
+LINE 3
 line 4
@@ -9,3 +9,3 @@
 line 9
-line 10
+LINE 10
 line 11
"""
ONE_SIDE_TOO_MANY = b"""\
diff --git a/f.txt b/f.txt
--- a/f.txt
+++ b/f.txt
@@ -2,3 +2,4 @@
 line 2
-line 3
+LINE 3
+LINE 3b
 line 4
-line 5
"""


@pytest.mark.parametrize(
    ("patch_text", "header", "line_no", "line", "what"),
    [
        (MORE_LINES, "@@ -2,3 +2,3 @@", 9, "-line 5", "comes after them"),
        (ONE_SIDE_TOO_MANY, "@@ -2,3 +2,4 @@", 10, "-line 5", "comes after them"),
        (FEWER_LINES_THEN_A_HUNK, "@@ -2,5 +2,5 @@", 9, "@@ -9,3 +9,3 @@", "cuts it short"),
        (FEWER_LINES_AT_THE_END, "@@ -2,5 +2,5 @@", None, None, "the patch ends"),
    ],
    ids=["more lines", "one side too many", "fewer lines, then a hunk", "fewer lines at the end"],
)
def test_a_hunk_header_that_lies_is_refused_before_any_question(
    tmp_path, patch_text, header, line_no, line, what
):
    repo = make_repo(tmp_path / "r", BASE)
    patch = tmp_path / "lying.patch"
    patch.write_bytes(patch_text)
    err = _refused_before_any_question(repo, patch, "y\ny\ny\n").decode()
    assert f"{patch}: f.txt: the hunk {header}" in err
    assert what in err
    if line_no is not None:
        assert f"line {line_no} ({line!r})" in err


def test_text_after_the_last_hunk_is_not_a_hunk(tmp_path):
    """git format-patch's signature and a mail's trailing text stay allowed, as git allows them."""
    repo = make_repo(tmp_path / "r", BASE)
    patch = tmp_path / "0001-mail.patch"
    patch.write_bytes(MORE_LINES.rsplit(b"-line 5\n", 1)[0] + b"-- \n2.39.2\n\n")
    code, out, err = specdraft(repo, ["review", "--plain", "--patch", str(patch)], "y\n")
    assert code == 0, err
    assert (repo / "f.txt").read_bytes() == TWELVE.replace(b"line 3\n", b"LINE 3\n")


# ---------------------------------------------------------------- paths without a/ b/ prefixes


def _changed_repo(root: Path) -> Path:
    """A repository whose worktree changes a top-level file and one in a folder, adds one,
    deletes one, and renames one with a change."""
    repo = make_repo(root, BASE)
    (repo / "f.txt").write_bytes(TWELVE.replace(b"line 3\n", b"LINE 3\n"))
    (repo / "src/a.py").write_bytes(TWELVE.replace(b"line", b"code").replace(b"code 9\n", b"CODE 9\n"))
    (repo / "new.txt").write_bytes(b"fresh\n")
    (repo / "gone.txt").unlink()
    git(repo, "mv", "old.txt", "renamed.txt")
    (repo / "renamed.txt").write_bytes(BASE["old.txt"].replace(b"kept 8\n", b"KEPT 8\n"))
    git(repo, "add", "-A")
    return repo


def _traditional_patch(repo: Path, base: Path) -> bytes:
    """What `diff -u` writes for single files: `diff -u src/a.py.orig src/a.py`, no a/ b/."""
    out = b""
    for name in ("f.txt", "src/a.py"):
        shutil.copy(base / name, repo / (name + ".orig"))
        done = subprocess.run(
            ["diff", "-u", name + ".orig", name], cwd=repo, capture_output=True, check=False
        )
        assert done.returncode == 1, done.stderr
        out += done.stdout
        (repo / (name + ".orig")).unlink()
    return out


def _git_apply_p0(repo: Path, patch: Path, excluded: list[str]) -> dict[str, bytes]:
    """The worktree `git apply -p0` makes of the patch, leaving out ``excluded`` files."""
    args = ["apply", "-p0", *(f"--exclude={name}" for name in excluded), str(patch)]
    git(repo, *args)
    return worktree_files(repo)


@pytest.mark.parametrize("form", ["git diff --no-prefix", "diff -u"])
@pytest.mark.parametrize("reject", [[], ["src/a.py"]], ids=["all accepted", "one file rejected"])
def test_paths_without_prefixes_apply_as_git_apply_p0(tmp_path, form, reject):
    changed = _changed_repo(tmp_path / "changed")
    base = tmp_path / "base"
    make_repo(base, BASE)
    if form == "git diff --no-prefix":
        data = git(changed, "diff", "--cached", "-M", "--no-prefix")
        assert b"diff --git f.txt f.txt\n" in data and b"\nrename from old.txt\n" in data
        files_in_order = ["f.txt", "gone.txt", "new.txt", "renamed.txt", "src/a.py"]
    else:
        data = _traditional_patch(changed, base)
        assert data.startswith(b"--- f.txt.orig\t")
        files_in_order = ["f.txt", "src/a.py"]
    patch = tmp_path / "p0.patch"
    patch.write_bytes(data)

    oracle = tmp_path / "oracle"
    make_repo(oracle, BASE)
    expected = _git_apply_p0(oracle, patch, reject)

    repo = tmp_path / "r"
    make_repo(repo, BASE)
    # `a` accepts the rest of a file, `d` rejects it: one answer per file
    answers = "".join("d\n" if name in reject else "a\n" for name in files_in_order)
    code, out, err = specdraft(repo, ["review", "--plain", "--patch", str(patch)], answers)
    assert code == 0, err
    assert out.count(b"Apply") == len(files_in_order)  # asked once per file, as planned
    assert worktree_files(repo) == expected
    assert worktree_files(repo) != worktree_files(base)  # something was applied


def test_a_patch_that_mixes_prefixed_and_bare_paths_is_refused(tmp_path):
    repo = make_repo(tmp_path / "r", BASE)
    changed = _changed_repo(tmp_path / "changed")
    prefixed = git(changed, "diff", "--cached", "--", "f.txt")
    bare = git(changed, "diff", "--cached", "--no-prefix", "--", "src/a.py")
    patch = tmp_path / "mixed.patch"
    patch.write_bytes(prefixed + bare)
    err = _refused_before_any_question(repo, patch, "y\ny\n")
    assert b"a/ b/ prefixes" in err and b"src/a.py" in err
