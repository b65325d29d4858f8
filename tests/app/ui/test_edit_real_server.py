"""`specdraft edit --server` against a real OpenAI-compatible server that nobody here wrote:
`transformers serve` (transformers' `serving` extra) on 127.0.0.1, hosting the builtin checkpoint.

The same weights, greedy, asked the same prompt: the served draft must write the same file as the
local engine does (`specdraft edit --model builtin`), through the whole path: the request, the
streamed events, the parser, the hunk asked about in plain mode, the accepted hunk applied. Both
sides run in float32, so that neither implementation's bfloat16 rounding can part them.

One server for the module (it takes ~15 s to start on a 2-core machine, each draft ~10-30 s);
started and stopped here, killed when it does not stop. Skipped only where `transformers serve`
cannot be imported (pip install -e '.[test]' brings it).
"""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.app.editkit import git, make_repo

ROOT = Path(__file__).resolve().parents[3]
BUILTIN = ROOT / "engine" / "builtin"
START_S = 180  # a cold start on a busy 2-core machine: imports, then the weights
ORIGINAL = '''"""Prices read from text."""


def parse_price(text):
    """Read a price such as "3.50" or "3,50"."""
    text = text.strip().replace(",", ".")
    return float(text)
'''
# an edit of a kind the builtin pair was trained on, which it gets right: a type hint
INSTRUCTION = "Annotate the parameter `text` of `parse_price` as `str`."

missing = [name for name in ("transformers", "fastapi", "uvicorn") if importlib.util.find_spec(name) is None]
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(bool(missing), reason=f"transformers serve cannot be imported (missing: {', '.join(missing)}); "
                       "pip install -c constraints.txt -e '.[test]' installs transformers[serving]"),
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """A `transformers serve` process on 127.0.0.1 and its log."""

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        environment = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
                       "HF_HUB_DISABLE_TELEMETRY": "1", "OMP_NUM_THREADS": "2"}  # fmt: skip
        command = [sys.executable, "-c", "from transformers.cli.transformers import main; main()", "serve",
                   "--host", "127.0.0.1", "--port", str(self.port), "--device", "cpu", "--dtype", "float32",
                   "--log-level", "warning", str(BUILTIN)]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=log.open("wb"), stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, env=environment, start_new_session=True)  # fmt: skip

    def wait_ready(self) -> None:
        import httpx

        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"transformers serve exited ({self.process.returncode}):\n{self.tail()}")
            try:
                if httpx.get(self.url + "/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise RuntimeError(f"transformers serve did not answer /health within {START_S} s:\n{self.tail()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # its own session: the server and any worker
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(15)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("transformers-serve") / "serve.log")
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def specdraft(repo: Path, *args: str, answers: str) -> subprocess.CompletedProcess:
    environment = {"PATH": os.environ["PATH"], "HOME": str(repo.parent), "PYTHONPATH": str(ROOT),
                   "XDG_CONFIG_HOME": str(repo.parent / "config"), "OMP_NUM_THREADS": "2"}  # fmt: skip
    return subprocess.run([sys.executable, "-m", "specdraft", "edit", INSTRUCTION, "prices.py", "--plain", *args],
                          cwd=repo, input=answers, capture_output=True, text=True, env=environment,
                          timeout=300)  # fmt: skip


def test_a_served_draft_writes_what_the_local_engine_writes(tmp_path, served):
    local = make_repo(tmp_path / "local", {"prices.py": ORIGINAL})
    remote = make_repo(tmp_path / "remote", {"prices.py": ORIGINAL})
    # --no-read: the model drafts (a reader would read this instruction, and no model would run)
    here = specdraft(local, "--model", "builtin", "--dtype", "float32", "--no-read", answers="y\n\n")
    assert here.returncode == 0, here.stderr
    there = specdraft(remote, "--server", served.url, "--format", "builtin", "--no-read", answers="y\n\n")
    assert there.returncode == 0, there.stderr + served.tail()
    # streamed (the server's usage counts in the summary), parsed, one hunk asked about, applied
    assert "drafted prices.py: " in there.stderr and " tokens in " in there.stderr
    assert "(1/1) Apply this hunk to worktree" in there.stdout and "+def parse_price(text: str" in there.stdout
    assert "applied to 1 file in the worktree (1 accepted" in there.stdout
    written = (remote / "prices.py").read_text()
    assert written != ORIGINAL and "def parse_price(text: str" in written
    assert written == (local / "prices.py").read_text()  # the same weights, greedy: the same text
    assert git(remote, "status", "--porcelain").strip() == "M prices.py"


def test_format_whole_to_the_builtin_checkpoint_says_what_it_could_not_read(tmp_path, served):
    """The builtin pair answers a generic whole-file chat with bare text, not a fenced file: the
    real server's answer is named as unreadable, with its beginning and the format asked for,
    and nothing is applied. The request carried the original as a predicted output, which
    transformers serve ignores (it logs the field as unsupported): no refusal, no retry."""
    repo = make_repo(tmp_path / "repo", {"prices.py": ORIGINAL})
    result = specdraft(repo, "--server", served.url, "--format", "whole", answers="y\n")
    assert result.returncode == 3, result.stderr + result.stdout + served.tail()
    assert "no edit specdraft can read" in result.stdout and "--format whole" in result.stdout
    assert "; the answer begins: '" in result.stdout  # what the weights write is theirs to choose
    assert "changed nothing" not in result.stdout + result.stderr and "refused" not in result.stderr
    assert git(repo, "status", "--porcelain") == "" and (repo / "prices.py").read_text() == ORIGINAL


def test_the_operations_offered_as_tools_to_a_real_server(tmp_path, served):
    """`transformers serve` takes the request that offers the operations as tools (its chat template
    may ignore them): the answer comes back and is read, or refused with the reason; never a crash."""
    repo = make_repo(tmp_path / "repo", {"prices.py": ORIGINAL})
    result = specdraft(repo, "--server", served.url, "--format", "search-replace", "--max-new-tokens", "64", answers="q\n")
    assert "Traceback" not in result.stderr, result.stderr + served.tail()
    assert result.returncode in (0, 3), result.stderr + served.tail()  # a draft, or an answer with no edit in it
    if result.returncode == 3:
        assert "no edit specdraft can read" in result.stdout + result.stderr or "refused" in result.stderr
