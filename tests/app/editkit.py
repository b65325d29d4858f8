"""Test kit for the edit flow: a scripted Backend, temporary repositories, and running the CLI."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from specdraft.engine.errors import EngineError, IncompleteDraft
from specdraft.engine.interface import DraftStats, DraftStream

GREET = (
    "import sys\n"
    "\n"
    "\n"
    "def greet(name):\n"
    '    print("Hello " + name)\n'
    "\n"
    "\n"
    "def shout(name):\n"
    "    print(name.upper())\n"
    "\n"
    "\n"
    "def main():\n"
    "    greet(sys.argv[1])\n"
)
# two separate changes: greet's body (hunk 1) and main's call (hunk 2)
GREET_EDITED = GREET.replace('print("Hello " + name)', 'print(f"Hello, {name}!")').replace(
    "    greet(sys.argv[1])\n", "    greet(sys.argv[1])\n    shout(sys.argv[1])\n"
)


@dataclass
class Reply:
    """One canned answer: its text (sent in a few pieces) and how the stream ends."""

    text: str
    finish_reason: str = "stop"
    raise_after: int | None = None  # raise IncompleteDraft after this many pieces (a cut stream)
    refuse: str | None = None  # raise EngineError(refuse) before any piece (a server that refused)
    during: Callable[[], None] | None = None  # runs while the draft streams (e.g. edit the file)
    least_token_prob: float | None = None  # how sure the model was at its weakest point (local engine)


@dataclass
class ScriptedBackend:
    """A Backend that answers each request with the next Reply and records what it was sent."""

    replies: list[Reply]
    kind: str = "remote"
    model: str = "scripted-coder"
    format: str | None = None  # edit_format; by default the builtin pair's locally, SEARCH/REPLACE remotely
    context_length: int | None = 8192
    requests: list[dict] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.model

    @property
    def edit_format(self) -> str:
        return self.format or ("builtin" if self.kind == "local" else "search-replace")

    def count_tokens(self, text: str) -> int:
        return len(text.split()) + text.count("\n")  # a stand-in tokenizer: words and lines

    def count_prompt_tokens(self, messages) -> int:
        return sum(self.count_tokens(m["content"]) + 4 for m in messages)

    def stream(self, messages, *, reference=None, max_new_tokens=2048, temperature=0.0, stop=(),
               cancel=None) -> DraftStream:  # fmt: skip
        self.requests.append({"messages": messages, "reference": reference, "max_new_tokens": max_new_tokens})
        if not self.replies:
            raise AssertionError(f"no reply scripted for request {len(self.requests)}")
        reply = self.replies.pop(0)
        stats = DraftStats(model=self.model, backend=self.kind, finish_reason="", prompt_tokens=10, new_tokens=0)

        def pieces():
            if reply.refuse is not None:
                raise EngineError(reply.refuse)
            text = reply.text
            chunks = [text[i : i + 17] for i in range(0, len(text), 17)]
            for number, chunk in enumerate(chunks):
                if reply.raise_after is not None and number >= reply.raise_after:
                    raise IncompleteDraft("the server closed the stream in the middle of the answer")
                stats.new_tokens += 1
                stats.chars += len(chunk)
                stats.elapsed_s = 0.01 * (number + 1)
                if self.kind == "local":  # a speculative engine's figures, as a status line shows them
                    stats.drafted_tokens = 2 * (number + 1)
                    stats.accepted_tokens = number + 1
                yield chunk
                if number == 0 and reply.during:
                    reply.during()
            stats.finish_reason = reply.finish_reason
            stats.least_token_prob = reply.least_token_prob
            stats.elapsed_s = max(stats.elapsed_s, 0.01)
            yield stats

        return DraftStream(pieces(), stats)


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def make_repo(root: Path, files: dict[str, str] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test")
    git(root, "config", "user.email", "test@example.com")
    git(root, "config", "core.hooksPath", "/dev/null")
    for path, text in (files or {"greet.py": GREET}).items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start")
    return root


def search_replace(path: str, search: str, replace: str) -> str:
    return f"{path}\n```python\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```\n"


@dataclass
class Result:
    code: int
    out: str
    err: str


def run_edit(monkeypatch, root: Path, argv: list[str], backend: ScriptedBackend, answers: str = "") -> Result:
    """`specdraft edit ...` in-process in ``root`` with ``backend``, answers on standard input."""
    import specdraft.ui.cli.edit
    from specdraft.ui.cli.main import main

    monkeypatch.chdir(root)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(root / ".no-config"))
    monkeypatch.setattr(specdraft.ui.cli.edit, "make_backend", lambda settings: backend)
    stdin = io.TextIOWrapper(io.BytesIO(answers.encode()))
    stdout = io.TextIOWrapper(io.BytesIO(), write_through=True)
    stderr = io.TextIOWrapper(io.BytesIO(), write_through=True)
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", stderr)
    try:
        code = main(["edit", *argv])
    finally:
        out = stdout.buffer.getvalue().decode()
        err = stderr.buffer.getvalue().decode()
        monkeypatch.undo()
    return Result(code, out, err)
