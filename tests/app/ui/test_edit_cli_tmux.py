"""One check in a real terminal: bare `specdraft` in tmux asks for the instruction and the files,
drafts through a loopback model server, shows the hunks, and writes only the accepted one."""

from __future__ import annotations

import shlex
import time
from pathlib import Path

import pytest

from tests.app.editkit import GREET, make_repo, search_replace
from tests.app.ui.test_tui_tmux import SPECDRAFT, Tmux, needs_tmux
from tests.engine.openai_server import OpenAIServer, stream_pieces

pytestmark = [pytest.mark.tmux, pytest.mark.slow]

ANSWER = search_replace("greet.py", '    print("Hello " + name)\n', '    print(f"Hello, {name}!")\n') + \
    search_replace("greet.py", "    greet(sys.argv[1])\n", "    greet(sys.argv[1])\n    shout(sys.argv[1])\n")  # fmt: skip


def specdraft_line(cwd: Path, environment: dict[str, str], argv: list[str], done: Path) -> str:
    """The shell line tmux runs: specdraft ARGV in ``cwd`` with ``environment``; its exit status
    is written to ``done``, and the pane stays open a while for the test to read it."""
    prefix = " ".join(f"{key}={shlex.quote(value)}" for key, value in environment.items())
    command = " ".join(shlex.quote(part) for part in [str(SPECDRAFT), *argv])
    return f"cd {shlex.quote(str(cwd))} && env {prefix} {command}; echo $? > {shlex.quote(str(done))}; sleep 30"


def quit_applying(tmux: Tmux, done: Path) -> None:
    """q, then y to the apply question; the command exits 0 (its shell writes the status to done)."""
    tmux.send("q")
    tmux.wait_for("written to the worktree")
    tmux.send("y")
    for _ in range(300):
        if done.exists():
            break
        time.sleep(0.1)
    assert done.exists(), tmux.screen()
    assert done.read_text().strip() == "0", tmux.screen()


@needs_tmux
def test_bare_specdraft_asks_drafts_reviews_and_applies(tmp_path: Path):
    repo = make_repo(tmp_path / "repo")
    done = tmp_path / "exit-status"
    with OpenAIServer() as server:
        server.script.append(stream_pieces([ANSWER[i : i + 40] for i in range(0, len(ANSWER), 40)], delay=0.02))
        environment = {
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "TERM": "xterm-256color",
            "SPECDRAFT_SERVER": server.url,
            "SPECDRAFT_MODEL": "tiny-coder",
        }
        tmux = Tmux(tmp_path)
        tmux.start(specdraft_line(repo, environment, [], done))
        try:
            tmux.wait_for("What should the model change?")  # drawn after the box took the focus
            tmux.send("-l", "Make the greeting friendlier")
            tmux.wait_for("friendlier")
            tmux.send("Enter")
            tmux.wait_for_cursor_on("find a file")  # the focus moved to the file finder
            tmux.send("-l", "greet")
            tmux.wait_for("▊  greet ")
            tmux.send("Enter")
            tmux.wait_for("chosen: greet.py")
            tmux.send("C-s")
            screen = tmux.wait_for("0/2 decided")
            assert "greet.py" in screen
            tmux.wait_for("drafted:")
            tmux.send("y")
            tmux.wait_for("1/2 decided")
            tmux.send("n")
            tmux.wait_for("2/2 decided")
            quit_applying(tmux, done)
        finally:
            tmux.stop()
    assert (repo / "greet.py").read_text() == GREET.replace('print("Hello " + name)', 'print(f"Hello, {name}!")')
    (request,) = server.chat_requests()
    assert "Make the greeting friendlier" in request["messages"][-1]["content"]


@needs_tmux
def test_demo_in_a_terminal_drafts_with_the_builtin_model_and_writes_what_is_accepted(tmp_path: Path):
    """The README's run command in a real terminal: the instruction box comes filled in, ctrl+s
    drafts with the builtin model, the status line shows the speculative decoder at work."""
    from specdraft.ui.cli import demo
    from tests.app.drafting.test_drafting_engine import builtin_draft

    target = tmp_path / "demo"
    done = tmp_path / "exit-status"
    environment = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "TERM": "xterm-256color", "OMP_NUM_THREADS": "1"}
    tmux = Tmux(tmp_path)
    tmux.start(specdraft_line(tmp_path, environment, ["demo", "--dir", str(target)], done))
    try:
        tmux.wait_for("What should the model change?")
        tmux.wait_for(f"chosen: {demo.SUGGESTED_FILE}")
        tmux.send("C-s")
        screen = tmux.wait_for("drafted:", timeout=120)  # loading the model, then the draft
        assert "accepted" in screen, screen
        tmux.send("a")  # this hunk and the rest of the file
        quit_applying(tmux, done)
    finally:
        tmux.stop()
    expected = builtin_draft(tmp_path, demo.SUGGESTED_INSTRUCTION, demo.SUGGESTED_FILE, demo.SAMPLE)
    assert (target / demo.SUGGESTED_FILE).read_text() == expected  # exactly what the model drafted


@needs_tmux
def test_demo_an_instruction_typed_at_once_goes_in_the_box_and_gets_a_draft(tmp_path: Path):
    """A newcomer's first minute: the demo opens, they type what they want straight away (no
    click, no tab) and press enter; the instruction box had the focus, their words replaced the
    suggestion, and the draft comes into the review."""
    from specdraft.ui.cli import demo

    target = tmp_path / "demo"
    done = tmp_path / "exit-status"
    environment = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "TERM": "xterm-256color", "OMP_NUM_THREADS": "1"}
    tmux = Tmux(tmp_path)
    tmux.start(specdraft_line(tmp_path, environment, ["demo", "--dir", str(target)], done))
    try:
        tmux.wait_for(f"chosen: {demo.SUGGESTED_FILE}")
        tmux.send("rename load to read_file")
        screen = tmux.wait_for("rename load to read_file")
        # in the instruction box, in place of the suggestion; the file finder untouched
        assert demo.SUGGESTED_INSTRUCTION not in screen and "find a file" in screen, screen
        tmux.send("Enter")
        screen = tmux.wait_for("+ def read_file(path):", timeout=120)
        assert "instruction: rename load to read_file" in screen, screen
        tmux.send("y")
        quit_applying(tmux, done)
    finally:
        tmux.stop()
    assert "def read_file(path):" in (target / demo.SUGGESTED_FILE).read_text()
