"""Writes to a user's files and index survive a crash, a full disk and a concurrent git command.

Issue 36, items 7, 8 and 10: a worktree file is either as it was or as the patch makes it,
never emptied or cut mid-line; an apply across files is all or nothing; the index is swapped
in under git's own index.lock, so a ``git add`` made meanwhile is never undone.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import specdraft.core.git as git_module
from specdraft.core.errors import UserError
from specdraft.core.git import GitRepo
from tests.app.reviewkit import GIT_ENV, git, make_repo, write_files

OLD = b"".join(b"line %04d of the file as committed\n" % i for i in range(100))
MINE = OLD + b"my own uncommitted line\n"
CHANGED = MINE.replace(b"line 0050 of", b"LINE 0050 OF")


def patch_over_mine(repo: Path, *paths: str) -> bytes:
    """Give ``paths`` an uncommitted line (MINE, not staged) and return a patch that changes
    another line of each (MINE to CHANGED)."""
    write_files(repo, dict.fromkeys(paths, MINE))
    git(repo, "add", *paths)
    write_files(repo, dict.fromkeys(paths, CHANGED))
    patch = git(repo, "diff")
    git(repo, "reset", "-q")
    write_files(repo, dict.fromkeys(paths, MINE))
    return patch


def two_file_repo(tmp_path: Path) -> tuple[Path, bytes]:
    """A repository whose two files hold uncommitted work, and a patch changing both."""
    repo = make_repo(tmp_path / "r", {"a.txt": OLD, "b.txt": OLD})
    return repo, patch_over_mine(repo, "a.txt", "b.txt")


def hold_while_writing(repo: Path, path: str, marker: Path) -> None:
    """Make git stop forever while it writes ``path`` into the worktree (a smudge filter that
    touches ``marker`` and sleeps): where ``git apply`` has already removed the old file."""
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "attributes").write_text(f"{path} filter=hold\n")
    git(repo, "config", "filter.hold.smudge", f"touch '{marker}'; exec sleep 600")


def kill_when_held(command: list[str], cwd: Path, marker: Path, stdin: bytes = b"") -> None:
    """Run ``command`` in its own process group; kill the whole group (SIGKILL: no clean-up
    runs) as soon as ``marker`` appears, or let it end if it never does."""
    process = subprocess.Popen(command, cwd=cwd, env={**os.environ, **GIT_ENV}, stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    process.stdin.write(stdin)
    process.stdin.close()
    deadline = time.monotonic() + 120  # a guard against a hung test, not a measurement
    while process.poll() is None and not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


APPLY = "import sys; from specdraft.core.git import GitRepo; GitRepo('.').apply(sys.stdin.buffer.read(), index={index})"


@pytest.mark.parametrize("index", [False, True])
def test_a_crash_while_git_writes_leaves_the_file_whole(tmp_path, index):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})
    patch = patch_over_mine(repo, "a.txt")
    if index:
        git(repo, "add", "a.txt")
    marker = tmp_path / "held"
    hold_while_writing(repo, "a.txt", marker)
    kill_when_held([sys.executable, "-c", APPLY.format(index=index)], repo, marker, patch)
    assert marker.exists()  # the process was killed mid-apply
    assert (repo / "a.txt").read_bytes() in (MINE, CHANGED)  # never emptied
    assert git(repo, "show", ":a.txt") in ((MINE, CHANGED) if index else (OLD,))


FULL_DISK = (
    "import resource, sys\n"
    "from specdraft.core.errors import UserError\n"
    "from specdraft.core.git import GitRepo\n"
    "patch = sys.stdin.buffer.read()\n"
    "resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))  # no file grows past 2 KiB\n"
    "try:\n"
    "    GitRepo('.').apply(patch)\n"
    "except UserError as error:\n"
    "    print(error)\n"
    "    sys.exit(2)\n"
)


def test_a_full_disk_while_writing_keeps_the_file_whole(tmp_path):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})
    patch = patch_over_mine(repo, "a.txt")
    assert len(MINE) > 2048
    done = subprocess.run([sys.executable, "-c", FULL_DISK], cwd=repo, input=patch, capture_output=True,
                          env={**os.environ, **GIT_ENV})  # fmt: skip
    assert (repo / "a.txt").read_bytes() == MINE  # not cut mid-line
    assert done.returncode == 2, done.stderr.decode()
    assert b"Traceback" not in done.stderr
    assert b"nothing was applied" in done.stdout


@pytest.mark.parametrize("failing", ["write", "fsync"])
def test_no_space_left_applies_nothing_to_any_file(tmp_path, monkeypatch, failing):
    repo, patch = two_file_repo(tmp_path)
    real = getattr(os, failing)
    calls = []

    def full(fd, *rest):
        calls.append(fd)
        if len(calls) >= 2:  # the first file's write went through, the second's does not
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, *rest)

    monkeypatch.setattr(git_module.os, failing, full)
    with pytest.raises(UserError, match="No space left on device.*nothing was applied"):
        GitRepo(repo).apply(patch)
    monkeypatch.undo()
    assert (repo / "a.txt").read_bytes() == MINE and (repo / "b.txt").read_bytes() == MINE
    assert sorted(p.name for p in repo.iterdir()) == [".git", "a.txt", "b.txt"]  # nothing left beside


def test_a_failure_half_way_puts_back_the_files_already_written(tmp_path, monkeypatch):
    repo, patch = two_file_repo(tmp_path)
    real = os.replace
    renames = []

    def failing_second(source, target):
        renames.append(target)
        if len(renames) == 2:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real(source, target)

    monkeypatch.setattr(git_module.os, "replace", failing_second)
    with pytest.raises(UserError, match="nothing was applied"):
        GitRepo(repo).apply(patch)
    monkeypatch.undo()
    assert (repo / "a.txt").read_bytes() == MINE and (repo / "b.txt").read_bytes() == MINE
    assert sorted(p.name for p in repo.iterdir()) == [".git", "a.txt", "b.txt"]
    GitRepo(repo).apply(patch)  # and it applies whole once nothing fails
    assert (repo / "a.txt").read_bytes() == CHANGED and (repo / "b.txt").read_bytes() == CHANGED


def test_the_index_is_left_alone_when_a_worktree_write_fails(tmp_path, monkeypatch):
    repo, patch = two_file_repo(tmp_path)
    git(repo, "add", "-A")
    before = git(repo, "ls-files", "-s")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(git_module.os, "fsync", full)
    with pytest.raises(UserError, match="nothing was applied"):
        GitRepo(repo).apply(patch, index=True)
    monkeypatch.undo()
    assert git(repo, "ls-files", "-s") == before
    assert not (repo / ".git" / "index.lock").exists()


def test_the_file_mode_is_kept(tmp_path):
    repo = make_repo(tmp_path / "r", {"private.txt": OLD, "run.sh": OLD}, modes={"run.sh": 0o750})
    patch = patch_over_mine(repo, "private.txt", "run.sh")
    os.chmod(repo / "private.txt", 0o600)
    GitRepo(repo).apply(patch)
    assert (repo / "private.txt").read_bytes() == CHANGED
    assert stat.S_IMODE((repo / "private.txt").stat().st_mode) == 0o600
    assert stat.S_IMODE((repo / "run.sh").stat().st_mode) == 0o750


def test_new_deleted_renamed_and_symlinked_files_apply_as_git_would(tmp_path):
    repo = make_repo(tmp_path / "r", {"gone.txt": b"bye\n", "old/name.txt": OLD, "keep.txt": b"k\n"})
    os.symlink("keep.txt", repo / "link")
    git(repo, "add", "link")
    git(repo, "commit", "-q", "-m", "link")
    git(repo, "rm", "-q", "gone.txt")
    (repo / "new").mkdir()
    git(repo, "mv", "old/name.txt", "new/place.txt")
    write_files(repo, {"new/place.txt": CHANGED, "fresh/file.txt": b"new\n", "tool.sh": b"#!/bin/sh\n"},
                modes={"tool.sh": 0o755})  # fmt: skip
    (repo / "link").unlink()
    os.symlink("elsewhere.txt", repo / "link")
    git(repo, "add", "-A")
    patch = git(repo, "diff", "--cached", "-M", "HEAD")
    expected = {path: (repo / path).read_bytes() for path in ("new/place.txt", "fresh/file.txt", "tool.sh")}
    git(repo, "reset", "-q", "--hard", "HEAD")
    git(repo, "clean", "-qfd")
    GitRepo(repo).apply(patch)
    assert not (repo / "gone.txt").exists() and not (repo / "old").exists()  # emptied folders go
    assert {path: (repo / path).read_bytes() for path in expected} == expected
    assert os.access(repo / "tool.sh", os.X_OK)
    assert os.readlink(repo / "link") == "elsewhere.txt"


def test_a_patch_through_a_symlinked_folder_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "f.txt").write_bytes(b"outside\n")
    repo = make_repo(tmp_path / "r", {"a.txt": b"a\n"})
    os.symlink(outside, repo / "away")
    patch = b"diff --git a/away/f.txt b/away/f.txt\n--- a/away/f.txt\n+++ b/away/f.txt\n@@ -1 +1 @@\n-outside\n+in\n"
    with pytest.raises(UserError):
        GitRepo(repo).apply(patch)
    assert (outside / "f.txt").read_bytes() == b"outside\n"


def test_a_git_add_meanwhile_is_never_undone_by_the_index_swap(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "r", {"a.txt": b"1\n2\n3\n", "other.txt": b"o\n"})
    write_files(repo, {"a.txt": b"1\nTWO\n3\n"})
    git(repo, "add", "a.txt")
    write_files(repo, {"other.txt": b"added meanwhile\n"})
    gitrepo = GitRepo(repo)
    real_run = GitRepo.run
    added = []

    def run(self, *args, **kwargs):
        if args[:1] == ("reset",) and not added:  # while the new index is being built
            added.append(subprocess.run(["git", "add", "other.txt"], cwd=repo, capture_output=True,
                                        env={**os.environ, **GIT_ENV}))  # fmt: skip
        return real_run(self, *args, **kwargs)

    monkeypatch.setattr(GitRepo, "run", run)
    try:
        gitrepo.rebuild_index(["a.txt"], b"")  # a.txt unstaged
    except UserError:
        pass
    monkeypatch.undo()
    assert added
    staged = git(repo, "diff", "--cached", "--name-only").split()
    if added[0].returncode == 0:
        assert b"other.txt" in staged  # the add was kept
    else:
        assert b"index.lock" in added[0].stderr  # or it was refused, loudly, by git's own lock
    assert not (repo / ".git" / "index.lock").exists()


def test_the_index_swap_refuses_an_index_changed_since_the_review(tmp_path):
    repo = make_repo(tmp_path / "r", {"a.txt": b"1\n2\n3\n"})
    write_files(repo, {"a.txt": b"1\nTWO\n3\n"})
    git(repo, "add", "a.txt")
    gitrepo = GitRepo(repo)
    snapshot = gitrepo.snapshot(["a.txt"], worktree=False)
    write_files(repo, {"a.txt": b"1\nTWO\nTHREE\n"})
    git(repo, "add", "a.txt")
    before = git(repo, "ls-files", "-s")
    with pytest.raises(UserError, match="index changed"):
        gitrepo.rebuild_index(["a.txt"], b"", expected=snapshot)
    assert git(repo, "ls-files", "-s") == before
    assert not (repo / ".git" / "index.lock").exists()


KILLED_BETWEEN_RENAMES = (
    "import os, signal, sys\n"
    "import specdraft.core.git as git_module\n"
    "from specdraft.core.git import GitRepo\n"
    "real, renames = os.replace, []\n"
    "def replace(source, target):\n"
    "    if not str(target).endswith('.json'):  # the journal's own rename does not count\n"
    "        renames.append(target)\n"
    "    if len(renames) == 2:  # the first file renamed over, the second not yet\n"
    "        os.kill(os.getpid(), signal.SIGKILL)\n"
    "    return real(source, target)\n"
    "git_module.os.replace = replace\n"
    "GitRepo('.').apply(sys.stdin.buffer.read())\n"
)


def test_a_crash_between_two_files_leaves_each_whole(tmp_path):
    repo, patch = two_file_repo(tmp_path)
    done = subprocess.run([sys.executable, "-c", KILLED_BETWEEN_RENAMES], cwd=repo, input=patch,
                          capture_output=True, env={**os.environ, **GIT_ENV})  # fmt: skip
    assert done.returncode == -signal.SIGKILL
    contents = {(repo / name).read_bytes() for name in ("a.txt", "b.txt")}
    assert contents <= {MINE, CHANGED}  # each file old or new, whole; the old one is kept beside
    assert any(path.name.endswith(".specdraft-old") for path in repo.iterdir())


def test_an_apply_killed_between_two_files_is_put_back_whole_by_the_next_run(tmp_path):
    """All or nothing across files, even through a SIGKILL: the journal left behind lists what was
    swapped, and the next specdraft command puts every file back as it was, and says so."""
    from specdraft.core.git import recover_interrupted_write

    repo, patch = two_file_repo(tmp_path)
    done = subprocess.run([sys.executable, "-c", KILLED_BETWEEN_RENAMES], cwd=repo, input=patch,
                          capture_output=True, env={**os.environ, **GIT_ENV})  # fmt: skip
    assert done.returncode == -signal.SIGKILL
    contents = sorted((repo / name).read_bytes() for name in ("a.txt", "b.txt"))
    assert contents == sorted([MINE, CHANGED])  # one file new, one old: half an apply
    said = recover_interrupted_write(repo / ".git")
    assert said is not None and "put back as they were" in said
    assert [(repo / name).read_bytes() for name in ("a.txt", "b.txt")] == [MINE, MINE]
    assert not [path.name for path in repo.iterdir() if ".specdraft-" in path.name]
    assert recover_interrupted_write(repo / ".git") is None  # once


def test_the_review_command_puts_back_an_interrupted_apply_first(tmp_path):
    from tests.app.reviewkit import specdraft_subprocess

    repo, patch = two_file_repo(tmp_path)
    subprocess.run([sys.executable, "-c", KILLED_BETWEEN_RENAMES], cwd=repo, input=patch, capture_output=True,
                   env={**os.environ, **GIT_ENV})  # fmt: skip
    result = specdraft_subprocess(repo, ["review", "--plain"], stdin=b"q\n")
    assert b"an earlier apply was interrupted" in result.stderr
    assert [(repo / name).read_bytes() for name in ("a.txt", "b.txt")] == [MINE, MINE]
