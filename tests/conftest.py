collect_ignore = ["data"]  # fixtures (model output and the files it edits), not tests

import pytest  # noqa: E402


@pytest.fixture
def unread_instructions(monkeypatch):
    """The app's readers read nothing (specdraft.drafting.reading gives None), as for an instruction
    they cannot read: the model drafts every edit. For the tests of the model's path, whose
    instructions ("rename shout to yell") a reader would read. (`run_edit` undoes every patch when
    it returns: call `read_no_instructions` again before a second run.)"""
    read_no_instructions(monkeypatch)


def read_no_instructions(monkeypatch) -> None:
    import specdraft.drafting.requests

    monkeypatch.setattr(specdraft.drafting.requests, "read_operation", lambda *args, **kwargs: None)
