"""`specdraft config`: every setting with its value and where it came from (each layer wins in turn)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.app.editkit import make_repo


def config(root, env, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "specdraft", "config", *args], cwd=root, env=env,
                          capture_output=True, text=True)  # fmt: skip


@pytest.fixture
def env(tmp_path):
    import os

    home = tmp_path / "home"
    (home / "specdraft").mkdir(parents=True)
    return {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(home)}


def test_each_value_says_where_it_came_from(tmp_path, env):
    repo = make_repo(tmp_path / "repo")
    user_file = tmp_path / "home" / "specdraft" / "config.toml"
    user_file.write_text('model = "qwen2.5-coder"\nserver = "http://localhost:8000"\ncontext = 5\n')
    (repo / ".specdraft.toml").write_text('server = "http://gpu-box:8000"\napi_key_env = "VLLM_KEY"\n'
                                          'theme = "light"\n[keys]\naccept = "y,enter"\n')  # fmt: skip
    env["SPECDRAFT_DRAFTER"] = "none"
    result = config(repo, env)
    assert result.returncode == 0, result.stderr
    rows = {line.split(" = ")[0]: line for line in result.stdout.splitlines()}
    assert rows["model"].endswith(f"# {user_file}") and "qwen2.5-coder" in rows["model"]
    # a repository's file never chooses the server or the key: the user's own config does
    assert rows["server"].endswith(f"# {user_file}") and "localhost" in rows["server"]
    assert "sets server; ignored" in result.stderr and "sets api_key_env; ignored" in result.stderr
    assert rows["theme"].startswith("theme = light ")
    assert rows["context"].startswith("context = 5 ")
    assert rows["drafter"].startswith("drafter = none ") and rows["drafter"].endswith("# environment SPECDRAFT_DRAFTER")
    assert rows["draft_model"].startswith('draft_model = "" ') and rows["draft_model"].endswith("# default")
    assert "keys.accept" not in rows and "[keys] not as committed" in result.stderr  # not committed yet
    assert rows["hook.unreviewed"].startswith("hook.unreviewed = block ")
    data = json.loads(config(repo, env, "--json").stdout)
    assert data["api_key_env"] == {"value": "", "source": "default"}
    assert data["theme"] == {"value": "light", "source": str(repo / ".specdraft.toml")}
    subprocess.run(["git", "add", ".specdraft.toml"], cwd=repo, check=True)
    subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "config"],
                   cwd=repo, check=True, capture_output=True)  # fmt: skip
    data = json.loads(config(repo, env, "--json").stdout)
    assert data["keys.accept"] == {"value": "y,enter", "source": f"{repo / '.specdraft.toml'} (as committed in HEAD)"}
    assert data["api_key_env"] == {"value": "", "source": "default"}


def test_outside_a_repository_and_bad_values(tmp_path, env):
    outside = tmp_path / "plain-dir"
    outside.mkdir()
    result = config(outside, env)
    assert result.returncode == 0 and "model = builtin" in result.stdout
    env["SPECDRAFT_DRAFTER"] = "fastest"
    result = config(outside, env)
    assert result.returncode == 2
    assert "environment SPECDRAFT_DRAFTER: drafter must be one of auto, none" in result.stderr
