"""Start-up: what each command imports, how the program ends, and `specdraft bench startup`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("torch", "textual", "rich", "tokenizers", "safetensors", "jinja2", "httpx")

# Runs a command as the program does, minus the exit, then names the heavy packages it imported.
_IMPORTED = """
import sys
from specdraft.ui.cli.main import _run
code = _run(sys.argv[1:])
heavy = sorted({name.split(".")[0] for name in sys.modules} & set(HEAVY))
print("IMPORTED", ",".join(heavy), code)
"""


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
                   check=True, capture_output=True)  # fmt: skip


@pytest.fixture
def staged_repo(tmp_path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "a.py").write_text("x = 1\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "start")
    (repo / "a.py").write_text("x = 2\n")
    return repo


def test_hook_run_imports_neither_torch_nor_textual(staged_repo):
    _git(staged_repo, "add", "-A")
    names, code = _imported_names(staged_repo, "hook", "run")
    assert code == "0"
    assert names == []


def test_plain_review_imports_neither_torch_nor_textual(staged_repo):
    names, code = _imported_names(staged_repo, "review", "--plain", stdin="n\n")
    assert code == "0"
    assert names == []


def test_tui_review_modules_do_not_import_torch():
    code = ("import sys; import specdraft.ui.cli.review, specdraft.ui.tui.app, specdraft.ui.tui.screens.review; "
            "print('torch' in sys.modules)")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def _imported_names(repo: Path, *argv: str, stdin: str = "") -> tuple[list[str], str]:
    script = f"HEAVY = {HEAVY!r}\n" + _IMPORTED
    env = {**os.environ, "XDG_CONFIG_HOME": str(repo.parent / "config")}
    done = subprocess.run([sys.executable, "-c", script, *argv], cwd=repo, env=env, input=stdin,
                          capture_output=True, text=True)  # fmt: skip
    line = next((line for line in done.stdout.splitlines() if line.startswith("IMPORTED")), None)
    assert line is not None, done.stderr
    _, names, code = line.split(" ")
    return [name for name in names.split(",") if name], code


def test_the_program_ends_without_teardown_keeping_its_code_output_and_atexit(tmp_path):
    """Once torch is loaded the program ends at once (exit_without_teardown), as it would have."""
    marker = tmp_path / "atexit-ran"
    script = (
        "import atexit, sys, torch\n"
        "from pathlib import Path\n"
        f"atexit.register(Path({str(marker)!r}).write_text, 'yes')\n"
        "from specdraft.ui.cli import main as cli\n"
        "cli._run = lambda argv: (print('the output', end=''), sys.stderr.write('the errors'), 3)[-1]\n"
        "cli.main()\n"
        "print('not reached')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 3
    assert done.stdout == "the output"
    assert done.stderr == "the errors"
    assert marker.read_text() == "yes"


def test_main_with_arguments_returns():
    from specdraft.ui.cli.main import main

    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0


@pytest.mark.slow
def test_bench_startup_reports_every_phase(tmp_path):
    """A tiny workload (a 12-line file, a 2-hunk review): every row is there; no timing asserted."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-m", "specdraft", "bench", "startup", "--repeat", "1", "--lines", "12",
                           "--review-files", "1", "--review-hunks", "2", "--json"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    from specdraft.ui.cli.bench_startup import EDIT_PHASES

    expected = {"python -c 'import torch'", "edit: whole command", "hook run: whole command",
                *(f"edit, phases: {phase}" for phase in (*EDIT_PHASES, "whole"))}  # fmt: skip
    assert expected <= set(report["medians"])
    for phase in ("interpreter", "imports", "model load", "tokenizer", "prompt", "draft", "apply"):
        assert report["medians"][f"edit, phases: {phase}"] > 0, phase
    assert {"edit_over_import_torch_s", "hook_run_s"} <= set(report)
