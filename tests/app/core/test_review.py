"""The review session: decisions, line mode, split, edit, navigation, undo/redo, stats, resume."""

from __future__ import annotations

import itertools
import json
from textwrap import dedent

import pytest

from specdraft.core.diffs import build_patch, parse_diff, parse_edited_hunk
from specdraft.core.errors import UserError
from specdraft.core.session import Decision, ReviewSession, ReviewStats

DIFF = dedent(
    """\
    diff --git a/a.py b/a.py
    --- a/a.py
    +++ b/a.py
    @@ -1,9 +1,9 @@
     one
    -two
    +TWO
     three
     four
     five
     six
     seven
    -eight
    +EIGHT
     nine
    @@ -20,3 +20,4 @@ def g():
     x
     y
    +z
     w
    diff --git a/b.py b/b.py
    --- a/b.py
    +++ b/b.py
    @@ -1 +1 @@
    -old
    +new
    diff --git a/c.sh b/c.sh
    old mode 100644
    new mode 100755
    """
).encode()


class Clock:
    """A clock that advances by one second each time it is read."""

    def __init__(self):
        self.ticks = itertools.count()

    def __call__(self) -> float:
        return float(next(self.ticks))


def session(**kwargs) -> ReviewSession:
    return ReviewSession(parse_diff(DIFF), clock=Clock(), **kwargs)


def decisions(s: ReviewSession) -> list[str]:
    return [u.decision.value for u in s.units]


def test_units_in_file_order():
    s = session()
    assert [(u.hunk.path, u.hunk.kind) for u in s.units] == [
        ("a.py", "text"),
        ("a.py", "text"),
        ("b.py", "text"),
        ("c.sh", "meta"),
    ]
    assert s.position == (1, 4)
    assert [u.decision for u in s.units_of_file(0)] == [Decision.PENDING] * 2


def test_accept_reject_and_next_pending_wraps():
    s = session()
    s.accept(advance=True)
    assert s.index == 1
    s.go_to(3)
    s.reject(advance=True)
    assert s.index == 1  # wrapped around to the first pending unit
    assert decisions(s) == ["accepted", "pending", "pending", "rejected"]
    s.set_decisions([1, 2], Decision.ACCEPTED)
    assert not s.next_pending() and s.done


def test_rest_of_file():
    s = session()
    s.go_to(1)
    s.reject()
    s.first()
    assert s.accept_rest_of_file() == 1  # the current unit; the rejected one is kept
    assert decisions(s) == ["accepted", "rejected", "pending", "pending"]
    s.go_to(2)
    assert s.reject_rest_of_file() == 1
    assert decisions(s) == ["accepted", "rejected", "rejected", "pending"]


def test_navigation():
    s = session()
    assert s.next_file() and s.index == 2
    assert s.next_file() and s.index == 3
    assert not s.next_file()
    assert s.prev_file() and s.index == 2
    assert s.prev_file() and s.index == 0
    assert not s.prev_file()
    s.last()
    assert s.index == 3
    s.move(-2)
    assert s.index == 1
    s.move(-10)
    assert s.index == 0


def test_every_change_undoes_and_redoes():
    s = session()
    steps = [
        lambda: s.accept(advance=True),
        lambda: s.reject(),
        lambda: (s.first(), s.split()),
        lambda: s.toggle_line(1),
        lambda: s.accept_rest_of_file(),
    ]
    history = [json.loads(s.state_text())["units"]]
    for step in steps:
        step()
        history.append(json.loads(s.state_text())["units"])
    for expected in reversed(history[:-1]):
        assert s.undo()
        assert [(u["id"], u["decision"], u["lines"]) for u in json.loads(s.state_text())["units"]] == [
            (u["id"], u["decision"], u["lines"]) for u in expected
        ]
    assert not s.undo()
    for expected in history[1:]:
        assert s.redo()
        assert [u["decision"] for u in json.loads(s.state_text())["units"]] == [u["decision"] for u in expected]
    assert not s.redo()


def test_undo_puts_the_cursor_back():
    s = session()
    s.go_to(2)
    s.accept(advance=True)
    assert s.index == 3
    s.undo()
    assert s.index == 2 and s.current.decision == Decision.PENDING


def test_new_change_clears_redo():
    s = session()
    s.accept()
    s.undo()
    s.reject()
    assert not s.redo()


def test_split_and_selection_of_sub_hunks():
    s = session()
    assert s.can_split() and s.split() == 2
    assert [u.id.rsplit(".", 1)[-1] for u in s.units[:2]] == ["1", "2"]
    assert not s.can_split()  # sub-hunks do not split again
    s.go_to(1)
    s.accept()
    patch = build_patch(s.files, s.selection()).decode()
    assert "+EIGHT" in patch and "two" not in patch.lower()


def test_split_keeps_a_line_choice():
    s = session()
    s.toggle_line(2)  # drop "+TWO": "-two" is now the only chosen change of the first run
    s.split()
    first, second = s.units[0], s.units[1]
    assert first.decision == Decision.EDITED and first.selected_lines == {1}
    assert second.decision == Decision.ACCEPTED


def test_line_mode():
    s = session()
    hunk = s.current.hunk
    s.toggle_line(1)
    assert s.current.decision == Decision.EDITED
    assert s.current.selected_lines == set(hunk.change_indices) - {1}
    s.set_lines(set(hunk.change_indices))
    assert s.current.decision == Decision.ACCEPTED and s.current.selected_lines is None
    s.set_lines(set())
    assert s.current.decision == Decision.REJECTED
    s.toggle_line(8)  # from rejected, toggling chooses just that line
    assert s.current.selected_lines == {8}
    with pytest.raises(ValueError):
        s.toggle_line(0)  # a context line


def test_edit_counts_and_is_checked_first():
    s = session()
    s.go_to(2)
    text = s.edit_text()
    assert text.startswith(b"# Manual hunk edit mode")
    assert s.apply_edit_text(text.replace(b"+new", b"+newer"))
    assert s.current.decision == Decision.EDITED
    assert b"+newer" in s.patch()
    refusals = []

    def refuse(patch: bytes) -> None:
        refusals.append(patch)
        raise UserError("the patch does not apply: b.py: patch does not apply")

    s.patch_checker = refuse
    with pytest.raises(UserError, match="does not apply"):
        s.apply_edit_text(text.replace(b"+new", b"+other"))
    assert b"+other" in refusals[0]
    assert b"+newer" in s.patch()  # the earlier edit is kept
    assert not s.apply_edit_text(b"# nothing left\n")  # all lines removed: edit abandoned


def test_meta_units_cannot_be_split_or_edited():
    s = session()
    s.last()
    assert not s.can_split() and not s.can_edit()
    with pytest.raises(UserError):
        s.edit_text()
    s.accept()
    assert s.patch() == b"diff --git a/c.sh b/c.sh\nold mode 100644\nnew mode 100755\n"


def test_stats_and_time_per_hunk():
    s = session()  # the clock advances one second per reading
    s.accept(advance=True)
    s.reject(advance=True)
    s.toggle_line(0)
    stats = s.stats()
    assert isinstance(stats, ReviewStats)
    assert (stats.total, stats.accepted, stats.rejected, stats.edited, stats.pending) == (
        4,
        1,
        1,
        1,
        1,
    )
    assert stats.acceptance_rate == pytest.approx(2 / 3)
    assert stats.decided == 3
    seconds = stats.seconds_per_hunk
    assert seconds[s.units[0].id] == 2.0  # read at creation, at the accept, at the move
    assert seconds[s.units[1].id] == 2.0
    assert seconds[s.units[2].id] == 2.0  # the toggle, then stats() itself
    assert seconds[s.units[3].id] == 0.0
    assert sum(seconds.values()) > 0 and stats.mean_seconds > 0
    assert ReviewStats(0, 0, 0, 0, 0).acceptance_rate == 0.0


def test_selection_for_each_mode():
    s = session()
    s.accept()
    s.go_to(1)
    s.reject()
    ids = [u.id for u in s.units]
    assert set(s.selection()) == {ids[0]}
    assert set(s.selection(include_pending=True)) == {ids[0], ids[2], ids[3]}
    assert set(s.rejected_selection()) == {ids[1]}


def test_saved_on_every_change_and_resumed(tmp_path):
    state = tmp_path / "git" / "specdraft" / "review.json"
    s = session(state_path=state)
    s.split()
    s.accept(advance=True)
    s.toggle_line(5)
    s.go_to(3)
    s.apply_edit_text(s.edit_text().replace(b"+new", b"+newer"))
    saved = json.loads(state.read_text())
    assert saved["version"] == 1 and len(saved["units"]) == 5
    resumed = ReviewSession.load(state, parse_diff(DIFF), clock=Clock())
    assert decisions(resumed) == decisions(s)
    assert resumed.units[1].selected_lines == s.units[1].selected_lines
    assert resumed.patch() == s.patch()
    assert s.current.id == s.units[3].id and decisions(s)[2] == "pending"
    assert resumed.index == 2  # on the first undecided hunk, not where the cursor was
    assert resumed.messages == []


def test_resume_with_everything_decided_keeps_the_cursor(tmp_path):
    state = tmp_path / "review.json"
    s = session(state_path=state)
    s.set_decisions(list(range(len(s.units))), Decision.REJECTED)
    s.go_to(2)
    s.accept()
    resumed = ReviewSession.load(state, parse_diff(DIFF))
    assert resumed.index == 2


def test_resume_drops_hunks_that_are_gone(tmp_path):
    state = tmp_path / "review.json"
    s = session(state_path=state)
    s.set_decisions([0, 1, 2], Decision.ACCEPTED)
    changed = DIFF.replace(b"+new", b"+different")
    resumed = ReviewSession.load(state, parse_diff(changed))
    assert decisions(resumed) == ["accepted", "accepted", "pending", "pending"]
    assert resumed.messages == [
        "1 hunk from the saved review is no longer in the diff; its decision was dropped"
    ]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "no saved review"),
        ("{not json", "cannot read"),
        ('{"version": 99}', "another version"),
    ],
)
def test_resume_errors(tmp_path, content, reason):
    state = tmp_path / "review.json"
    if content is not None:
        state.write_text(content)
    with pytest.raises(UserError, match=reason):
        ReviewSession.load(state, parse_diff(DIFF))


def test_state_that_cannot_be_written_is_reported_not_fatal(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    s = session(state_path=blocker / "sub" / "review.json")
    s.accept()
    assert s.current.decision == Decision.ACCEPTED
    assert any("could not save" in m for m in s.messages)


def test_edited_hunk_survives_parse_round_trip():
    files = parse_diff(DIFF)
    hunk = files[1].hunks[0]
    edited = parse_edited_hunk(b"-old\n+newer\n", hunk)
    assert parse_edited_hunk(edited.patch_bytes(), hunk).lines == edited.lines


def test_undo_changes_units_in_place():
    # the TUI may hold a unit: after undo/redo it must still be the one in the session
    s = session()
    unit = s.current
    s.accept()
    s.undo()
    assert s.current is unit and unit.decision == Decision.PENDING
    s.redo()
    assert s.current is unit and unit.decision == Decision.ACCEPTED
    s.split()
    parts = s.units[:2]
    s.undo()
    assert s.units[0] is unit and len(s.units) == 4
    s.redo()
    assert s.units[:2] == parts and s.units[0] is parts[0]


EXTRA = dedent(
    """\
    diff --git a/d.py b/d.py
    --- a/d.py
    +++ b/d.py
    @@ -1,2 +1,2 @@
    -d
    +D
     tail
    """
).encode()


def test_add_files_appends_pending_units_and_saves(tmp_path):
    state = tmp_path / "review.json"
    s = session(state_path=state)
    s.accept()
    s.add_files(parse_diff(EXTRA))
    assert [u.hunk.path for u in s.units] == ["a.py", "a.py", "b.py", "c.sh", "d.py"]
    assert s.units[-1].file_index == 3 and s.files[3].path == "d.py"
    assert s.file_of(s.units[-1]).path == "d.py"
    assert decisions(s) == ["accepted", "pending", "pending", "pending", "pending"]
    assert s.index == 0 and s.position == (1, 5)
    saved = json.loads(state.read_text())
    assert [u["id"] for u in saved["units"]] == [u.id for u in s.units]
    s.last()
    s.accept()
    assert b"+D\n" in s.patch() and b"+TWO\n" in s.patch()
    # a resumed review over the grown diff finds every decision again
    again = ReviewSession.load(state, parse_diff(DIFF) + parse_diff(EXTRA))
    assert decisions(again) == decisions(s)


def test_add_files_keeps_undo_and_redo_right():
    s = session()
    s.split()  # a.py's first hunk -> 2 parts; an undo step that works by position
    s.accept()
    s.add_files(parse_diff(EXTRA))
    assert len(s.units) == 6
    s.undo()  # the accept
    s.undo()  # the split
    assert [u.hunk.path for u in s.units] == ["a.py", "a.py", "b.py", "c.sh", "d.py"]
    assert s.units[0].hunk.parent_id is None and s.units[-1].hunk.path == "d.py"
    s.redo()
    s.redo()
    assert len(s.units) == 6 and s.units[0].decision is Decision.ACCEPTED
    assert s.units[-1].hunk.path == "d.py" and s.units[-1].file_index == 3
    s.last()
    s.reject()
    assert s.undo() and s.units[-1].decision is Decision.PENDING
    while s.undo():  # undo never removes what was added
        pass
    assert [u.hunk.path for u in s.units] == ["a.py", "a.py", "b.py", "c.sh", "d.py"]


def test_add_files_to_an_empty_session_and_duplicate_ids():
    s = ReviewSession([], clock=Clock())
    assert s.current is None
    s.add_files(parse_diff(EXTRA))
    assert s.current is not None and s.current.hunk.path == "d.py"
    s.add_files(parse_diff(EXTRA))  # the same change drafted again
    ids = [u.id for u in s.units]
    assert len(ids) == len(set(ids)) == 2
    s.set_decisions([1], Decision.ACCEPTED)
    patch = s.patch()
    assert patch.count(b"+D\n") == 1


def _recount(s: ReviewSession) -> tuple[int, int, int, int, int]:
    full = s.stats()
    return full.total, full.accepted, full.rejected, full.edited, full.pending


def _tally(s: ReviewSession) -> tuple[int, int, int, int, int]:
    quick = s.counts()
    return quick.total, quick.accepted, quick.rejected, quick.edited, quick.pending


def test_counts_agree_with_a_full_recount_after_every_change(tmp_path):
    """counts() is kept up to date change by change (the status bar's figures); after every
    kind of decision, undo and redo it equals stats(), which counts every unit afresh."""
    s = session(state_path=tmp_path / "state.json")
    s.first()
    edited = parse_edited_hunk(b"@@ -1,9 +1,9 @@\n one\n-two\n+TWO!\n three\n four\n five\n six\n seven\n eight\n nine\n", s.current.hunk)
    steps = [
        lambda: s.accept(advance=True),
        lambda: s.reject(),
        lambda: s.reset(),
        lambda: (s.first(), s.split()),
        lambda: s.toggle_line(1),
        lambda: s.set_lines(set()),
        lambda: (s.last(), s.accept()),
        lambda: (s.first(), s.accept_rest_of_file()),
        lambda: (s.first(), s.reject_rest_of_file()),
        lambda: s.set_decisions([0, 2, 3], Decision.ACCEPTED),
        lambda: s.add_files(parse_diff(EXTRA)),
        lambda: (s.go_to(2), s.edit(parse_edited_hunk(b"@@ -1 +1 @@\n-old\n+newer\n", s.current.hunk))),
    ]
    seen = set()
    for step in steps:
        step()
        assert _tally(s) == _recount(s)
        seen.add(_tally(s))
    assert len(seen) > 5  # the steps really changed the counts
    while s.undo():
        assert _tally(s) == _recount(s)
    while s.redo():
        assert _tally(s) == _recount(s)
    s.first()
    s.undo()
    s.edit(edited)  # a.py's first hunk, whole again after undoing the split's accept
    assert _tally(s) == _recount(s)
    resumed = ReviewSession.load(tmp_path / "state.json", parse_diff(DIFF))
    assert _tally(resumed) == _recount(resumed) and resumed.counts().decided
    resumed.units = resumed.units[1:]  # replaced by a caller (review --only-unreviewed)
    assert _tally(resumed) == _recount(resumed)
    resumed.units.append(s.units[0])
    assert _tally(resumed) == _recount(resumed)


def _fresh_state_text(s: ReviewSession) -> str:
    """state_text() made from nothing (no unit's text kept from an earlier save)."""
    kept, s._unit_texts = s._unit_texts, {}
    try:
        return s.state_text()
    finally:
        s._unit_texts = kept


def test_saved_state_made_unit_by_unit_equals_one_made_afresh(tmp_path):
    """The state saved after every decision reuses the text of units that did not change; after
    every kind of change (and the time charged to the unit under the cursor) it is the text a
    fresh session would write."""
    s = session(state_path=tmp_path / "state.json")
    steps = [
        lambda: s.accept(advance=True),
        lambda: s.move(1),
        lambda: s.reject(),
        lambda: (s.first(), s.split()),
        lambda: s.toggle_line(1),
        lambda: (s.last(), s.accept_rest_of_file()),
        lambda: s.set_decisions([0, 1], Decision.REJECTED),
        lambda: s.add_files(parse_diff(EXTRA)),
        lambda: (s.go_to(2), s.edit(parse_edited_hunk(b"@@ -1 +1 @@\n-old\n+newer\n", s.current.hunk))),
        lambda: s.undo(),
        lambda: s.undo(),
        lambda: s.redo(),
        lambda: s.reset(),
    ]
    for step in steps:
        step()
        assert s.state_text() == _fresh_state_text(s)
    assert (tmp_path / "state.json").exists()
