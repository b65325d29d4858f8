"""An instruction that asks several things: read ask by ask, the asks that read are made, and the
draft says which it left (issue 41, item 2). Phrasings written for these tests."""

from __future__ import annotations

import subprocess

import pytest

from specdraft.drafting.reading import read_in_parts, read_operation
from specdraft.drafting.reading.words import asks
from specdraft.ops import to_json

SOURCE = '''\
import json

TIMEOUT = 5


def fetch(path):
    with open(path) as handle:
        return json.load(handle)


def run():
    return fetch("todo.json")
'''
FILES = [("tasks.py", SOURCE)]


@pytest.mark.parametrize("text, expected", [
    ("rename fetch to load_tasks and have it return [] when the file is missing",
     ["rename fetch to load_tasks", "have it return [] when the file is missing"]),
    ("rename fetch to load_tasks and update its callers", ["rename fetch to load_tasks and update its callers"]),
    ("set TIMEOUT to 9; rename run to main", ["set TIMEOUT to 9", "rename run to main"]),
    ("Set TIMEOUT to 9. Then rename run to main.", ["Set TIMEOUT to 9", "Then rename run to main"]),
    ("set TIMEOUT to 9, no wait, to 12", []),
    ("set TIMEOUT to 9", ["set TIMEOUT to 9"]),
])  # fmt: skip
def test_asks_splits_an_instruction_into_what_it_asks(text, expected):
    assert asks(text) == expected


def test_the_asks_that_read_are_made_and_the_others_are_named():
    text = "rename fetch to load_tasks and have it return [] when the file is missing"
    assert read_operation(text, FILES) is None  # as a whole: two asks, no reader takes it
    read, unread = read_in_parts(text, FILES)
    assert read is not None and [to_json(op) for op in read.operations] == [
        {"kind": "rename", "old": "fetch", "new": "load_tasks", "path": "tasks.py"}]
    assert unread == ("have it return [] when the file is missing",)


def test_every_ask_read_makes_them_all_in_order():
    read, unread = read_in_parts("set TIMEOUT to 9; rename run to main", FILES)
    assert read is not None and unread == ()
    assert [op.kind for op in read.operations] == ["set_value", "rename"]


def test_one_ask_or_none_read_is_not_read_in_parts():
    assert read_in_parts("set TIMEOUT to 9", FILES) == (None, ())
    assert read_in_parts("make run faster and have fetch log its path", FILES) == (None, ())


def test_the_draft_says_what_it_left(tmp_path, monkeypatch):
    from specdraft.drafting.requests import EditRequester, read_sources

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "tasks.py").write_text(SOURCE)
    monkeypatch.chdir(tmp_path)

    class Unused:
        kind, edit_format, name, context_length = "local", "builtin", "builtin", 1024

    said = []
    requester = EditRequester(Unused(), tmp_path, on_progress=lambda e, p: said.append(p) if e == "kept" else None)
    draft = requester.draft("rename fetch to load_tasks and have it return [] when the file is missing",
                            read_sources(tmp_path, ["tasks.py"]))  # fmt: skip
    assert "def load_tasks(" in draft.result.files[0].new_text
    assert draft.not_done == ("have it return [] when the file is missing",)
    assert draft.made_by.endswith('not drafted: "have it return [] when the file is missing" (ask for it on its own)')
    assert any(line.startswith("not drafted:") for line in said)
    assert "not drafted" in draft.summary()
