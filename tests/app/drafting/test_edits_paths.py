"""app/drafting/edits: path confinement, stale drafts, and edits that become patches git accepts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from specdraft.core.diffs import build_patch
from specdraft.core.session import ReviewSession
from specdraft.drafting.edits import (
    EditResult,
    FileEdit,
    PathRefused,
    confine,
    edits_patch,
    is_stale,
    parse_edits,
    to_file_diffs,
)

# ---------------------------------------------------------------------------------------------
# confinement


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("../x.py", "'..'"),
        ("a/../../b", "'..'"),
        ("a/../b", "'..'"),  # stays inside, but a model has no reason to write it: refused too
        ("/etc/passwd", "absolute"),
        ("//server/share", "absolute"),
        ("C:/Windows/x", "drive letter"),
        ("~/.bashrc", "home directory"),
        (".git/config", ".git"),
        (".GIT/config", ".git"),
        (".Git/hooks/pre-commit", ".git"),
        ("sub/.git/config", ".git"),
        ("deep/er/.gIt/HEAD", ".git"),
        (".git", ".git"),
        (".git./config", ".git"),  # Windows drops trailing dots
        ("git~1/config", ".git"),  # the 8.3 short name of .git
        ("a\x00b", "NUL"),
        ("a\nb.py", "control character"),
        ("a\x7fb", "control character"),
        ("bad\udcffname", "not UTF-8"),
        ("src\\x.py", "backslash"),
        ("", "empty"),
        (".", "repository root"),
        ("./", "repository root"),
    ],
)
def test_confine_refuses(path, why, tmp_path):
    with pytest.raises(PathRefused, match=why.replace(".", r"\.").replace("(", r"\(")):
        confine(tmp_path, path)


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("src/x.py", "src/x.py"),
        ("./src/x.py", "src/x.py"),
        ("src//x.py", "src/x.py"),
        (".github/workflows/ci.yml", ".github/workflows/ci.yml"),
        (".gitignore", ".gitignore"),
        ("docs/git/notes.md", "docs/git/notes.md"),
        ("naïve/ünïcode.txt", "naïve/ünïcode.txt"),
    ],
)
def test_confine_accepts(path, expected, tmp_path):
    assert confine(tmp_path, path) == tmp_path.resolve() / expected


def test_symlink_out_of_the_tree_is_refused(tmp_path):
    repo, outside = tmp_path / "repo", tmp_path / "outside"
    repo.mkdir()
    outside.mkdir()
    (outside / "secret.txt").write_text("keep\n")
    (repo / "escape").symlink_to(outside)
    (repo / "file_link").symlink_to(outside / "secret.txt")
    (repo / "abs_link").symlink_to("/etc")
    for path in ("escape/secret.txt", "escape/new.txt", "file_link", "abs_link/passwd"):
        with pytest.raises(PathRefused, match="out of the repository through a symbolic link"):
            confine(repo, path)
    whole = parse_edits("escape/secret.txt\n```\npwned\n```\n", repo)
    blocks = parse_edits("escape/new.txt\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n", repo)
    for result in (whole, blocks):
        assert not result.files and len(result.failures) == 1
        assert "symbolic link" in result.failures[0].reason
    assert (outside / "secret.txt").read_text() == "keep\n"
    assert not (outside / "new.txt").exists()


def test_symlink_into_dot_git_is_refused(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_text("[core]\n")
    (tmp_path / "innocent").symlink_to(".git")
    with pytest.raises(PathRefused, match="into .git"):
        confine(tmp_path, "innocent/config")


def test_symlink_loop_is_refused(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(PathRefused):
        confine(tmp_path, "a/x")


def test_symlink_inside_the_tree_is_confined_but_not_edited(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "x.py").write_text("x = 1\n")
    (tmp_path / "alias").symlink_to("real")
    (tmp_path / "link.py").symlink_to("real/x.py")
    assert confine(tmp_path, "alias/x.py") == tmp_path.resolve() / "alias" / "x.py"
    result = parse_edits("link.py\n```python\nx = 2\n```\n", tmp_path)
    assert not result.files and "symbolic link" in result.failures[0].reason


@pytest.mark.parametrize(
    "name",
    [
        "../x.py",
        "/tmp/x.py",
        ".git/hooks/post-checkout",
        ".GIT/HEAD",
        "sub/.git/config",
        "a/../../b",
    ],
)
@pytest.mark.parametrize("fmt", ["whole", "search-replace", "udiff"])
def test_every_format_refuses_attacks(name, fmt, tmp_path):
    outputs = {
        "whole": f"{name}\n```\nboom\n```\n",
        "search-replace": f"{name}\n<<<<<<< SEARCH\n=======\nboom\n>>>>>>> REPLACE\n",
        "udiff": f"```diff\n--- /dev/null\n+++ {name}\n@@ -0,0 +1 @@\n+boom\n```\n",
    }
    result = parse_edits(outputs[fmt], tmp_path, format=fmt)
    assert result.files == []
    [failure] = result.failures
    assert failure.reason.startswith("refused the path")
    assert "boom" in failure.block


def test_delete_is_confined(tmp_path):
    result = parse_edits("DELETE ../../etc/passwd\n", tmp_path)
    assert not result.files and "refused the path" in result.failures[0].reason


# ---------------------------------------------------------------------------------------------
# stale drafts


def test_is_stale(tmp_path):
    (tmp_path / "a.py").write_text("a = 1\n")
    result = parse_edits("a.py\n```python\na = 2\n```\n\nnew.py\n```python\nn = 1\n```\n", tmp_path)
    edit, new = result.file("a.py"), result.file("new.py")
    assert edit is not None and new is not None
    assert new.base_hash is None and new.status == "added"
    assert not is_stale(tmp_path, edit) and not is_stale(tmp_path, new)
    (tmp_path / "a.py").write_text("a = 1  # the user typed here\n")
    assert is_stale(tmp_path, edit)
    (tmp_path / "a.py").write_text("a = 1\n")
    assert not is_stale(tmp_path, edit)
    (tmp_path / "new.py").write_text("created meanwhile\n")
    assert is_stale(tmp_path, new)
    (tmp_path / "a.py").unlink()
    assert is_stale(tmp_path, edit)


def test_stale_against_originals_from_the_prompt(tmp_path):
    (tmp_path / "a.py").write_bytes(b"a = 1\r\n")
    result = parse_edits("a.py\n```\na = 2\n```\n", tmp_path, originals={"a.py": b"a = 1\n"})
    assert is_stale(tmp_path, result.files[0])  # the disk differs from what the model saw


# ---------------------------------------------------------------------------------------------
# edits → FileDiffs → a patch git applies


def git(repo: Path, *args: str, input: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["git", "-c", "core.autocrlf=false", *args],
        cwd=repo,
        input=input,
        capture_output=True,
        check=True,
    )


@pytest.fixture
def repo(tmp_path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    files = {
        "src/greet.py": b'import sys\n\n\ndef greet(name):\n    print("Hello " + name)\n\n\n'
        b"def main():\n    greet(sys.argv[1])\n",
        "win.txt": b"one\r\ntwo\r\nthree\r\n",
        "tail.txt": b"no newline at the end",
        "gone.sh": b"#!/bin/sh\necho bye\n",
        "latin.txt": b"caf\xe9\nx\n",
        "long.py": b"".join(b"line %d\n" % i for i in range(60)),
    }
    for path, data in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    os.chmod(root / "gone.sh", 0o755)
    git(root, "add", "-A")
    git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")
    return root


MODEL_OUTPUT = """\
I made the changes you asked for.

src/greet.py
```python
<<<<<<< SEARCH
def greet(name):
    print("Hello " + name)
=======
def greet(name: str) -> None:
    print(f"Hello, {name}!")
>>>>>>> REPLACE
```

win.txt
```
<<<<<<< SEARCH
two
=======
TWO
2
>>>>>>> REPLACE
```

tail.txt
```
<<<<<<< SEARCH
no newline at the end
=======
still no newline at the end
>>>>>>> REPLACE
```

latin.txt
```
<<<<<<< SEARCH
x
=======
y
>>>>>>> REPLACE
```

long.py
```
<<<<<<< SEARCH
line 5
=======
line five
>>>>>>> REPLACE
```

long.py
```
<<<<<<< SEARCH
line 50
=======
line fifty
>>>>>>> REPLACE
```

docs/new.md
```
<<<<<<< SEARCH
=======
# New

A new file.
>>>>>>> REPLACE
```

DELETE gone.sh
"""


def test_file_diffs_apply_with_git(repo):
    result = parse_edits(MODEL_OUTPUT, repo)
    assert result.ok, [f.summary() for f in result.failures]
    assert {e.path: e.status for e in result.files} == {
        "src/greet.py": "modified",
        "win.txt": "modified",
        "tail.txt": "modified",
        "latin.txt": "modified",
        "long.py": "modified",
        "docs/new.md": "added",
        "gone.sh": "deleted",
    }
    assert result.file("gone.sh").mode == "100755"
    files = to_file_diffs(result)
    assert [f.path for f in files] == [e.path for e in result.files]
    assert len(next(f for f in files if f.path == "long.py").hunks) == 2
    session = ReviewSession(files)
    selection = session.selection(include_pending=True)
    patch = build_patch(files, selection)
    git(repo, "apply", "--check", "--recount", "-", input=patch)
    git(repo, "apply", "--recount", "-", input=patch)
    for edit in result.files:
        target = repo / edit.path
        if edit.new_bytes is None:
            assert not target.exists()
        else:
            assert target.read_bytes() == edit.new_bytes
    assert (repo / "win.txt").read_bytes() == b"one\r\nTWO\r\n2\r\nthree\r\n"
    assert (repo / "tail.txt").read_bytes() == b"still no newline at the end"
    assert (repo / "latin.txt").read_bytes() == b"caf\xe9\ny\n"


def test_partial_selection_applies(repo):
    # accept only the first hunk of long.py: git takes the patch, the rest stays as it was
    result = parse_edits(MODEL_OUTPUT, repo)
    files = [f for f in to_file_diffs(result) if f.path == "long.py"]
    first = files[0].hunks[0]
    patch = build_patch(files, {first.id: frozenset(first.change_indices)})
    git(repo, "apply", "--check", "--recount", "-", input=patch)
    git(repo, "apply", "--recount", "-", input=patch)
    text = (repo / "long.py").read_text()
    assert "line five\n" in text and "line 50\n" in text


def test_patch_equals_git_diff_of_the_result(repo, tmp_path):
    # git as the oracle: applying our patch gives the same tree as writing the new contents
    result = parse_edits(MODEL_OUTPUT, repo)
    git(repo, "apply", "--recount", "-", input=edits_patch(result))
    git(repo, "add", "-N", "docs/new.md")
    applied = git(repo, "diff", "--no-color", "--binary", "HEAD").stdout
    git(repo, "reset", "-q")  # (this temporary repository only)
    git(repo, "checkout", "-q", "--", ".")
    (repo / "docs" / "new.md").unlink()
    for edit in result.files:
        target = repo / edit.path
        if edit.new_bytes is None:
            target.unlink()
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(edit.new_bytes)
    git(repo, "add", "-N", "docs/new.md")
    written = git(repo, "diff", "--no-color", "--binary", "HEAD").stdout
    assert applied == written


def test_empty_new_file_and_empty_result():
    edits = [FileEdit("empty.txt", None, "", None)]
    [diff] = to_file_diffs(edits)
    assert diff.status == "added" and diff.path == "empty.txt"
    assert to_file_diffs(EditResult()) == []


def test_edits_import_neither_textual_nor_torch():
    code = "import specdraft.drafting.edits, sys; print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(out.stdout.split())
    assert "specdraft" in loaded and not loaded & {"textual", "torch", "git"}


def test_special_files_and_unencodable_text(tmp_path):
    os.mkfifo(tmp_path / "pipe.txt")
    result = parse_edits("pipe.txt\n```\nx\n```\n", tmp_path)  # never opened: would block
    assert not result.files and "not a regular file" in result.failures[0].reason
    (tmp_path / "dir.py").mkdir()
    result = parse_edits("dir.py\n```\nx\n```\n", tmp_path)
    assert "is a directory" in result.failures[0].reason
    result = parse_edits("s.txt\n```\nbad \ud800 char\n```\n", tmp_path)
    assert not result.files and "cannot be written as UTF-8" in result.failures[0].reason


def test_stale_when_a_directory_or_link_replaces_the_file(tmp_path):
    (tmp_path / "a.py").write_text("a = 1\n")
    [edit] = parse_edits("a.py\n```\na = 2\n```\n", tmp_path).files
    (tmp_path / "a.py").unlink()
    (tmp_path / "a.py").mkdir()
    assert is_stale(tmp_path, edit)
    (tmp_path / "a.py").rmdir()
    (tmp_path / "a.py").symlink_to("elsewhere.py")  # dangling
    assert is_stale(tmp_path, edit)


def test_originals_keys_are_normalised_and_modes_come_from_disk(tmp_path):
    (tmp_path / "run.sh").write_text("#!/bin/sh\necho on disk\n")
    os.chmod(tmp_path / "run.sh", 0o755)
    result = parse_edits(
        "DELETE run.sh\n", tmp_path, originals={"./run.sh": "#!/bin/sh\necho in the prompt\n"}
    )
    [edit] = result.files
    assert edit.old_text == "#!/bin/sh\necho in the prompt\n" and edit.mode == "100755"
    assert b"deleted file mode 100755\n" in edits_patch(result)


def test_the_udiff_example_in_the_prompt_is_a_diff_git_applies(tmp_path):
    from specdraft.drafting.edits import EXAMPLE_ORIGINAL, EXAMPLE_PATH, EXAMPLE_RESULT, EXAMPLES

    git(tmp_path, "init", "-q")
    (tmp_path / "src").mkdir()
    (tmp_path / EXAMPLE_PATH).write_text(EXAMPLE_ORIGINAL)
    body = EXAMPLES["udiff"].split("\n", 1)[1].rsplit("```", 1)[0]  # inside the fence
    git(tmp_path, "apply", "-", input=body.encode())  # strict: counts and line numbers as written
    assert (tmp_path / EXAMPLE_PATH).read_text() == EXAMPLE_RESULT
