"""Test helpers for agents: a repository with specdraft's git hooks, the fake agent, specdraft."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.app.hookkit import env_for, run_detached
from tests.app.reviewkit import make_repo

FAKE_AGENT = Path(__file__).with_name("fake_agent.py")
HOOK = f"{sys.executable} -I -m specdraft.agents.claude_code"
BASE = b"".join(b"def f%d(x):\n    check(x)\n    return x + %d\n\n" % (i, i) for i in range(6))


def agent_repo(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A repository holding calc.py (BASE) with specdraft's pre-commit hook installed."""
    repo = make_repo(tmp_path / "repo", {"calc.py": BASE})
    env = env_for(tmp_path)
    done = specdraft(repo, env, "hook", "install")
    assert done.returncode == 0, done.stderr
    return repo, env


def specdraft(repo: Path, env: dict[str, str], *argv: str, stdin: str | None = None):
    if stdin is None:
        return run_detached(repo, [sys.executable, "-m", "specdraft", *argv], env)
    import subprocess

    return subprocess.run([sys.executable, "-m", "specdraft", *argv], cwd=repo, env=env, input=stdin,
                          capture_output=True, text=True, timeout=60)  # fmt: skip


def fake_agent(repo: Path, env: dict[str, str], steps: list[dict], *extra: str):
    """Run the fake agent in ``repo`` (``extra``: --hook COMMAND, --no-original)."""
    script = repo.parent / "script.json"
    script.write_text(json.dumps(steps))
    return run_detached(repo, [sys.executable, str(FAKE_AGENT), str(script), *extra], env)


def commit(repo: Path, env: dict[str, str], *extra: str):
    run_detached(repo, ["git", "add", "-A"], env)
    return run_detached(repo, ["git", "commit", "-q", "-m", "change", *extra], env)


def changes(repo: Path) -> list[dict]:
    path = repo / ".git" / "specdraft" / "agents" / "changes.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
