"""Invariant 8 in real `git commit` runs: the hooks run specdraft itself, never a package of the
repository being committed.

Before the regrouping, specdraft installed top-level packages `app` and `engine` and its hook ran
`python -m app.cli hook run` from the top of the worktree, where the repository's own `app/`
(most Flask and FastAPI projects have one) came first on the import path: with an `app/__init__.py`
every commit failed (`No module named app.cli`), with an `app/cli.py` that file ran instead of
specdraft. The hooks now run `<python> -I -m specdraft`, isolated: neither the current directory
nor PYTHONPATH is on the import path, so not even a `specdraft/` package of the repository can
stand in for ours. The trap packages below write a marker file when they are imported or run,
and exit 0 (an impostor that lets every commit through); `test_the_traps_are_armed` shows that
they do catch the old way of starting the hook, so that the other tests cannot pass for nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.app.hookkit import (
    BASE,
    DRAFT,
    commit,
    env_for,
    head,
    record_draft,
    run_detached,
)
from tests.app.reviewkit import git, make_repo, write_files

pytestmark = pytest.mark.slow

PROJECT = Path(__file__).resolve().parents[3]  # this repository: what `repo:` points pre-commit at
HOOKS_YAML = PROJECT / ".pre-commit-hooks.yaml"
HUMAN = b"def human():\n    return 1\n"


def trap(marker: Path, *, exits: bool = False) -> bytes:
    """A module that appends its name to ``marker`` when imported or run (and, with ``exits``,
    then exits 0 the way an impostor hook that lets every commit through would)."""
    code = (
        f"with open({str(marker)!r}, 'a') as f:\n    f.write(__name__ + ' ' + __file__ + '\\n')\n"
    )
    return (code + ("raise SystemExit(0)\n" if exits else "")).encode()


def trap_files(marker: Path) -> dict[str, bytes]:
    return {
        "app/__init__.py": trap(marker),
        "app/cli.py": trap(marker, exits=True),
        "app/__main__.py": trap(marker, exits=True),
        "engine/__init__.py": trap(marker),
        "specdraft/__init__.py": trap(marker),
        "specdraft/__main__.py": trap(marker, exits=True),
    }


def clean_env(tmp_path: Path, pythonpath: str | None = None, **extra: str) -> dict[str, str]:
    """env_for, with PYTHONPATH exactly as given (not whatever the test runner had)."""
    env = env_for(tmp_path, **extra)
    env.pop("PYTHONPATH", None)
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    return env


def install_hook(repo: Path, env: dict[str, str]) -> None:
    """`specdraft hook install`, started isolated (the repository may hold a `specdraft/` trap)."""
    result = run_detached(repo, [sys.executable, "-I", "-m", "specdraft", "hook", "install"], env)
    assert result.returncode == 0, result.stderr


def note(repo: Path) -> dict | None:
    text = git(repo, "notes", "--ref=specdraft", "show", "HEAD", check=False)
    return json.loads(text) if text else None


def check_commits(repo: Path, env: dict[str, str], marker: Path | None = None) -> None:
    """A human's commit passes, unreviewed drafted lines are blocked by specdraft's own check,
    reviewed ones pass and get specdraft's note (the post-commit hook ran specdraft); the marker
    is never written, after any hook."""

    def untouched(when: str) -> None:
        if marker is not None:
            assert not marker.exists(), f"repository code ran ({when}):\n{marker.read_text()}"

    write_files(repo, {"human.py": HUMAN})
    git(repo, "add", "human.py")
    human = commit(repo, env)
    assert human.returncode == 0, human.stdout + human.stderr
    untouched("a human's commit: pre-commit and post-commit")
    assert note(repo) is None

    before = head(repo, env)
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    blocked = commit(repo, env)
    output = blocked.stdout + blocked.stderr
    assert blocked.returncode != 0, output
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review" in output
    assert head(repo, env) == before
    untouched("a blocked commit: pre-commit")

    git(repo, "reset", "-q", "calc.py")
    git(repo, "checkout", "calc.py")
    record_draft(repo, DRAFT, unattended=False, seconds=20.0)  # drafted again, reviewed this time
    git(repo, "add", "calc.py")
    reviewed = commit(repo, env)
    assert reviewed.returncode == 0, reviewed.stdout + reviewed.stderr
    untouched("a reviewed draft's commit: pre-commit and post-commit")
    written = note(repo)
    assert written is not None and written["lines"] == {
        "drafted": 2,
        "reviewed": 2,
        "unreviewed": 0,
    }


# ---------------------------------------------------------------- the traps are real


@pytest.mark.parametrize(
    ("argv", "pythonpath", "in_repo"),
    [
        (["-m", "app.cli"], None, True),  # the old hook, from the top of the worktree
        (["-m", "specdraft"], None, True),  # the new module without -I: the cwd shadows it
        (["-m", "specdraft"], "REPO", False),  # ... and so does PYTHONPATH, from anywhere
        (["-m", "specdraft"], ".", True),
    ],
)
def test_the_traps_are_armed(tmp_path, argv, pythonpath, in_repo):
    """Without isolation the repository's packages run in specdraft's place, and exit 0."""
    marker = tmp_path / "marker"
    repo = make_repo(tmp_path / "repo", {"calc.py": BASE, **trap_files(marker)})
    env = clean_env(tmp_path, str(repo) if pythonpath == "REPO" else pythonpath)
    cwd = repo if in_repo else make_repo(tmp_path / "elsewhere", {})
    impostor = run_detached(cwd, [sys.executable, *argv, "hook", "run"], env)
    assert impostor.returncode == 0, impostor.stderr
    assert marker.exists()
    marker.unlink()
    isolated = run_detached(cwd, [sys.executable, "-I", "-m", "specdraft", "hook", "run"], env)
    assert isolated.returncode == 0, isolated.stderr
    assert not marker.exists()


def test_the_old_hook_broke_on_an_app_package(tmp_path):
    """The old hook's command fails in a repository with a plain `app/` package."""
    repo = make_repo(
        tmp_path / "repo", {"calc.py": BASE, "app/__init__.py": b"", "engine/__init__.py": b""}
    )
    old = run_detached(repo, [sys.executable, "-m", "app.cli", "hook", "run"], clean_env(tmp_path))
    assert old.returncode != 0
    assert "No module named app.cli" in old.stderr


# ---------------------------------------------------------------- specdraft hook install


def test_repository_with_its_own_app_and_engine_packages(tmp_path):
    env = clean_env(tmp_path)
    repo = make_repo(
        tmp_path / "repo",
        {
            "calc.py": BASE,
            "app/__init__.py": b"from flask import Flask\n\napp = Flask(__name__)\n",
            "engine/__init__.py": b"ENGINE = 'the project its own'\n",
        },
    )
    install_hook(repo, env)
    check_commits(repo, env)


@pytest.mark.parametrize(
    "pythonpath", [None, "REPO", "."], ids=["plain", "PYTHONPATH=repo", "PYTHONPATH=."]
)
def test_repository_code_never_runs_from_the_hooks(tmp_path, pythonpath):
    marker = tmp_path / "marker"
    repo = make_repo(tmp_path / "repo", {"calc.py": BASE, **trap_files(marker)})
    env = clean_env(tmp_path, str(repo) if pythonpath == "REPO" else pythonpath)
    install_hook(repo, env)
    assert not marker.exists()
    check_commits(repo, env, marker)
    assert not marker.exists()


# ---------------------------------------------------------------- the pre-commit framework


def framework_repo(tmp_path: Path, marker: Path, repos: list | None = None,
                   install: bool = True) -> tuple[Path, dict[str, str]]:  # fmt: skip
    """A repository with the trap packages whose `.pre-commit-config.yaml` holds ``repos`` (by
    default this project's `.pre-commit-hooks.yaml` entries as `repo: local` hooks: what `rev:`
    would fetch, no clone), installed by `pre-commit install` for both stages (unless not
    ``install``); the environment its commits run in."""
    yaml = pytest.importorskip("yaml", reason="pre-commit (and its PyYAML) is not installed")
    pytest.importorskip(
        "pre_commit", reason="the pre-commit framework is not installed (pip install pre-commit)"
    )
    scripts = sysconfig.get_path("scripts")
    entry_point = shutil.which("specdraft", path=scripts)
    assert entry_point, f"no specdraft entry point in {scripts}"
    hooks = yaml.safe_load(HOOKS_YAML.read_text())
    assert {hook["id"] for hook in hooks} == {"specdraft", "specdraft-note"}
    assert all(hook["language"] == "system" for hook in hooks)
    repos = repos if repos is not None else [{"repo": "local", "hooks": hooks}]
    config = yaml.safe_dump({"repos": repos}, sort_keys=False)
    repo = make_repo(
        tmp_path / "repo",
        {"calc.py": BASE, ".pre-commit-config.yaml": config.encode(), **trap_files(marker)},
    )
    env = clean_env(
        tmp_path,
        PATH=os.pathsep.join([scripts, os.environ.get("PATH", os.defpath)]),
        PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"),
    )
    if not install:
        return repo, env
    installed = run_detached(
        repo,
        [
            sys.executable,
            "-I",
            "-m",
            "pre_commit",
            "install",
            "-t",
            "pre-commit",
            "-t",
            "post-commit",
        ],
        env,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return repo, env


def test_pre_commit_framework_runs_specdraft_and_no_repository_code(tmp_path):
    marker = tmp_path / "marker"
    repo, env = framework_repo(tmp_path, marker)
    check_commits(repo, env, marker)
    # the hooks did run, through the framework (not skipped, not some other specdraft)
    ran = subprocess.run(
        [
            sys.executable,
            "-I",
            "-m",
            "pre_commit",
            "run",
            "--hook-stage",
            "pre-commit",
            "specdraft",
        ],
        cwd=repo,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "specdraft (AI-drafted lines were reviewed)" in ran.stdout and "Passed" in ran.stdout
    assert not marker.exists()


# The console script honours PYTHONPATH: the entries unset it (`env -u PYTHONPATH specdraft ...`).
@pytest.mark.parametrize("pythonpath", ["REPO", "."], ids=["PYTHONPATH=repo", "PYTHONPATH=."])
def test_pre_commit_framework_with_pythonpath(tmp_path, pythonpath):
    marker = tmp_path / "marker"
    repo, env = framework_repo(tmp_path, marker)
    env["PYTHONPATH"] = str(repo) if pythonpath == "REPO" else pythonpath
    check_commits(repo, env, marker)


# ---------------------------------------------------------------- the framework fetching this repository


def pre_commit(repo: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-I", "-m", "pre_commit", *args], cwd=repo, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)  # fmt: skip


def test_pre_commit_try_repo_on_this_repository(tmp_path):
    """`pre-commit try-repo PATH`: the framework clones this repository (with its uncommitted
    changes), reads its `.pre-commit-hooks.yaml` and runs the hook: passes on a human's lines,
    fails on unreviewed drafted ones and names them, and never runs the repository's code."""
    marker = tmp_path / "marker"
    repo, env = framework_repo(tmp_path, marker, repos=[], install=False)
    write_files(repo, {"human.py": HUMAN})
    git(repo, "add", "human.py")
    human = pre_commit(repo, env, "try-repo", str(PROJECT), "specdraft", "--hook-stage", "pre-commit")
    assert human.returncode == 0, human.stdout + human.stderr
    assert "specdraft (AI-drafted lines were reviewed)" in human.stdout and "Passed" in human.stdout
    git(repo, "commit", "-q", "-m", "human")

    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    drafted = pre_commit(repo, env, "try-repo", str(PROJECT), "specdraft", "--hook-stage", "pre-commit")
    assert drafted.returncode != 0, drafted.stdout + drafted.stderr
    assert "Failed" in drafted.stdout
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review" in drafted.stdout
    assert not marker.exists(), marker.read_text()


def test_pre_commit_config_with_this_repository_and_both_hooks(tmp_path):
    """An installed `.pre-commit-config.yaml` as the README's users write it: `repo:` this
    repository, `rev:` a commit of it, both hook ids; the framework clones it into its cache."""
    rev = git(PROJECT, "rev-parse", "HEAD").decode().strip()
    repos = [{"repo": str(PROJECT), "rev": rev, "hooks": [{"id": "specdraft"}, {"id": "specdraft-note"}]}]
    marker = tmp_path / "marker"
    repo, env = framework_repo(tmp_path, marker, repos=repos)
    check_commits(repo, env, marker)  # the pre-commit hook blocks and passes, the post-commit one notes
    cloned = list((tmp_path / "pre-commit-home").glob("repo*/.pre-commit-hooks.yaml"))
    assert cloned and cloned[0].read_bytes() == git(PROJECT, "show", f"{rev}:.pre-commit-hooks.yaml")
