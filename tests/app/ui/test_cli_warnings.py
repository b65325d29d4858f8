"""No stray warnings on any command: each runs in a fresh process, as a user runs it.

The one seen in the wild: torch imports numpy when it can and, without it, warns "Failed to
initialize NumPy" on every command that loads a model (plain mode showed it). Nothing in
specdraft's runtime uses numpy, but torch looks for it at import and the training tooling uses
it, so it is a dependency, pinned in constraints.txt to a version this torch imports cleanly.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from specdraft.ui.cli.main import COMMANDS
from tests.app.editkit import make_repo

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[3]


def run(args: list[str], cwd: Path, answers: str = "") -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONWARNINGS"}
    env["XDG_CONFIG_HOME"] = str(cwd / ".no-config")
    return subprocess.run([sys.executable, *args], cwd=cwd, input=answers, capture_output=True, text=True,
                          env=env, timeout=300)  # fmt: skip


def assert_quiet(done: subprocess.CompletedProcess, what: str) -> None:
    assert done.returncode == 0, f"{what}: exit {done.returncode}\n{done.stderr}"
    assert "Warning" not in done.stderr, f"{what} printed a warning:\n{done.stderr}"


def test_numpy_is_a_dependency_pinned_to_a_version_torch_imports_cleanly():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(re.match(r"numpy\b", requirement) for requirement in project["dependencies"])
    pins = re.findall(r'^numpy==([\w.]+); python_version >= "3.11"', (ROOT / "constraints.txt").read_text(), re.M)
    assert len(pins) == 1
    if sys.version_info >= (3, 11):  # this environment was installed with the constraints
        assert version("numpy") == pins[0]
    done = subprocess.run([sys.executable, "-W", "error", "-c", "import torch"], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stderr, done.stderr


def test_every_help_is_quiet(tmp_path):
    for command in ["", *COMMANDS]:
        assert_quiet(run(["-m", "specdraft", *command.split(), "--help"], tmp_path), f"specdraft {command} --help")
    assert_quiet(run(["-m", "specdraft.engine", "generate", "--help"], tmp_path), "python -m specdraft.engine")


@pytest.mark.slow
def test_the_commands_that_load_a_model_or_review_are_quiet(tmp_path):
    repo = make_repo(tmp_path / "repo", {"calc.py": "def add(a, b):\n    return a + b\n"})
    assert_quiet(run(["-m", "specdraft", "config"], repo), "specdraft config")
    (repo / "calc.py").write_text("def add(a, b):\n    return b + a\n")
    assert_quiet(run(["-m", "specdraft", "review", "--plain"], repo, "n\n"), "specdraft review --plain")
    generated = run(["-m", "specdraft", "generate", "--model", "builtin", "def add(a, b):", "--max-new-tokens", "4"], repo)
    assert_quiet(generated, "specdraft generate --model builtin")
    demo = run(["-m", "specdraft", "demo", "--plain", "--dir", str(tmp_path / "demo")], tmp_path, "n\n\n")
    assert_quiet(demo, "specdraft demo --plain")  # the builtin model drafts, plain mode asks
    assert "drafted storage.py" in demo.stderr
