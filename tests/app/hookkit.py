"""Test helpers for the hook: a repository with a drafted change recorded, real `git commit` without a terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.app.reviewkit import GIT_ENV, make_repo, write_files

BASE = b"".join(b"def f%d(x):\n    return x + %d\n\n" % (i, i) for i in range(8))
DRAFT = BASE.replace(b"x + 1\n", b"x + 100\n    check(x)\n")


def env_for(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of every specdraft and git call in these tests (no user config)."""
    return {
        **os.environ,
        **GIT_ENV,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "GIT_EDITOR": "true",
        **extra,
    }


def run_detached(
    cwd: Path, argv: list[str], env: dict[str, str], timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run a command with no terminal at all: stdin from /dev/null, a new session (no tty)."""
    return subprocess.run(
        argv,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        start_new_session=True,
        timeout=timeout,
    )


def specdraft(cwd: Path, env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return run_detached(cwd, [sys.executable, "-m", "specdraft", *argv], env)


def commit(cwd: Path, env: dict[str, str], *extra: str) -> subprocess.CompletedProcess[str]:
    return run_detached(cwd, ["git", "commit", "-q", "-m", "change", *extra], env)


def head(cwd: Path, env: dict[str, str]) -> str:
    return run_detached(cwd, ["git", "rev-parse", "HEAD"], env).stdout.strip()


def record_draft(
    worktree: Path,
    content: bytes,
    *,
    unattended: bool,
    seconds: float = 30.0,
    drafter: str = "tiny-coder",
    path: str = "calc.py",
) -> None:
    """Write ``content`` as a drafting session would, and record it as that session would:
    every hunk accepted after ``seconds`` on it.

    Runs in a subprocess so that the test process's environment and cwd stay as they were.
    """
    write_files(worktree, {path: content})
    script = f"""
import sys
from specdraft.core.diffs import parse_diff
from specdraft.core.git import GitRepo
from specdraft.drafting.provenance import record_session
from specdraft.core.session import ReviewSession
repo = GitRepo({str(worktree)!r})
now = [0.0]
session = ReviewSession(parse_diff(repo.diff_unstaged()), clock=lambda: now[0])
for index in range(len(session.units)):
    session.go_to(index)
    now[0] += {seconds}
    session.accept()
record_session(repo, session, drafter={drafter!r}, unattended={unattended!r})
"""
    result = subprocess.run(
        [sys.executable, "-c", script], env={**os.environ, **GIT_ENV}, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def new_repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo", {"calc.py": BASE})
