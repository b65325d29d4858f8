"""Test helpers for the review tests: throwaway git repositories, git itself as the oracle,
and `specdraft review` run in-process with given answers on standard input."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

# Identity and isolation for every git call made by the tests (and by specdraft under test).
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.com",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_TERMINAL_PROMPT": "0",
    "LC_ALL": "C",
}


def git(repo: Path, *args: str, input: bytes | None = None, check: bool = True, env=None) -> bytes:
    full_env = {**os.environ, **GIT_ENV, **(env or {})}
    result = subprocess.run(
        ["git", *args], cwd=repo, input=input, capture_output=True, env=full_env
    )
    if check and result.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {result.stderr.decode()}")
    return result.stdout


def make_repo(path: Path, files: dict[str, bytes], *, modes: dict[str, int] | None = None) -> Path:
    """A repository at ``path`` whose first commit holds ``files``."""
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    git(path, "config", "core.quotePath", "false")
    write_files(path, files, modes=modes)
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "init", "--allow-empty")
    return path


def write_files(repo: Path, files: dict[str, bytes | None], *, modes=None) -> None:
    """Write (or, for None, delete) files in the worktree."""
    for name, content in files.items():
        target = repo / name
        if content is None:
            target.unlink(missing_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    for name, mode in (modes or {}).items():
        os.chmod(repo / name, mode)


def index_tree(repo: Path) -> str:
    return git(repo, "write-tree").decode().strip()


def index_files(repo: Path) -> dict[str, bytes]:
    """Path -> content of every file in the index."""
    names = git(repo, "ls-files", "-z").split(b"\0")
    return {
        name.decode("utf-8", "surrogateescape"): git(
            repo, "show", ":" + name.decode("utf-8", "surrogateescape")
        )
        for name in names
        if name
    }


def worktree_files(repo: Path) -> dict[str, bytes]:
    out = {}
    for path in sorted(repo.rglob("*")):
        if ".git" in path.relative_to(repo).parts or not path.is_file():
            continue
        out[str(path.relative_to(repo))] = path.read_bytes()
    return out


def git_interactive(repo: Path, command: list[str], answers: str, env=None) -> tuple[bytes, bytes]:
    """Run e.g. ``git add -p`` with ``answers`` on stdin; (stdout, stderr)."""
    full_env = {**os.environ, **GIT_ENV, **(env or {})}
    result = subprocess.run(
        ["git", *command], cwd=repo, input=answers.encode(), capture_output=True, env=full_env
    )
    return result.stdout, result.stderr


@contextlib.contextmanager
def _swapped_streams(stdin: bytes):
    """Replace stdin/stdout/stderr; the dict it yields gets "out" and "err" bytes at the end."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.BytesIO(), io.BytesIO()
    captured: dict[str, bytes] = {}
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    sys.stdout = io.TextIOWrapper(out, write_through=True)
    sys.stderr = io.TextIOWrapper(err, write_through=True)
    try:
        yield captured
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        captured["out"], captured["err"] = out.getvalue(), err.getvalue()
        sys.stdin, sys.stdout, sys.stderr = saved


def specdraft(repo: Path, argv: list[str], answers: str = "", env=None) -> tuple[int, bytes, bytes]:
    """Run ``specdraft <argv>`` in-process in ``repo``; (exit code, stdout, stderr)."""
    from specdraft.ui.cli.main import main

    saved_env = dict(os.environ)
    saved_cwd = os.getcwd()
    os.environ.update(GIT_ENV)
    os.environ.update(env or {})
    os.chdir(repo)
    try:
        with _swapped_streams(answers.encode()) as captured:
            try:
                code = main(argv)
            except SystemExit as exit_:
                code = int(exit_.code or 0)
        return code, captured["out"], captured["err"]
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def specdraft_subprocess(repo: Path, argv: list[str], stdin: bytes = b"", env=None):
    """Run the real ``specdraft`` entry point in a subprocess (for exit codes and stderr)."""
    full_env = {**os.environ, **GIT_ENV, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "specdraft", *argv],
        cwd=repo,
        input=stdin,
        capture_output=True,
        env=full_env,
    )
