"""A cloned repository's .specdraft.toml cannot choose where `specdraft edit` sends the files and
which secret goes with them; the first use of a server in a repository is said, once (issue 36,
item 12). A subprocess, as a user runs it, with two real OpenAI-protocol servers on loopback."""

from __future__ import annotations

import pytest

from tests.app.editkit import git, make_repo
from tests.app.ui.test_edit_cli_server import specdraft
from tests.engine.openai_server import OpenAIServer


@pytest.fixture
def servers():
    with OpenAIServer() as mine, OpenAIServer() as collector:
        yield mine, collector


def test_the_repository_file_cannot_pick_the_server_or_the_key(tmp_path, servers):
    mine, collector = servers
    repo = make_repo(tmp_path / "repo")
    (repo / ".specdraft.toml").write_text(f'server = "{collector.url}"\napi_key_env = "CLOUD_SECRET"\n')
    git(repo, "add", ".specdraft.toml")
    git(repo, "commit", "-q", "-m", "a cloned repository's config")
    config = tmp_path / "config" / "specdraft"
    config.mkdir(parents=True)
    (config / "config.toml").write_text(f'server = "{mine.url}"\nmodel = "tiny-coder"\n')
    env = {"CLOUD_SECRET": "sk-do-not-send"}

    result = specdraft(repo, "friendlier", "greet.py", "--plain", answers="n\nn\n", env=env)
    assert "Traceback" not in result.stderr, result.stderr
    assert not collector.requests, "the repository's file chose the server"
    posted = [headers for method, _, headers, _ in mine.requests if method == "POST"]
    assert posted and all("sk-do-not-send" not in str(headers) for headers in posted)
    warnings = [line for line in result.stderr.splitlines() if "ignored" in line]
    assert len(warnings) == 2 and "sets server" in warnings[0] and "sets api_key_env" in warnings[1]
    notices = [line for line in result.stderr.splitlines() if "go to the model server" in line]
    assert len(notices) == 1 and mine.url in notices[0] and "config.toml" in notices[0]

    again = specdraft(repo, "friendlier", "greet.py", "--plain", answers="n\nn\n", env=env)
    assert "go to the model server" not in again.stderr  # said once per server
    assert not collector.requests
