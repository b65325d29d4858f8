collect_ignore = ["data"]  # fixtures (model output and the files it edits), not tests

import pytest  # noqa: E402


@pytest.fixture
def unread_instructions(monkeypatch):
    """The app reads nothing an instruction asks plainly (EditRequester._asked_edit gives None: no
    rename, value, import or deletion made by the app), as for an instruction it cannot read:
    what the model wrote, its guesses and the carry are all there is. For the tests of those,
    whose instructions ("rename shout to yell") the app would read. (`run_edit` undoes every
    patch when it returns: call `read_no_instructions` again before a second run.)"""
    read_no_instructions(monkeypatch)


def read_no_instructions(monkeypatch) -> None:
    from specdraft.drafting.requests import EditRequester

    monkeypatch.setattr(EditRequester, "_asked_edit", lambda self, instruction, feedback, source: None)
