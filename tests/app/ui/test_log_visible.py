"""`specdraft log` prints model and file names from notes, which anyone can write, with their
control characters escaped (issue 36, item 11)."""

from __future__ import annotations

import json

from specdraft.ui.cli.log import format_summary, summarise

HIDDEN = "tiny\x1b]0;owned\x07\x1b[2K"  # sets the terminal title, then erases the line


def test_names_from_notes_are_shown_escaped():
    part = {
        "hunks": {"drafted": 1, "accepted": 1, "edited": 0, "rejected": 0},
        "lines": {"drafted": 2, "reviewed": 2, "unreviewed": 0},
        "review_seconds": 3.0,
    }
    note = {"version": 1, **part, "models": {HIDDEN: part}, "files": {"a\u202eyp.py": part}}
    summary = summarise([("c1", note)])
    text = format_summary(summary, "main\x1b[2K")
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "tiny\\x1b]0;owned\\x07\\x1b[2K" in text and "a\\u202eyp.py" in text
    assert "main\\x1b[2K" in text
    assert HIDDEN in summary["models"]  # the data itself is not changed


def test_json_output_is_ascii(tmp_path, monkeypatch, capsys):
    import argparse

    from specdraft.ui.cli import log

    part = {"hunks": {"drafted": 1, "accepted": 1, "edited": 0, "rejected": 0},
            "lines": {"drafted": 1, "reviewed": 1, "unreviewed": 0}, "review_seconds": 1.0}  # fmt: skip
    monkeypatch.setattr("specdraft.drafting.hook.read_notes", lambda repo, r: [("c1", {"version": 1, **part,
                        "models": {"m\x9b2K": part}, "files": {}})])  # fmt: skip
    monkeypatch.setattr("specdraft.drafting.provenance.record_damage", lambda repo: None)

    class Repo:
        def __init__(self, path: str) -> None:
            pass

        def require_head(self) -> None:
            pass

    monkeypatch.setattr("specdraft.core.git.GitRepo", Repo)
    assert log.run(argparse.Namespace(range="HEAD", json=True)) == 0
    out = capsys.readouterr().out
    assert "\x9b" not in out and json.loads(out)["models"] == {"m\x9b2K": json.loads(out)["models"]["m\x9b2K"]}
