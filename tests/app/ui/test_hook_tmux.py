"""One commit in a real terminal (tmux): the pre-commit hook offers the review of the unreviewed hunk and opens it."""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path

import pytest

from tests.app.hookkit import DRAFT, env_for, new_repo, record_draft, specdraft
from tests.app.reviewkit import GIT_ENV, git
from tests.app.ui.test_tui_tmux import Tmux, needs_tmux

pytestmark = [pytest.mark.tmux, pytest.mark.slow]


@needs_tmux
def test_hook_opens_the_review_of_the_unreviewed_hunk(tmp_path: Path):
    env = env_for(tmp_path)
    repo = new_repo(tmp_path)
    assert specdraft(repo, env, "hook", "install").returncode == 0
    record_draft(repo, DRAFT, unattended=True)
    (repo / "human.txt").write_text("written by hand\n")
    git(repo, "add", "calc.py", "human.txt")

    done = tmp_path / "exit-status"
    environment = {
        **GIT_ENV,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "TERM": "xterm-256color",
        "GIT_EDITOR": "true",
    }
    prefix = " ".join(f"{key}={shlex.quote(value)}" for key, value in environment.items())
    command = (
        f"cd {shlex.quote(str(repo))} && env {prefix} git commit -q -m from-a-terminal"
        f"; echo $? > {shlex.quote(str(done))}; sleep 30"
    )
    tmux = Tmux(tmp_path)
    tmux.start(command)
    try:
        screen = tmux.wait_for("Review them now [y,n]?")
        assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review" in screen
        tmux.send("y")  # one key answers: no enter
        screen = tmux.wait_for("0/1 decided")  # the TUI, on the drafted hunk only
        assert "check(x)" in screen  # (human.txt is listed with 0/0 hunks: nothing of it to review)
        tmux.wait_for("y accept")
        time.sleep(1.0)  # reading it: 3 lines at hook.reading_speed = 5 lines per second take 0.6 s
        tmux.send("y")
        tmux.wait_for("1/1 decided")
        tmux.send("q")
        tmux.wait_for("quit?")
        tmux.send("y")
        deadline = time.monotonic() + 30
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert done.exists(), tmux.screen()
        time.sleep(0.1)
        assert done.read_text().strip() == "0", tmux.screen()
    finally:
        tmux.stop()

    assert git(repo, "log", "-1", "--format=%s").decode().strip() == "from-a-terminal"
    assert set(git(repo, "show", "--name-only", "--format=", "HEAD").decode().split()) == {
        "calc.py",
        "human.txt",
    }
    note = json.loads(git(repo, "notes", "--ref=specdraft", "show", "HEAD"))
    assert note["lines"]["drafted"] == 2
    assert note["hunks"]["accepted"] == 1


@needs_tmux
def test_with_output_captured_the_hook_never_asks(tmp_path: Path):
    """A terminal exists (/dev/tty opens) but git's output goes to a file: list, fail, no question."""
    env = env_for(tmp_path)
    repo = new_repo(tmp_path)
    assert specdraft(repo, env, "hook", "install").returncode == 0
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    done, log = tmp_path / "exit-status", tmp_path / "commit.log"
    prefix = " ".join(
        f"{key}={shlex.quote(value)}"
        for key, value in {**GIT_ENV, "XDG_CONFIG_HOME": str(tmp_path / "config")}.items()
    )
    command = (
        f"cd {shlex.quote(str(repo))} && env {prefix} git commit -q -m captured "
        f"> {shlex.quote(str(log))} 2>&1; echo $? > {shlex.quote(str(done))}; sleep 30"
    )
    tmux = Tmux(tmp_path)
    tmux.start(command)
    try:
        deadline = time.monotonic() + 30
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert done.exists(), f"the hook waited; the screen shows:\n{tmux.screen()}"
        time.sleep(0.1)
        assert done.read_text().strip() == "1"
    finally:
        tmux.stop()
    text = log.read_text()
    assert "accepted without review" in text and "Review them now" not in text


@needs_tmux
def test_commit_all_rejecting_in_the_review_leaves_the_hunk_out(tmp_path: Path):
    """git commit -a (git's own index): a hunk rejected in the hook's review is not committed."""
    env = env_for(tmp_path)
    repo = new_repo(tmp_path)
    assert specdraft(repo, env, "hook", "install").returncode == 0
    record_draft(repo, DRAFT, unattended=True)  # in the worktree only; -a stages it
    (repo / "human.txt").write_text("written by hand\n")
    git(repo, "add", "human.txt")
    done = tmp_path / "exit-status"
    environment = {**GIT_ENV, "XDG_CONFIG_HOME": str(tmp_path / "config"), "TERM": "xterm-256color"}
    prefix = " ".join(f"{key}={shlex.quote(value)}" for key, value in environment.items())
    command = (
        f"cd {shlex.quote(str(repo))} && env {prefix} git commit -a -q -m all"
        f"; echo $? > {shlex.quote(str(done))}; sleep 30"
    )
    tmux = Tmux(tmp_path)
    tmux.start(command)
    try:
        tmux.wait_for("Review them now [y,n]?")
        tmux.send("y")  # one key answers: no enter
        tmux.wait_for("0/1 decided")
        tmux.wait_for("n reject")
        tmux.send("n")
        tmux.wait_for("1/1 decided")
        tmux.send("q")
        tmux.wait_for("(of 1)")  # the confirmation
        tmux.send("y")
        deadline = time.monotonic() + 30
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert done.exists(), tmux.screen()
        time.sleep(0.1)
        assert done.read_text().strip() == "0", tmux.screen()
    finally:
        tmux.stop()
    assert git(repo, "show", "--name-only", "--format=", "HEAD").decode().split() == ["human.txt"]
    assert (repo / "calc.py").read_bytes() == DRAFT  # the rejected draft stays in the worktree
    assert git(repo, "diff", "--cached") == b""
    assert git(repo, "notes", "--ref=specdraft", "list", check=False) == b""  # nothing drafted landed
