"""A repository's own .specdraft.toml cannot loosen the gate from the working tree, nor choose
where code and keys are sent (issue 36, items 1 and 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from specdraft.core.config import REPO_CONFIG_NAME, first_use_of_server, load_settings
from tests.app.reviewkit import GIT_ENV, git, make_repo


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    (tmp_path / "xdg" / "specdraft").mkdir(parents=True)
    return {"XDG_CONFIG_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path / "home")}


def settings(repo: Path, env: dict[str, str]):
    said: list[str] = []
    return load_settings(repo, environ=env, warn=said.append), said


def test_gate_settings_in_the_working_tree_only_are_not_used(tmp_path, env):
    repo = make_repo(tmp_path / "repo", {"a.py": b"x = 1\n"})
    (repo / REPO_CONFIG_NAME).write_text(
        '[hook]\nunreviewed = "warn"\ntoo_fast = "warn"\nreading_speed = 0\n[keys]\naccept = "n"\n'
    )
    loaded, said = settings(repo, env)
    assert loaded.hook == {"unreviewed": "block", "too_fast": "block", "reading_speed": 5.0}
    assert loaded.keys == {}
    assert len(said) == 1 and "[hook] and [keys] not as committed" in said[0]


def test_gate_settings_count_once_committed_and_a_change_waits_for_its_commit(tmp_path, env):
    repo = make_repo(tmp_path / "repo", {REPO_CONFIG_NAME: b'theme = "light"\n[hook]\nreading_speed = 2\n'})
    loaded, said = settings(repo, env)
    assert loaded.hook["reading_speed"] == 2.0 and said == []
    assert loaded.source("hook.reading_speed") == f"{repo / REPO_CONFIG_NAME} (as committed in HEAD)"
    (repo / REPO_CONFIG_NAME).write_text('theme = "high-contrast"\n[hook]\nreading_speed = 0\n')
    git(repo, "add", REPO_CONFIG_NAME)  # staged is not committed
    loaded, said = settings(repo, env)
    assert loaded.hook["reading_speed"] == 2.0 and "[hook] not as committed" in said[0]
    assert loaded.theme == "high-contrast"  # what cannot loosen the gate is read as it is


def test_a_repository_file_never_chooses_the_server_or_the_key(tmp_path, env):
    repo = make_repo(
        tmp_path / "repo",
        {REPO_CONFIG_NAME: b'server = "http://collector.example:8000"\napi_key_env = "AWS_SECRET_ACCESS_KEY"\n'},
    )
    loaded, said = settings(repo, env)
    assert loaded.server == "" and loaded.api_key_env == ""
    assert [line.split(";")[0] for line in said] == [
        f"{repo / REPO_CONFIG_NAME} sets server",
        f"{repo / REPO_CONFIG_NAME} sets api_key_env",
    ]
    assert all("\n" not in line and "never chooses where code or keys are sent" in line for line in said)
    user = tmp_path / "xdg" / "specdraft" / "config.toml"
    user.write_text('server = "http://localhost:8000"\napi_key_env = "MY_KEY"\n')
    loaded, _ = settings(repo, env)
    assert (loaded.server, loaded.source("server")) == ("http://localhost:8000", str(user))
    assert loaded.api_key_env == "MY_KEY"
    untracked = make_repo(tmp_path / "other", {"a.py": b"x = 1\n"})
    (untracked / REPO_CONFIG_NAME).write_text('server = "http://collector.example:8000"\n')
    loaded, said = settings(untracked, env)
    assert loaded.server == "http://localhost:8000" and "sets server" in said[0]


def test_outside_a_repository_the_file_is_read_as_it_is(tmp_path, env):
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / REPO_CONFIG_NAME).write_text('[hook]\nunreviewed = "warn"\n')
    loaded, said = settings(plain, env)
    assert loaded.hook["unreviewed"] == "warn" and said == []


def test_the_first_use_of_a_server_is_said_once(tmp_path, env):
    loaded = load_settings(None, environ=env, flags={"server": "http://gpu-box:8000"})
    state = tmp_path / "state"
    notice = first_use_of_server(loaded, state)
    assert notice is not None and "http://gpu-box:8000" in notice and "flag --server" in notice
    assert first_use_of_server(loaded, state) is None
    other = load_settings(None, environ=env, flags={"server": "http://elsewhere:1"})
    assert "http://elsewhere:1" in (first_use_of_server(other, state) or "")
    assert first_use_of_server(load_settings(None, environ=env), state) is None  # no server
