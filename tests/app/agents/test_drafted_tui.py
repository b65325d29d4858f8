"""The live review of agents' writes in the TUI (Pilot): new hunks join while it is open without
moving the reviewer's place, r rejects with a note for the agent, m notes without deciding, and
the decisions carried out afterwards revert, record and feed back."""

from __future__ import annotations

import asyncio

from specdraft.agents.capture import record_change
from specdraft.agents.feedback import feedback_entries
from specdraft.agents.review import DraftedReview, apply
from specdraft.agents.store import AgentStore
from specdraft.core.config import Settings
from specdraft.core.git import GitRepo
from specdraft.core.session import Decision
from specdraft.ui.cli.agent_review import drafted_app_class
from tests.app.agents.agentkit import agent_repo
from tests.app.tui_support import THEMES, shown


def _record(store: AgentStore, old: bytes, new: bytes, turn: int) -> None:
    path = store.repo.root / "calc.py"
    before = path.read_bytes()
    after = before.replace(old, new)
    path.write_bytes(after)
    record_change(store, agent="fake", turn=turn, path="calc.py", before=before, after=after, how="test")


async def _until(pilot, condition) -> None:
    for _ in range(200):  # waits for the poll, at most 20 s; what it measures is not time
        if condition():
            return
        await pilot.pause(0.1)
    raise AssertionError("the condition never came true")


async def test_new_hunks_join_without_moving_the_reviewer_and_notes_reach_the_agent(tmp_path):
    repo_path, _env = agent_repo(tmp_path)
    store = AgentStore(GitRepo(repo_path))
    _record(store, b"x + 1\n", b"x + 100\n", 1)
    _record(store, b"x + 4\n", b"x + 400\n", 1)
    review = DraftedReview(store)
    session = review.session()
    app = drafted_app_class()(review, session, title="review what agents wrote", settings=Settings(),
                              themes=THEMES)  # fmt: skip
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "fake turn 1 (test)" in shown(app, "#file-header")  # the hunk says whose and which turn
        await pilot.press("j")
        assert session.index == 1
        await asyncio.to_thread(_record, store, b"x + 5\n", b"x + 500\n", 2)  # the agent goes on
        await _until(pilot, lambda: len(session.units) == 3)
        assert session.index == 1  # the place kept
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"use a constant", "enter")
        await pilot.pause()
        assert session.units[1].decision is Decision.REJECTED
        await pilot.press("g", "y")  # the first: accepted
        await pilot.press("G", "m")  # the last: a note alone
        await pilot.pause()
        await pilot.press(*"why 500?", "enter")
        await pilot.pause()
    done = apply(review, session)
    assert (done.accepted, done.rejected, done.refused) == (1, 1, [])
    text = (repo_path / "calc.py").read_bytes()
    assert b"x + 100\n" in text and b"x + 4\n" in text and b"x + 500\n" in text
    kinds = sorted((e["kind"], e["text"].splitlines()[0] if e["kind"] == "note" else "") for e in feedback_entries(store))
    assert kinds == [("note", "use a constant"), ("note", "why 500?"), ("rejected", "")]
    left = DraftedReview(store).session().units
    assert len(left) == 1 and b"x + 500" in left[0].hunk.patch_bytes()  # only the undecided one


async def test_the_title_says_which_agent_is_mid_turn(tmp_path):
    repo_path, _env = agent_repo(tmp_path)
    store = AgentStore(GitRepo(repo_path))
    _record(store, b"x + 1\n", b"x + 100\n", 1)
    review = DraftedReview(store)
    session = review.session()
    app = drafted_app_class()(review, session, title="review what agents wrote", settings=Settings(),
                              themes=THEMES)  # fmt: skip
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "mid-turn" not in shown(app, "TitleBar")
        await asyncio.to_thread(store.start_turn, "fake")
        await _until(pilot, lambda: "fake mid-turn: rejects wait for the turn's end" in shown(app, "TitleBar"))
        await asyncio.to_thread(store.end_turn, "fake")
        await _until(pilot, lambda: "mid-turn" not in shown(app, "TitleBar"))


def test_an_interrupted_plain_review_of_agents_lines_resumes_with_its_decisions(tmp_path, monkeypatch):
    from specdraft.ui import plain
    from tests.app.reviewkit import specdraft

    repo_path, _env = agent_repo(tmp_path)
    store = AgentStore(GitRepo(repo_path))
    _record(store, b"x + 1\n", b"x + 100\n", 1)
    _record(store, b"x + 4\n", b"x + 400\n", 1)
    real_read = plain.PlainReview._read
    calls = {"n": 0}

    def read_then_interrupt(self):
        calls["n"] += 1
        if calls["n"] > 1:
            raise KeyboardInterrupt
        return real_read(self)

    monkeypatch.setattr(plain.PlainReview, "_read", read_then_interrupt)
    code, _, err = specdraft(repo_path, ["review", "--drafted", "--plain"], "n\ny\n")
    assert code == 130 and b"1 decision saved; `specdraft review --drafted --plain --resume`" in err, err
    assert b"x + 100\n" in (repo_path / "calc.py").read_bytes()  # nothing carried out yet
    monkeypatch.setattr(plain.PlainReview, "_read", real_read)
    code, out, err = specdraft(repo_path, ["review", "--drafted", "--plain", "--resume"], "y\n")
    assert code == 0, err
    assert out.count(b"Accept this hunk") == 1  # only the second is asked about
    assert b"1 accepted, 0 edited, 1 reverted" in out
    text = (repo_path / "calc.py").read_bytes()
    assert b"x + 1\n" in text and b"x + 400\n" in text
    assert not list((repo_path / ".git" / "specdraft").glob("review-drafted*"))  # carried out: nothing saved


async def test_decisions_and_notes_made_in_the_tui_are_there_after_resume(tmp_path):
    repo_path, _env = agent_repo(tmp_path)
    store = AgentStore(GitRepo(repo_path))
    _record(store, b"x + 1\n", b"x + 100\n", 1)
    _record(store, b"x + 4\n", b"x + 400\n", 1)
    review = DraftedReview(store)
    session = review.session()
    review.save_from_now(session)
    app = drafted_app_class()(review, session, title="review what agents wrote", settings=Settings(),
                              themes=THEMES)  # fmt: skip
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("n")  # the first: rejected
        await pilot.pause()
        await pilot.press("m")  # the second: a note alone
        await pilot.pause()
        await pilot.press(*"why 400?", "enter")
        await pilot.pause()
    # the review ends without carrying anything out (the terminal closed); a new one resumes it
    again = DraftedReview(store)
    resumed = again.session()
    assert again.resume(resumed) == []
    assert [unit.decision for unit in resumed.units] == [Decision.REJECTED, Decision.PENDING]
    assert resumed.index == 1  # on the first undecided hunk
    assert list(again.notes.values()) == ["why 400?"] and resumed.units[1].id in again.notes
    done = apply(again, resumed)
    assert (done.rejected, done.accepted) == (1, 0)
    assert [e["text"] for e in feedback_entries(store) if e["kind"] == "note"] == ["why 400?"]
