import pytest


@pytest.fixture
def unread_renames(monkeypatch):
    """The app reads no instruction as a rename (specdraft.engine.editprompt.asked_rename gives
    None), as for one it cannot read: what the model renamed, its guesses and the carry are all
    there is. For the tests of those, whose instructions ("rename shout to yell") it would read."""
    import specdraft.drafting.requests as requests

    monkeypatch.setattr(requests, "asked_rename", lambda instruction, code, feedback="": None)
