"""Git operations and every bad input: a one-line error, exit 2, and the repository as it was."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from specdraft.core.diffs import parse_diff
from specdraft.core.errors import UserError
from specdraft.core.git import GitRepo
from tests.app.reviewkit import (
    git,
    index_tree,
    make_repo,
    specdraft,
    specdraft_subprocess,
    worktree_files,
    write_files,
)


def repo_state(repo: Path) -> tuple:
    """Everything a failed command must leave alone."""
    head = git(repo, "rev-parse", "-q", "--verify", "HEAD", check=False)
    return head, git(repo, "ls-files", "-s"), worktree_files(repo)


def changed_repo(tmp_path: Path) -> Path:
    repo = make_repo(tmp_path / "r", {"a.txt": b"1\n2\n3\n", "b.txt": b"x\n"})
    write_files(repo, {"a.txt": b"1\nTWO\n3\n", "b.txt": b"y\n"})
    return repo


def test_pinned_settings_win_over_user_config(tmp_path):
    repo = changed_repo(tmp_path)
    write_files(repo, {"é file.txt": b"q\n"})
    git(repo, "add", "-N", "é file.txt")
    for key, value in [
        ("core.quotePath", "true"),
        ("diff.noprefix", "true"),
        ("diff.mnemonicPrefix", "true"),
        ("color.ui", "always"),
        ("diff.external", "false"),
        ("diff.relative", "true"),
        ("diff.context", "1"),
    ]:
        git(repo, "config", key, value)
    data = GitRepo(repo).diff_unstaged()
    assert b"\x1b[" not in data
    assert b"diff --git a/a.txt b/a.txt\n" in data
    assert "diff --git a/é file.txt b/é file.txt\n".encode() in data
    assert b"@@ -1,3 +1,3 @@" in data  # -U1 from diff.context: one line around the change
    assert [f.path for f in parse_diff(data)] == ["a.txt", "b.txt", "é file.txt"]


def test_diff_context_from_config(tmp_path):
    repo = make_repo(tmp_path / "r", {"f": b"".join(b"%d\n" % i for i in range(20))})
    write_files(repo, {"f": b"".join(b"%d\n" % i for i in range(20)).replace(b"10\n", b"X\n")})
    git(repo, "config", "diff.context", "1")
    (file,) = parse_diff(GitRepo(repo).diff_unstaged())
    assert file.hunks[0].header_text() == "@@ -10,3 +10,3 @@"


def test_apply_is_all_or_nothing(tmp_path):
    repo = changed_repo(tmp_path)
    gitrepo = GitRepo(repo)
    good = git(repo, "diff", "--", "a.txt")
    bad = b"diff --git a/b.txt b/b.txt\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-not there\n+z\n"
    before = repo_state(repo)
    with pytest.raises(UserError, match="does not apply"):
        gitrepo.apply(good + bad, cached=True)
    assert repo_state(repo) == before
    gitrepo.apply(good, cached=True)
    assert git(repo, "diff", "--cached", "--name-only") == b"a.txt\n"


def test_reverse_apply_to_worktree_discards(tmp_path):
    repo = changed_repo(tmp_path)
    GitRepo(repo).apply(git(repo, "diff", "--", "b.txt"), reverse=True)
    assert (repo / "b.txt").read_bytes() == b"x\n"
    assert (repo / "a.txt").read_bytes() == b"1\nTWO\n3\n"


def test_rebuild_index_keeps_only_the_patch(tmp_path):
    repo = changed_repo(tmp_path)
    git(repo, "add", "-A")
    gitrepo = GitRepo(repo)
    patch = git(repo, "diff", "--cached", "--", "a.txt")
    gitrepo.rebuild_index(["a.txt", "b.txt"], patch)
    assert git(repo, "diff", "--cached", "--name-only") == b"a.txt\n"
    assert (repo / "b.txt").read_bytes() == b"y\n"  # the worktree keeps the change


def test_rebuild_index_refuses_while_git_holds_the_lock(tmp_path):
    repo = changed_repo(tmp_path)
    git(repo, "add", "-A")
    before = index_tree(repo)
    (repo / ".git" / "index.lock").write_bytes(b"")
    with pytest.raises(UserError, match="index.lock exists"):
        GitRepo(repo).rebuild_index(["a.txt"], b"")
    assert (repo / ".git" / "index.lock").read_bytes() == b""  # git's lock is left alone
    (repo / ".git" / "index.lock").unlink()
    assert index_tree(repo) == before


def test_stale_files_are_refused(tmp_path):
    repo = changed_repo(tmp_path)
    gitrepo = GitRepo(repo)
    snapshot = gitrepo.snapshot(["a.txt", "b.txt"])
    gitrepo.require_unchanged(snapshot)
    write_files(repo, {"b.txt": b"edited meanwhile\n"})
    with pytest.raises(UserError, match="b.txt changed since the review started"):
        gitrepo.require_unchanged(snapshot)
    git(repo, "add", "b.txt")
    with pytest.raises(UserError, match="index changed"):
        gitrepo.require_unchanged(snapshot)


def test_editor_is_gits(tmp_path, monkeypatch):
    repo = changed_repo(tmp_path)
    monkeypatch.setenv("GIT_EDITOR", "my-editor --wait")
    assert GitRepo(repo).editor() == "my-editor --wait"


# ------------------------------------------------------------------------- bad input, end to end


def _one_line_error(result, fragment: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("specdraft review: "), lines
    assert fragment in lines[0]


def test_not_a_git_repository(tmp_path):
    (tmp_path / "plain").mkdir()
    result = specdraft_subprocess(
        tmp_path / "plain", ["review", "--plain"], env={"GIT_CEILING_DIRECTORIES": str(tmp_path)}
    )
    _one_line_error(result, "not a git repository")


def test_empty_repository(tmp_path):
    repo = tmp_path / "empty"
    repo.mkdir()
    git(repo, "init", "-q")
    write_files(repo, {"f": b"x\n"})
    result = specdraft_subprocess(repo, ["review", "--plain"])
    _one_line_error(result, "no commits yet")


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["review", "--plain"], "no unstaged changes"),
        (["review", "--plain", "--staged"], "no staged changes"),
        (["review", "--plain", "HEAD"], "changes nothing"),
    ],
)
def test_nothing_to_review(tmp_path, argv, fragment):
    repo = make_repo(tmp_path / "r", {"f": b"x\n"})
    git(repo, "commit", "-q", "--allow-empty", "-m", "empty")
    result = specdraft_subprocess(repo, argv)
    _one_line_error(result, fragment)


def test_merge_in_progress(tmp_path):
    repo = make_repo(tmp_path / "r", {"f": b"base\n"})
    git(repo, "checkout", "-q", "-b", "other")
    write_files(repo, {"f": b"other\n"})
    git(repo, "commit", "-q", "-am", "other")
    git(repo, "checkout", "-q", "main")
    write_files(repo, {"f": b"main\n"})
    git(repo, "commit", "-q", "-am", "main")
    git(repo, "merge", "-q", "other", check=False)  # conflicts
    before = repo_state(repo)
    result = specdraft_subprocess(repo, ["review", "--plain"], stdin=b"y\n")
    _one_line_error(result, "a merge is in progress")
    assert repo_state(repo) == before


def test_file_changed_during_the_review(tmp_path):
    repo = changed_repo(tmp_path)
    # the "editor" changes another file while the review is running, as a person might
    editor = tmp_path / "editor.sh"
    editor.write_text(f"#!/bin/sh\necho meanwhile >> {repo / 'b.txt'}\n")
    editor.chmod(editor.stat().st_mode | stat.S_IXUSR)
    before_index = index_tree(repo)
    result = specdraft_subprocess(
        repo, ["review", "--plain"], stdin=b"e\ny\n", env={"GIT_EDITOR": str(editor)}
    )
    _one_line_error(result, "b.txt changed since the review started")
    assert index_tree(repo) == before_index


def test_patch_that_does_not_apply(tmp_path):
    repo = changed_repo(tmp_path)
    patch = tmp_path / "p.diff"
    patch.write_bytes(
        b"diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-nope\n+yes\n"
    )
    before = repo_state(repo)
    result = specdraft_subprocess(repo, ["review", "--plain", "--patch", str(patch)], stdin=b"y\n")
    _one_line_error(result, "does not apply")
    assert repo_state(repo) == before


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["review", "HEAD", "--staged"], "read-only"),
        (["review", "--index"], "--index only goes with --patch"),
        (["review", "--staged", "--discard"], "--discard only goes with"),
        (["review", "--patch", "/nonexistent/p.diff"], "cannot read the patch"),
        (["review", "no-such-rev"], "unknown revision"),
        (["review", "--resume"], "no saved review"),
    ],
)
def test_bad_arguments(tmp_path, argv, fragment):
    repo = changed_repo(tmp_path)
    before = repo_state(repo)
    code, out, err = specdraft(repo, argv + ["--plain"])
    assert code == 2
    assert fragment in err.decode() and len(err.decode().splitlines()) == 1
    assert repo_state(repo) == before


def test_zero_context_hunks_apply(tmp_path):
    def text(changes: dict[int, bytes]) -> bytes:
        return b"".join(changes.get(i, b"%d" % i) + b"\n" for i in range(1, 21))

    repo = make_repo(tmp_path / "r", {"f": text({})})
    write_files(repo, {"f": text({3: b"THREE", 12: b"X"})})
    git(repo, "config", "diff.context", "0")
    code, out, err = specdraft(repo, ["review", "--plain"], "n\ny\n")
    assert code == 0, err
    assert git(repo, "show", ":f") == text({12: b"X"})


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ([], "#"),
        ([("core.commentChar", ";")], ";"),
        ([("core.commentChar", "auto")], "#"),  # git add -p uses "#" for auto
        ([("core.commentChar", ";"), ("core.commentString", "//")], "//"),  # the last one wins
    ],
)
def test_comment_string_reads_the_users_setting(tmp_path, settings, expected):
    repo = make_repo(tmp_path / "r", {"a": b"a\n"})
    for key, value in settings:
        git(repo, "config", key, value)
    assert GitRepo(repo).comment_string() == expected
