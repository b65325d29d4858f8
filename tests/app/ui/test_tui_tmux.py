"""One check in a real terminal: `specdraft review` in tmux, keys sent, screen read, index checked."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = [pytest.mark.tmux, pytest.mark.slow]

TMUX = shutil.which("tmux")
SPECDRAFT = Path(sys.executable).with_name("specdraft")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True
    ).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "test@example.com")
    git(repo, "config", "user.name", "Test")
    lines = [f"def f{i}(x):\n    return x + {i}\n\n" for i in range(12)]
    (repo / "calc.py").write_text("".join(lines))
    (repo / "notes.txt").write_text("one\ntwo\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "start")
    changed = "".join(lines).replace("x + 1\n", "x + 100\n").replace("x + 10\n", "x - 10\n")
    (repo / "calc.py").write_text(changed)
    (repo / "notes.txt").write_text("one\ntwo\nthree\n")
    return repo


class Tmux:
    """A private tmux server (its own socket) running one command in a 120x40 window."""

    def __init__(self, socket_dir: Path) -> None:
        self.socket = str(socket_dir / f"tmux-{uuid.uuid4().hex[:8]}")
        self.name = "review"

    def run(self, *args: str) -> str:
        return subprocess.run(
            [TMUX, "-S", self.socket, "-f", "/dev/null", *args],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def start(self, command: str) -> None:
        """Run ``command`` in a window pinned at 120x40 (tmux may otherwise fall back to its
        80x24 default-size while no client is attached)."""
        go = f"{self.socket}.go"
        waiting = f"while [ ! -e {shlex.quote(go)} ]; do sleep 0.02; done; {command}"
        self.run("new-session", "-d", "-s", self.name, "-x", "120", "-y", "40", waiting)
        self.run("set-option", "-g", "default-size", "120x40")
        self.run("set-option", "-w", "-t", self.name, "window-size", "manual")
        for _attempt in range(50):  # a loaded machine once left the window at 80x24
            self.run("resize-window", "-t", self.name, "-x", "120", "-y", "40")
            size = self.run("display-message", "-p", "-t", self.name, "#{window_width}x#{window_height}")
            if size.strip() == "120x40":
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"tmux would not size the window to 120x40 (it is {size.strip()})")
        Path(go).touch()

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.name)

    def send(self, *keys: str) -> None:
        self.run("send-keys", "-t", self.name, *keys)

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen shows:\n{screen}")

    def cursor_line(self) -> str:
        """The screen line that holds the terminal's cursor (Textual keeps it in the focused input)."""
        row = int(self.run("display-message", "-p", "-t", self.name, "#{cursor_y}").strip())
        lines = self.screen().splitlines()
        return lines[row] if 0 <= row < len(lines) else ""

    def wait_for_cursor_on(self, text: str, timeout: float = 30.0) -> str:
        """Wait until the line holding the cursor shows ``text``: the focus has moved to that
        input, so keys sent now land in it. Sent any sooner (right after the enter that moves
        the focus), the app can still hand them to the input the focus is leaving."""
        deadline = time.monotonic() + timeout
        line = ""
        while time.monotonic() < deadline:
            line = self.cursor_line()
            if text in line:
                return line
            time.sleep(0.05)
        raise AssertionError(
            f"the cursor never reached a line showing {text!r} (it is on {line!r}); "
            f"the screen shows:\n{self.screen()}"
        )

    def stop(self) -> None:
        subprocess.run([TMUX, "-S", self.socket, "kill-server"], capture_output=True)


needs_tmux = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed; this test drives the real TUI in tmux"
)


class Review:
    """`specdraft review` running in tmux in ``repo``; ``finish()`` waits for it to exit."""

    def __init__(self, repo: Path, tmp_path: Path, **environment: str) -> None:
        assert SPECDRAFT.exists(), f"{SPECDRAFT} is missing: install the package (pip install -e .)"
        self.done = tmp_path / "exit-status"
        environment = {
            "XDG_CONFIG_HOME": str(tmp_path / "config"),  # never the developer's own config
            "TERM": "xterm-256color",
            "VISUAL": "",
            "EDITOR": "true",
            **environment,
        }
        env_prefix = " ".join(f"{key}={shlex.quote(value)}" for key, value in environment.items())
        command = (
            f"cd {shlex.quote(str(repo))} && env {env_prefix} {shlex.quote(str(SPECDRAFT))} review"
            f"; echo $? > {shlex.quote(str(self.done))}; sleep 30"  # the UI draws on stderr
        )
        self.tmux = Tmux(tmp_path)
        self.tmux.start(command)

    def finish(self) -> str:
        """Wait for the exit; returns its status (the screen is in the failure message)."""
        deadline = time.monotonic() + 30
        while not self.done.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert self.done.exists(), f"specdraft did not exit; the screen shows:\n{self.tmux.screen()}"
        time.sleep(0.1)
        return self.done.read_text().strip()


@needs_tmux
def test_review_in_a_real_terminal(repo: Path, tmp_path: Path):
    review = Review(repo, tmp_path)
    tmux = review.tmux
    try:
        tmux.wait_for("y accept")  # the footer lists the keys (it is drawn last)
        screen = tmux.wait_for("0/3 decided")
        assert "calc.py" in screen and "notes.txt" in screen
        assert "return x + 100" in screen  # the first hunk is shown

        tmux.send("y")
        tmux.wait_for("1/3 decided")
        tmux.send("n")
        screen = tmux.wait_for("2/3 decided")
        assert "accepted 50%" in screen
        assert "three" in screen  # the third hunk (notes.txt) is now shown

        tmux.send("q")
        screen = tmux.wait_for("Apply 1 accepted hunk and quit?")
        assert "1 accepted, 0 edited, 1 rejected, 1 undecided (of 3)" in screen
        tmux.send("y")
        assert review.finish() == "0", tmux.screen()
    finally:
        tmux.stop()

    staged = git(repo, "diff", "--cached")
    assert "+    return x + 100" in staged  # accepted: staged
    assert "x - 10" not in staged and "three" not in staged  # rejected and pending: not staged
    unstaged = git(repo, "diff")
    assert "+    return x - 10" in unstaged and "+three" in unstaged  # the worktree keeps them
    assert "x + 100" not in unstaged


@needs_tmux
def test_ctrl_c_twice_quits_without_applying(repo: Path, tmp_path: Path):
    review = Review(repo, tmp_path)
    tmux = review.tmux
    try:
        tmux.wait_for("y accept")
        tmux.send("y")
        tmux.wait_for("1/3 decided")
        tmux.send("C-c")
        tmux.wait_for("Quit without applying anything?")
        tmux.send("C-c")
        assert review.finish() == "0", tmux.screen()
        assert "quit without applying anything" in tmux.screen()
    finally:
        tmux.stop()
    assert git(repo, "diff", "--cached") == ""  # the accepted hunk was not applied


@needs_tmux
def test_e_suspends_for_the_external_editor(repo: Path, tmp_path: Path):
    editor = tmp_path / "editor.py"
    editor.write_text(
        "import sys\n"
        "path = sys.argv[-1]\n"
        "data = open(path).read().replace('+    return x + 100', '+    return x + 1000')\n"
        "open(path, 'w').write(data)\n"
    )
    review = Review(repo, tmp_path, EDITOR=f"{sys.executable} {editor}")
    tmux = review.tmux
    try:
        tmux.wait_for("y accept")
        tmux.send("e")
        screen = tmux.wait_for("1/3 decided")  # back from the editor, the edit counted
        assert "✎ 1" in screen
        tmux.send("q")
        tmux.wait_for("Apply 1 accepted hunk and quit?")
        tmux.send("y")
        assert review.finish() == "0", tmux.screen()
    finally:
        tmux.stop()
    staged = git(repo, "diff", "--cached")
    assert "+    return x + 1000" in staged and "x - 10" not in staged


@needs_tmux
def test_repo_config_remaps_keys_and_environment_picks_the_theme(repo: Path, tmp_path: Path):
    (repo / ".specdraft.toml").write_text('theme = "light"\n[keys]\naccept = "x"\n')
    git(repo, "add", ".specdraft.toml")
    git(repo, "commit", "-q", "-m", "config")
    review = Review(repo, tmp_path, SPECDRAFT_THEME="high-contrast")
    tmux = review.tmux
    try:
        tmux.wait_for("x accept")  # the footer shows the remapped key
        tmux.send("y")  # no longer bound
        tmux.send("x")
        tmux.wait_for("1/3 decided")
        colours = tmux.run("capture-pane", "-p", "-e", "-t", tmux.name)
        # the environment's high-contrast theme, not the repo's light one: orange removed lines
        assert "38;2;230;159;0" in colours or "38;5;214" in colours or "38;5;178" in colours
        tmux.send("Q")
        tmux.wait_for("Quit without applying anything?")
        tmux.send("y")
        assert review.finish() == "0", tmux.screen()
    finally:
        tmux.stop()
