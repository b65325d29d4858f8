"""`specdraft edit --help` and `specdraft review --help` list every exit code the command returns."""

from __future__ import annotations

import pytest

from specdraft.ui.cli.main import main


def help_text(command: str, capsys) -> str:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def listed(text: str, code: str, words: str) -> bool:
    """A line of the help's exit codes that starts with the code and says the words."""
    return any(line.split()[:1] == [code] and words in line for line in text.splitlines())


def test_edit_help_lists_every_exit_code(capsys):
    text = help_text("edit", capsys)
    assert "exit codes:" in text
    for code, words in [("0", "reviewer rejected"), ("1", "changed since the draft"), ("2", "usage"),
                        ("3", "nothing could be applied"), ("130", "interrupted")]:  # fmt: skip
        assert listed(text, code, words), (code, text)
    assert "every block of the draft failed" in text and "incomplete" in text


def test_review_help_lists_its_exit_codes(capsys):
    text = help_text("review", capsys)
    assert "exit codes:" in text
    for code, words in [("0", "applied"), ("2", "usage"), ("130", "interrupted")]:
        assert listed(text, code, words), (code, text)
