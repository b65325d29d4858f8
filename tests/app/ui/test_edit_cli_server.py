"""`specdraft edit --server URL` as a user runs it: a subprocess, a real OpenAI-protocol server on
loopback (tests/engine/openai_server.py), a real git repository, answers on standard input."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.app.editkit import GREET, git, make_repo, search_replace
from tests.engine.openai_server import OpenAIServer, drip, status, stream_pieces

ROOT = Path(__file__).resolve().parents[3]
ANSWER = (
    "I'll make two small changes.\n\n"
    + search_replace("greet.py", '    print("Hello " + name)\n', '    print(f"Hello, {name}!")\n')
    + "\n"
    + search_replace("greet.py", "    greet(sys.argv[1])\n", "    greet(sys.argv[1])\n    shout(sys.argv[1])\n")
)
FIRST_ONLY = GREET.replace('print("Hello " + name)', 'print(f"Hello, {name}!")')


def pieces(text: str, size: int = 23) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def specdraft(repo: Path, *args: str, answers: str = "", env: dict[str, str] | None = None):
    environment = {"PATH": os.environ["PATH"], "HOME": str(repo.parent), "PYTHONPATH": str(ROOT),
                   "XDG_CONFIG_HOME": str(repo.parent / "config"), **(env or {})}  # fmt: skip
    return subprocess.run([sys.executable, "-m", "specdraft", "edit", *args], cwd=repo, input=answers,
                          capture_output=True, text=True, env=environment, timeout=120)  # fmt: skip


@pytest.fixture
def server():
    with OpenAIServer() as running:
        yield running


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


def test_plain_review_of_a_served_draft_then_commit(repo, server):
    server.script.append(stream_pieces(pieces(ANSWER)))
    server.script.append(stream_pieces(pieces("Use an f-string in greet\n\nFriendlier output.\n")))
    result = specdraft(repo, "Make the greeting friendlier", "greet.py", "--server", server.url,
                       "--model", "tiny-coder", "--plain", "--commit", answers="y\nn\n\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "drafted greet.py" in result.stderr
    assert git(repo, "show", "HEAD:greet.py") == FIRST_ONLY
    body = git(repo, "log", "-1", "--format=%B")
    assert "Drafted-by: tiny-coder" in body and "Reviewed: 1/2 hunks accepted, 0 edited" in body
    assert body.startswith("Use an f-string in greet\n\nFriendlier output.\n")
    request, asked_message = server.chat_requests()
    assert "commit message" in asked_message["messages"][0]["content"]
    assert request["model"] == "tiny-coder" and request["stream"] is True
    assert "SEARCH" in request["messages"][0]["content"] and GREET in request["messages"][1]["content"]


def test_a_stream_cut_in_the_middle_applies_nothing(repo, server):
    server.script.append(stream_pieces(pieces(ANSWER)[:5], finish=None, done=False))
    result = specdraft(repo, "friendlier", "greet.py", "--server", server.url, "--model", "tiny-coder", "--yes")
    assert result.returncode == 3, result.stderr  # the draft broke off: nothing could be applied
    assert result.stderr.startswith("specdraft edit: ") and len(result.stderr.strip().splitlines()) <= 3
    assert git(repo, "status", "--porcelain") == "" and (repo / "greet.py").read_text() == GREET


def test_a_wrong_key_is_one_clear_line(repo, server):
    server.script.append(status(401, {"error": {"message": "Incorrect API key provided"}}))
    result = specdraft(repo, "friendlier", "greet.py", "--server", server.url, "--model", "tiny-coder", "--yes",
                       env={"SPECDRAFT_API_KEY_ENV": "TEST_KEY", "TEST_KEY": "sk-wrong"})  # fmt: skip
    assert result.returncode == 2
    assert "401" in result.stderr or "key" in result.stderr.lower()
    assert "Traceback" not in result.stderr and git(repo, "status", "--porcelain") == ""
    (_, _, headers, _) = next(r for r in server.requests if r[0] == "POST")
    assert headers.get("Authorization") == "Bearer sk-wrong"  # the key came from the named variable


def test_a_server_that_ignores_max_tokens_is_cut_at_max_new_tokens(repo, server):
    server.script.append(drip(0.02, "tok "))  # never ends by itself
    started = time.monotonic()
    result = specdraft(repo, "friendlier", "greet.py", "--server", server.url, "--model", "tiny-coder",
                       "--max-new-tokens", "5", "--plain", answers="y\ny\n")  # fmt: skip
    assert result.returncode == 3, result.stderr
    assert "did not finish (length)" in result.stderr and "nothing was applied" in result.stderr
    assert server.chat_requests()[0]["max_tokens"] == 5 and server.dripped < 20
    assert time.monotonic() - started < 30 and git(repo, "status", "--porcelain") == ""


def test_the_request_timeout_ends_a_server_that_drips_forever(repo, server):
    server.script.append(drip(0.05))
    started = time.monotonic()
    result = specdraft(repo, "friendlier", "greet.py", "--server", server.url, "--model", "tiny-coder",
                       "--request-timeout", "1", "--plain", answers="y\ny\n")  # fmt: skip
    assert result.returncode == 3, result.stderr
    assert "did not finish within 1 s" in result.stderr and "--request-timeout" in result.stderr
    assert "Traceback" not in result.stderr and git(repo, "status", "--porcelain") == ""
    assert time.monotonic() - started < 30


# ---------------------------------------------------------------- --format, predicted outputs, unreadable answers


def test_format_whole_sends_the_original_as_a_prediction_and_applies_the_fenced_file(repo, server):
    server.script.append(stream_pieces(pieces(f"greet.py\n```python\n{FIRST_ONLY}```\n")))
    result = specdraft(repo, "Make the greeting friendlier", "greet.py", "--server", server.url,
                       "--model", "tiny-coder", "--format", "whole", "--plain", answers="y\n\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (repo / "greet.py").read_text() == FIRST_ONLY
    (request,) = server.chat_requests()
    assert request["prediction"] == {"type": "content", "content": GREET}
    assert "SEARCH" not in request["messages"][0]["content"] and "whole file" in request["messages"][0]["content"]


def test_the_edit_format_setting_chooses_too(repo, server):
    server.script.append(stream_pieces(pieces(f"greet.py\n```python\n{FIRST_ONLY}```\n")))
    result = specdraft(repo, "friendlier", "greet.py", "--server", server.url, "--model", "tiny-coder",
                       "--yes", env={"SPECDRAFT_EDIT_FORMAT": "whole"})  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "prediction" in server.chat_requests()[0] and (repo / "greet.py").read_text() == FIRST_ONLY


def test_a_server_that_refuses_the_prediction_is_asked_again_and_the_user_told(repo, server):
    server.script.append(status(400, {"error": {"message": "Unrecognized request argument supplied: prediction"}}))
    server.script.append(stream_pieces(pieces(f"greet.py\n```python\n{FIRST_ONLY}```\n")))
    result = specdraft(repo, "friendlier", "greet.py", "--server", server.url, "--model", "tiny-coder",
                       "--format", "whole", "--yes")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "refused the predicted output (400" in result.stderr and "asked again without it" in result.stderr
    refused, again = server.chat_requests()
    assert "prediction" in refused and "prediction" not in again
    assert (repo / "greet.py").read_text() == FIRST_ONLY


@pytest.mark.parametrize("edit_format, asked_for", [("whole", "the whole file in a code fence"),
                                                    ("search-replace", "SEARCH/REPLACE blocks")])  # fmt: skip
def test_an_answer_with_no_readable_edit_is_named_not_taken_for_no_change(repo, server, edit_format, asked_for):
    answer = GREET.replace("def greet(name):", "def greet(name: str):")  # the whole file, without a fence
    server.script.append(stream_pieces(pieces(answer)))
    result = specdraft(repo, "add a type hint", "greet.py", "--server", server.url, "--model", "tiny-coder",
                       "--format", edit_format, "--plain", answers="y\n")  # fmt: skip
    assert result.returncode == 3, result.stderr  # nothing could be applied
    assert "changed nothing" not in result.stderr + result.stdout
    assert "no edit specdraft can read" in result.stdout and asked_for in result.stdout
    assert f"--format {edit_format}" in result.stdout and "begins: 'import sys def greet(name: str):" in result.stdout
    assert git(repo, "status", "--porcelain") == ""


def test_a_5xx_says_whether_the_model_is_served(repo, server):
    server.script.append(status(500, {"detail": "Internal Server Error"}))
    result = specdraft(repo, "friendlier", "greet.py", "--server", server.url, "--model", "tiny-codr", "--yes")
    assert result.returncode == 2, result.stderr
    assert "(500 Internal Server Error)" in result.stderr
    assert "model 'tiny-codr' is not among those it offers (tiny-coder)" in result.stderr
    assert "Traceback" not in result.stderr and git(repo, "status", "--porcelain") == ""


def test_an_unknown_format_is_a_usage_error(repo):
    result = specdraft(repo, "friendlier", "greet.py", "--format", "diff", "--yes")
    assert result.returncode == 2 and "invalid choice: 'diff'" in result.stderr
    assert "whole" in result.stderr and "search-replace" in result.stderr
