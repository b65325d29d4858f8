"""A model server answers with operations (issue 37 item 4): the operations go to it as tools, a tool
call is made by specdraft.ops across the files, and the review says it was an operation by that
model. A real OpenAI-protocol server on loopback (tests/engine/openai_server.py) and `specdraft edit`
run as a user runs it."""

from __future__ import annotations

import pytest

from specdraft.drafting.requests import EditRequester, read_sources
from specdraft.engine.remote import RemoteBackend
from tests.app.editkit import git, make_repo, search_replace
from tests.app.ui.test_edit_cli_server import specdraft
from tests.engine.openai_server import OpenAIServer, status, stream_pieces, tool_calls

PRICES = "RATE = 0.2\n\n\ndef tax(amount):\n    return amount * RATE\n"
SHOP = "from prices import tax\n\n\ndef total(amount):\n    return amount + tax(amount)\n"


@pytest.fixture
def server():
    with OpenAIServer() as running:
        yield running


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo", {"prices.py": PRICES, "shop.py": SHOP})


@pytest.mark.parametrize("whole", [False, True])
def test_a_tool_call_is_made_by_the_operation_across_the_files(repo, server, whole):
    server.script.append(tool_calls([("rename", {"old": "tax", "new": "vat", "path": "prices.py"})], whole=whole))
    result = specdraft(repo, "call the tax function vat", "prices.py", "shop.py", "--server", server.url,
                       "--model", "tiny-coder", "--yes")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (repo / "prices.py").read_text() == PRICES.replace("def tax(", "def vat(")
    assert (repo / "shop.py").read_text() == SHOP.replace("tax", "vat")
    assert "rename `tax` -> `vat`, an operation by tiny-coder" in result.stderr
    (request,) = server.chat_requests()
    names = {tool["function"]["name"] for tool in request["tools"]}
    assert {"rename", "set_value", "add_import", "wrap_try"} <= names and request["tool_choice"] == "auto"
    assert "answer by calling them" in request["messages"][0]["content"]


def test_a_tool_call_that_does_not_fit_is_a_failure_and_nothing_is_applied(repo, server):
    server.script.append(tool_calls([("rename", {"old": "tax", "new": "vat"}), ("set_value", {"target": "NOPE", "value": "1"})]))
    result = specdraft(repo, "call the tax function vat", "prices.py", "shop.py", "--server", server.url,
                       "--model", "tiny-coder", "--yes")  # fmt: skip
    assert result.returncode == 3, result.stderr
    assert "does not fit the files" in result.stdout + result.stderr
    assert git(repo, "status", "--porcelain") == ""


def test_a_tool_call_that_is_no_operation_is_a_failure_with_its_text(tmp_path, server):
    repo = make_repo(tmp_path / "repo", {"prices.py": PRICES})
    server.script.append(tool_calls([("rename", '{"old": "tax", "new": '), ("explode", {"now": True})]))
    backend = RemoteBackend(server.url, "tiny-coder")
    draft = EditRequester(backend, repo).draft("call tax vat", read_sources(repo, [str(repo / "prices.py")]))
    assert draft.result.files == [] and len(draft.failures) == 2
    assert "does not read as an operation" in draft.failures[0].reason and draft.failures[0].block.startswith("rename(")
    assert "unknown operation kind 'explode'" in draft.failures[1].reason


def test_a_server_that_refuses_tools_is_asked_for_a_text_edit_and_not_offered_them_again(tmp_path, server):
    repo = make_repo(tmp_path / "repo", {"prices.py": PRICES})
    answer = search_replace("prices.py", "RATE = 0.2\n", "RATE = 0.25\n")
    server.script += [status(400, {"error": {"message": "tools are not supported by this model"}}),
                      stream_pieces([answer]), stream_pieces([answer])]  # fmt: skip
    backend = RemoteBackend(server.url, "tiny-coder")
    requester = EditRequester(backend, repo)
    sources = read_sources(repo, [str(repo / "prices.py")])
    draft = requester.draft("raise the rate a little", sources)
    assert draft.result.files[0].new_text == PRICES.replace("0.2", "0.25") and draft.operation is None
    assert any("refused the operations offered as tools" in note for note in draft.stats[0].notes)
    first, again = server.chat_requests()
    assert "tools" in first and "tools" not in again
    requester.draft("raise the rate a little", sources)
    assert "tools" not in server.chat_requests()[-1]


def test_a_text_answer_is_read_as_before(tmp_path, server):
    repo = make_repo(tmp_path / "repo", {"prices.py": PRICES})
    server.script.append(stream_pieces([search_replace("prices.py", "RATE = 0.2\n", "RATE = 0.25\n")]))
    draft = EditRequester(RemoteBackend(server.url, "tiny-coder"), repo).draft(
        "raise the rate a little", read_sources(repo, [str(repo / "prices.py")]))
    assert draft.result.files[0].new_text == PRICES.replace("0.2", "0.25")
    assert draft.made_by == "text edit by tiny-coder"


def test_operations_are_not_offered_with_no_read(tmp_path, server):
    repo = make_repo(tmp_path / "repo", {"prices.py": PRICES})
    server.script.append(stream_pieces([search_replace("prices.py", "RATE = 0.2\n", "RATE = 0.25\n")]))
    EditRequester(RemoteBackend(server.url, "tiny-coder"), repo, operations=False).draft(
        "raise the rate a little", read_sources(repo, [str(repo / "prices.py")]))
    assert "tools" not in server.chat_requests()[0]
