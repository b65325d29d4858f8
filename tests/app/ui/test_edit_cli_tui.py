"""`specdraft edit` in the TUI (Pilot): hunks appear as each file's draft completes, the status bar
shows the draft's progress, Esc cancels the draft and applies nothing."""

from __future__ import annotations

import threading

import pytest

from specdraft.core.config import Settings
from specdraft.drafting.flow import EditFlow
from specdraft.drafting.requests import EditRequester, read_sources
from specdraft.ui.cli.edit import EditTui
from tests.app.editkit import Reply, ScriptedBackend, make_repo
from tests.app.tui_support import THEMES, file_rows, shown

SIZE = (120, 40)


async def wait_for(pilot, condition, tries: int = 200) -> None:
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("the condition never held")


def make_tui(tmp_path, replies):
    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n", "b.py": "b = 1\n"})
    backend = ScriptedBackend(replies, kind="local", model="builtin")
    drafter = EditRequester(backend, repo)
    flow = EditFlow(drafter, "bump", read_sources(repo, [str(repo / "a.py"), str(repo / "b.py")]))
    return EditTui(flow, drafter, Settings(editor="internal"), themes=THEMES, environ={}), flow


async def test_hunks_appear_per_file_while_the_draft_streams(tmp_path):
    gate = threading.Event()
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n"), Reply("b = 2\n", during=lambda: gate.wait(10))])
    app = tui.app
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: len(tui.round.session.units) == 1)
        await pilot.pause()
        assert [row.split()[1] for row in file_rows(app)] == ["a.py"]
        await wait_for(pilot, lambda: "drafting b.py" in shown(app, "#status"))
        await pilot.press("y")  # review a.py while b.py is still drafting
        gate.set()
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status"))
        await wait_for(pilot, lambda: len(file_rows(app)) == 2)
        await pilot.press("j", "y")  # to b.py's hunk, accept it
        app.exit(True)
    assert tui.finished(app.return_value) is True
    assert {edit.path: edit.new_text for edit in flow.final_edits()} == {"a.py": "a = 2\n", "b.py": "b = 2\n"}


async def test_escape_cancels_the_draft_and_applies_nothing(tmp_path):
    gate = threading.Event()
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n" * 40, during=lambda: gate.wait(10)), Reply("b = 2\n")])
    app = tui.app
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafting a.py" in shown(app, "#status"))
        await pilot.press("escape")
        await pilot.pause()
        gate.set()
    assert tui.cancel.is_set() and app.return_value is False
    assert tui.finished(app.return_value) is False


async def test_quitting_before_the_draft_finished_applies_nothing(tmp_path):
    gate = threading.Event()
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n"), Reply("b = 2\n", during=lambda: gate.wait(10))])
    app = tui.app
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: len(tui.round.session.units) == 1)
        await pilot.press("y")
        app.exit(True)
    gate.set()

    from specdraft.core.errors import UserError

    with pytest.raises(UserError, match="did not finish"):
        tui.finished(app.return_value)


async def test_r_rejects_with_a_note_and_the_redraft_is_shown_as_a_new_round(tmp_path):
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n"), Reply("b = 2\n"), Reply("b = 3\n")])
    app = tui.app
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status") and len(tui.round.session.units) == 2)
        await pilot.press("y")  # a.py accepted
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"three, not two", "enter")
        await pilot.pause()
    assert [u.decision.value for u in tui.round.session.units] == ["accepted", "rejected"]
    note = tui.finished(app.return_value)
    assert note == "three, not two"
    again = flow.redraft(note)
    backend = flow.drafter.backend
    assert "three, not two" in backend.requests[2]["messages"][-1]["content"]
    assert backend.requests[2]["reference"] == "b = 1\n"  # only the file with the rejected hunk
    second = EditTui(flow, flow.drafter, Settings(editor="internal"), round_=again, themes=THEMES, environ={})
    async with second.app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "b = 3" in shown(second.app, "#hunk-body")
        await pilot.press("y")
        second.app.exit(True)
    assert second.finished(second.app.return_value) is True
    assert {e.path: e.new_text for e in flow.final_edits()} == {"a.py": "a = 2\n", "b.py": "b = 3\n"}


async def test_escape_in_the_note_box_just_rejects(tmp_path):
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n"), Reply("b = 2\n")])
    app = tui.app
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status") and len(tui.round.session.units) == 2)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and app.screen.__class__.__name__ == "ReviewScreen"
        app.exit(True)
    assert [u.decision.value for u in tui.round.session.units] == ["rejected", "pending"]
    assert tui.finished(app.return_value) is True and len(flow.drafter.backend.requests) == 2


async def test_instruction_box_and_fuzzy_file_finder():
    from specdraft.ui.tui.edit import InstructionApp

    app = InstructionApp(["README.md", "app/greet.py", "app/util.py", "tests/test_greet.py"])
    assert app.matches("grt")[:2] == ["app/greet.py", "tests/test_greet.py"]
    assert app.matches("zzz") == []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"Add type hints", "enter")  # the instruction, then on to the finder
        await pilot.press(*"util", "enter")  # the best match is chosen
        await pilot.press("ctrl+s")
    assert app.return_value == ("Add type hints", ["app/util.py"])


async def test_instruction_box_wants_an_instruction_and_a_file():
    from specdraft.ui.tui.edit import InstructionApp

    app = InstructionApp(["a.py", "b.py"], chosen=["a.py"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")  # no instruction yet: stays, says so
        await pilot.pause()
        assert app.is_running
        await pilot.press(*"bump", "tab", *"b.py", "enter", *"a.py", "enter")  # b added, a removed
        await pilot.press("ctrl+s")
    assert app.return_value == ("bump", ["b.py"])


async def test_typing_at_once_replaces_the_suggestion_and_enter_drafts():
    """The demo's first minute: the instruction box has the focus, its suggestion selected, so an
    instruction typed straight away replaces it (not the file finder's query), and enter drafts."""
    from textual.widgets import Input

    from specdraft.ui.tui.edit import InstructionApp

    app = InstructionApp(["a.py", "storage.py"], chosen=["storage.py"], suggestions=["Change 2 to 4.", "x"])
    async with app.run_test(size=SIZE) as pilot:
        assert app.focused is app.query_one("#instruction", Input)
        await pilot.press(*"rename load to read_file")
        assert app.query_one("#find", Input).value == ""
        await pilot.press("enter")
    assert app.return_value == ("rename load to read_file", ["storage.py"])


async def test_enter_keeps_the_suggestion_and_drafts_it():
    from specdraft.ui.tui.edit import InstructionApp

    app = InstructionApp(["storage.py"], chosen=["storage.py"], instruction="Change 2 to 4.")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
    assert app.return_value == ("Change 2 to 4.", ["storage.py"])


async def test_with_no_file_chosen_enter_goes_on_to_the_finder():
    from textual.widgets import Input

    from specdraft.ui.tui.edit import InstructionApp

    app = InstructionApp(["a.py", "b.py"], instruction="bump")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert app.is_running and app.focused is app.query_one("#find", Input)
        await pilot.press(*"b.py", "enter", "shift+tab", "enter")  # back to the box: enter drafts
    assert app.return_value == ("bump", ["b.py"])


async def test_instruction_box_cycles_through_the_suggested_instructions():
    from textual.widgets import Input, Static

    from specdraft.ui.tui.edit import InstructionApp

    suggested = ["Rename `load` to `read`.", "Add a docstring to `save`.", "Make indent 4."]
    app = InstructionApp(["a.py"], chosen=["a.py"], suggestions=suggested)
    async with app.run_test(size=SIZE) as pilot:
        box = app.query_one("#instruction", Input)
        hint = lambda: str(app.query_one("#suggestion", Static).render())  # noqa: E731
        assert box.value == suggested[0] and "suggestion 1 of 3" in hint()
        assert app.active_bindings["ctrl+n"].enabled  # the footer offers it
        await pilot.press("ctrl+n", "ctrl+n")
        assert box.value == suggested[2] and "suggestion 3 of 3" in hint()
        await pilot.press("ctrl+n")  # round again
        assert box.value == suggested[0]
        await pilot.press("ctrl+p")
        assert box.value == suggested[2]
        box.value = "my own words"  # typed over: no suggestion is current, the next is the first
        await pilot.pause()
        assert "3 suggestions" in hint()
        await pilot.press("ctrl+n")
        assert box.value == suggested[0]
        await pilot.press("ctrl+s")
    assert app.return_value == (suggested[0], ["a.py"])


async def test_without_suggestions_the_box_offers_none():
    from textual.widgets import Input

    from specdraft.ui.tui.edit import InstructionApp

    app = InstructionApp(["a.py"], chosen=["a.py"], instruction="bump")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+n")
        assert app.query_one("#instruction", Input).value == "bump"
        assert "ctrl+n" not in app.active_bindings  # and the footer does not offer it


async def test_escape_leaves_the_instruction_box():
    from specdraft.ui.tui.edit import InstructionApp

    app = InstructionApp(["a.py"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
    assert app.return_value is None


async def test_quit_question_says_where_accepted_hunks_go(tmp_path):
    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n"})
    backend = ScriptedBackend([Reply("a = 2\n")], kind="local")
    drafter = EditRequester(backend, repo)
    flow = EditFlow(drafter, "bump", read_sources(repo, [str(repo / "a.py")]))
    tui = EditTui(flow, drafter, Settings(editor="internal"), stage=True, themes=THEMES, environ={})
    async with tui.app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(tui.app, "#status"))
        await pilot.press("y", "q")
        await pilot.pause()
        assert "written to the index and worktree" in str(tui.app.screen.query_one("#details").render())
        await pilot.press("y")
    assert tui.finished(tui.app.return_value) is True


def sr(path: str, search: str, replace: str) -> str:
    return f"{path}\n```python\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```\n"


async def test_a_failed_block_is_a_unit_in_the_review_that_y_and_a_cannot_accept(tmp_path):
    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n", "b.py": "b = 1\n"})
    answer = sr("a.py", "a = 1\n", "a = 2\n") + sr("b.py", "nothing like this\n", "b = 9\n")
    backend = ScriptedBackend([Reply(answer)], kind="remote")
    drafter = EditRequester(backend, repo)
    flow = EditFlow(drafter, "bump", read_sources(repo, [str(repo / "a.py"), str(repo / "b.py")]))
    tui = EditTui(flow, drafter, Settings(editor="internal"), themes=THEMES, environ={})
    app = tui.app
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status"))
        await pilot.pause()
        rows = file_rows(app)
        assert len(rows) == 2 and "a.py" in rows[0] and "failed: b.py" in rows[1]
        await pilot.press("j")  # past the last hunk: the failed block
        await pilot.pause()
        body = shown(app, "#hunk-body")
        assert "failed: not applied" in body and "nothing like this" in body and "b = 9" in body
        assert "failed: not applied" in shown(app, "#file-header")
        await pilot.press("y", "a")
        await pilot.pause()
        assert "cannot accept a failed block" in " ".join(str(n.message) for n in app._notifications)
        assert tui.round.session.stats().accepted == 0
        await pilot.press("k", "y")  # back to a.py's hunk: that one is accepted
        await pilot.pause()
        assert tui.round.session.stats().accepted == 1
        app.exit(True)
    assert tui.finished(app.return_value) is True
    assert [u.decision.value for u in tui.round.session.units] == ["accepted"]
    assert {e.path: e.new_text for e in flow.final_edits()} == {"a.py": "a = 2\n"}


async def test_a_draft_of_failed_blocks_only_counts_as_nothing_applied(tmp_path):
    """What `specdraft edit` exits 3 on after the TUI: the draft finished, every block failed."""
    from specdraft.ui.cli.edit import _every_block_failed

    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n"})
    backend = ScriptedBackend([Reply(sr("a.py", "nothing like this\n", "a = 9\n"))], kind="remote")
    drafter = EditRequester(backend, repo)
    flow = EditFlow(drafter, "bump", read_sources(repo, [str(repo / "a.py")]))
    tui = EditTui(flow, drafter, Settings(editor="internal"), themes=THEMES, environ={})
    app = tui.app
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status"))
        app.exit(True)
    assert tui.finished(app.return_value) is True and tui.round.failures and not tui.round.session.units
    assert _every_block_failed([flow]) and flow.final_edits() == []


async def test_a_file_changed_on_disk_is_marked_stale_never_accepted_and_R_redrafts_it(tmp_path):
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n"), Reply("b = 2\n")])
    app = tui.app
    repo = flow.drafter.repo_root
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status") and len(tui.round.session.units) == 2)
        await pilot.press("R")  # not changed yet: nothing to redraft
        await pilot.pause()
        assert app.is_running and app.screen.__class__.__name__ == "ReviewScreen"
        assert "stale" not in " ".join(file_rows(app))
        (repo / "a.py").write_text("a = 100  # the human's own edit\n")
        await pilot.press("k")  # any key checks the current file
        await pilot.pause()
        assert "stale" in file_rows(app)[0] and "stale" not in file_rows(app)[1]
        assert "STALE" in shown(app, "#file-header")
        await pilot.press("y")
        await pilot.pause()
        assert tui.round.session.stats().accepted == 0
        assert "changed on disk" in " ".join(str(n.message) for n in app._notifications)
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("y")  # confirm
        await pilot.pause()
    assert app.return_value == ("stale", ["a.py"])
    assert tui.finished(app.return_value) == ("stale", ["a.py"])


async def test_the_timer_marks_a_file_stale_that_is_not_the_current_one(tmp_path):
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n"), Reply("b = 2\n")])
    app = tui.app
    app.STALE_CHECK_SECONDS = 0.05
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status") and len(tui.round.session.units) == 2)
        (flow.drafter.repo_root / "b.py").unlink()
        await wait_for(pilot, lambda: "stale" in " ".join(file_rows(app)))
        assert "stale" in file_rows(app)[1] and "stale" not in file_rows(app)[0]
        app.exit(True)


def test_R_redrafts_the_stale_file_from_disk_in_a_new_round_and_keeps_every_other_decision(tmp_path, monkeypatch):
    """The loop behind R: the stale file is drafted again from the file as it is now (the human's
    edit is its new base), with the other files' undecided hunks; accepted ones stay accepted."""
    import specdraft.ui.cli.edit
    from specdraft.core.session import Decision
    from tests.app.editkit import run_edit

    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n", "b.py": "b = 1\n", "c.py": "c = 1\n"})
    backend = ScriptedBackend([Reply("a = 2\n"), Reply("b = 2\n"), Reply("c = 2\n"),
                               Reply("a = 3\nmine = 1\n"), Reply("c = 3\n")], kind="local")  # fmt: skip
    shown_files = []

    def first_screen(tui):  # b.py accepted, c.py left undecided; meanwhile the human edits a.py
        session = tui.round.session
        b = next(i for i, u in enumerate(session.units) if session.file_of(u).path == "b.py")
        session.set_decisions([b], Decision.ACCEPTED)
        (repo / "a.py").write_text("a = 1\nmine = 1\n")
        return ("stale", ["a.py"])

    def second_screen(tui):
        session = tui.round.session
        shown_files.append(sorted(file.path for file in session.files))
        assert all(u.decision is Decision.PENDING for u in session.units)
        session.set_decisions(list(range(len(session.units))), Decision.ACCEPTED)
        return True

    screens = [first_screen, second_screen]

    class ScriptedTui:  # stands in for the review app (tested above): one scripted screen per round
        def __init__(self, flow, drafter, settings, *, round_=None, stream=None, stage=False):
            self.round = round_ or flow.first()
            if stream:  # a redraft starts empty: the real app streams it in while shown
                flow.stream_into(self.round, on_grew=lambda note: None)
            screen = screens.pop(0)
            self.app = type("App", (), {"run": lambda _self: screen(self)})()

        def finished(self, result):
            return result

    monkeypatch.setattr(specdraft.ui.cli.edit, "EditTui", ScriptedTui)
    monkeypatch.setattr(specdraft.ui.cli.edit, "_isatty", lambda stream: True)
    result = run_edit(monkeypatch, repo, ["bump", "a.py", "b.py", "c.py"], backend)
    assert result.code == 0, result.err
    assert not screens and shown_files == [["a.py", "c.py"]]  # b.py was decided: not redrafted
    assert [r["reference"] for r in backend.requests[3:]] == ["a = 1\nmine = 1\n", "c = 1\n"]  # a.py from disk
    assert (repo / "a.py").read_text() == "a = 3\nmine = 1\n"
    assert (repo / "b.py").read_text() == "b = 2\n"
    assert (repo / "c.py").read_text() == "c = 3\n"


B_FILE = "b = 1\n" + "".join(f"x{number} = {number}\n" for number in range(6))  # a few pieces long


async def test_a_redraft_streams_into_the_review_says_when_it_repeats_the_rejected_hunk_and_counts_agree(tmp_path):
    """After r: the redraft's figures in the status bar as it streams; the same hunk again is
    said to be the same (with the key that edits it); the status bar, the quit question and the
    command's last line count the same hunks over both rounds."""
    import argparse

    from specdraft.ui.cli.edit import _finish

    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n", "b.py": B_FILE})
    gate = threading.Event()
    same = B_FILE.replace("b = 1", "b = 2")
    backend = ScriptedBackend([Reply("a = 2\n"), Reply(same), Reply(same, during=lambda: gate.wait(10))],
                              kind="local", model="builtin")  # fmt: skip
    drafter = EditRequester(backend, repo)
    flow = EditFlow(drafter, "bump " * 40 + "the end", read_sources(repo, [str(repo / "a.py"), str(repo / "b.py")]))
    settings = Settings(editor="internal", keys={"edit": "o"})
    tui = EditTui(flow, drafter, settings, themes=THEMES, environ={})
    async with tui.app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(tui.app, "#status") and len(tui.round.session.units) == 2)
        await pilot.press("y", "r")
        await pilot.pause()
        await pilot.press(*"three, not two", "enter")
        await pilot.pause()
    note = tui.finished(tui.app.return_value)
    assert note == "three, not two"

    again = flow.start_redraft(note)
    second = EditTui(flow, drafter, settings, round_=again, stream=True, themes=THEMES, environ={})
    app = second.app
    async with app.run_test(size=SIZE) as pilot:
        # while it streams: the redraft's own figures (tokens, tokens/s, drafted, accepted)
        await wait_for(pilot, lambda: "drafting b.py" in shown(app, "#status"))
        status = shown(app, "#status")
        assert "tokens/s" in status and "drafted 2, accepted 1" in status
        assert "the end" in shown(app, "#title")  # the long instruction, in full (wrapped)
        assert str(repo) in shown(app, "#title")
        gate.set()
        await wait_for(pilot, lambda: "redrafted:" in shown(app, "#status"))
        await pilot.pause()
        status = shown(app, "#status")
        assert "the redraft is the same as the draft you rejected" in status
        assert "o edits a hunk yourself" in status  # the key in force, remapped here
        assert any("did not follow the note" in str(n.message) for n in app._notifications)
        assert again.repeats and len(again.session.units) == 1
        await pilot.press("y")
        await pilot.pause()
        status = shown(app, "#status")
        assert "3/3 decided" in status and "✓ 2" in status and "✗ 1" in status  # both rounds
        await pilot.press("q")
        await pilot.pause()
        details = str(app.screen.query_one("#details").render())
        await pilot.press("y")
    assert second.finished(app.return_value) is True
    counts = "2 accepted, 0 edited, 1 rejected, 0 undecided"
    assert counts + " (of 3)" in details  # the quit question: both rounds
    last_line = _finish([flow], 2, repo, backend, argparse.Namespace(commit=False), False)
    assert f"({counts})" in last_line  # the command's last line: the same counts


async def test_a_redraft_that_breaks_off_is_dropped_and_what_was_accepted_before_stays(tmp_path):
    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n", "b.py": B_FILE})
    backend = ScriptedBackend([Reply("a = 2\n"), Reply(B_FILE.replace("b = 1", "b = 2")),
                               Reply(B_FILE.replace("b = 1", "b = 3"), raise_after=1)], kind="local")  # fmt: skip
    drafter = EditRequester(backend, repo)
    flow = EditFlow(drafter, "bump", read_sources(repo, [str(repo / "a.py"), str(repo / "b.py")]))
    tui = EditTui(flow, drafter, Settings(editor="internal"), themes=THEMES, environ={})
    async with tui.app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(tui.app, "#status") and len(tui.round.session.units) == 2)
        await pilot.press("y", "r", *"three", "enter")
        await pilot.pause()
    again = flow.start_redraft(tui.finished(tui.app.return_value))
    second = EditTui(flow, drafter, Settings(editor="internal"), round_=again, stream=True, themes=THEMES, environ={})
    async with second.app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "draft failed" in shown(second.app, "#status"))
        second.app.exit(True)
    assert second.finished(second.app.return_value) is True
    assert again not in flow.rounds
    assert {e.path: e.new_text for e in flow.final_edits()} == {"a.py": "a = 2\n"}
    assert flow.stats().counts_text() == "1 accepted, 0 edited, 1 rejected, 0 undecided"


async def test_help_lists_every_key_of_the_edit_review_including_r_and_R(tmp_path):
    """Generated from the screen's bindings: every key that acts in the review is listed."""
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n"), Reply("b = 2\n")])
    app = tui.app
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status"))
        keys = {key for key, active in app.screen.active_bindings.items()
                if active.binding.id is not None}  # fmt: skip
        await pilot.press("question_mark")
        await pilot.pause()
        rows = {binding_id: (shown_keys, what) for shown_keys, binding_id, what in app.screen.rows}
        assert rows["reject-note"][0] == "r" and "note" in rows["reject-note"][1]
        assert rows["redraft-file"][0] == "R" and "redraft" in rows["redraft-file"][1]
        listed = {key for shown_keys, _id, _what in app.screen.rows for key in shown_keys.split(", ")}
        assert {key.replace("question_mark", "?") for key in keys} <= listed


async def test_notifications_stay_clear_of_the_draft_statistics(tmp_path):
    tui, flow = make_tui(tmp_path, [Reply("a = 2\n"), Reply("b = 2\n")])
    app = tui.app
    async with app.run_test(size=SIZE, notifications=True) as pilot:  # headless runs show none by default
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status"))
        for number in range(3):
            app.notify(f"note {number}: " + "a long notification " * 5, timeout=30)
        await pilot.pause(0.3)
        status = app.screen.query_one("#status").region
        assert status.height == 2  # the review's counts, then the draft's line
        toasts = list(app.screen.query("Toast"))
        assert toasts
        for toast in toasts:
            assert not toast.region.overlaps(status), (toast.region, status)


RENAME_ME = "def shout(name):\n    print(name.upper())\n\n\nshout('x')\n"


async def test_the_status_bar_says_an_operation_was_read_from_the_instruction_and_no_model_ran(tmp_path):
    """Where the app reads the instruction (here a rename), it says so, and the model is not asked."""
    repo = make_repo(tmp_path / "repo", {"a.py": RENAME_ME})
    backend = ScriptedBackend([], kind="local", model="builtin")
    drafter = EditRequester(backend, repo)
    flow = EditFlow(drafter, "rename shout to yell", read_sources(repo, [str(repo / "a.py")]))
    tui = EditTui(flow, drafter, Settings(editor="internal"), themes=THEMES, environ={})
    app = tui.app
    async with app.run_test(size=(200, 40)) as pilot:
        await wait_for(pilot, lambda: "drafted:" in shown(app, "#status"))
        await pilot.pause()
        assert "rename `shout` -> `yell`, read from your instruction; no model ran" in shown(app, "#status")
        assert backend.requests == []
        assert "yell('x')" in shown(app, "#hunk-body")
        app.exit(False)


