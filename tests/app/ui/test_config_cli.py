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
                                          '[keys]\naccept = "y,enter"\n')  # fmt: skip
    env["SPECDRAFT_DRAFTER"] = "none"
    result = config(repo, env)
    assert result.returncode == 0, result.stderr
    rows = {line.split(" = ")[0]: line for line in result.stdout.splitlines()}
    assert rows["model"].endswith(f"# {user_file}") and "qwen2.5-coder" in rows["model"]
    assert rows["server"].endswith(f"# {repo / '.specdraft.toml'}") and "gpu-box" in rows["server"]
    assert rows["context"].startswith("context = 5 ")
    assert rows["drafter"].startswith("drafter = none ") and rows["drafter"].endswith("# environment SPECDRAFT_DRAFTER")
    assert rows["draft_model"].startswith('draft_model = "" ') and rows["draft_model"].endswith("# default")
    assert rows["keys.accept"].startswith("keys.accept = y,enter ")
    data = json.loads(config(repo, env, "--json").stdout)
    assert data["api_key_env"] == {"value": "VLLM_KEY", "source": str(repo / ".specdraft.toml")}
    assert data["theme"] == {"value": "dark", "source": "default"}


def test_outside_a_repository_and_bad_values(tmp_path, env):
    outside = tmp_path / "plain-dir"
    outside.mkdir()
    result = config(outside, env)
    assert result.returncode == 0 and "model = builtin" in result.stdout
    env["SPECDRAFT_DRAFTER"] = "fastest"
    result = config(outside, env)
    assert result.returncode == 2
    assert "environment SPECDRAFT_DRAFTER: drafter must be one of auto, none" in result.stderr
