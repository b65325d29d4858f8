"""python -m specdraft.training: the data stage's edits come from the app, and the engine alone says so."""

from __future__ import annotations

import pytest

from specdraft.engine.training import train
from specdraft.training import __main__ as cli
from specdraft.training import editdata


def test_the_app_s_command_hands_the_trainer_its_edit_data(monkeypatch):
    seen = {}
    monkeypatch.setattr(train, "main", lambda argv, edits=None: seen.update(argv=argv, edits=edits) or 0)
    assert cli.main(["--work", "runs/x", "--minutes", "1"]) == 0
    assert seen == {"argv": ["--work", "runs/x", "--minutes", "1"], "edits": editdata}


def test_the_engine_alone_without_data_says_which_command_makes_it(tmp_path):
    with pytest.raises(SystemExit, match=r"python -m specdraft\.training --work"):
        train.main(["--work", str(tmp_path / "work"), "--no-progress"])
