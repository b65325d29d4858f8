"""What a key redraws: moving the cursor does not look at every file's progress again."""

from __future__ import annotations

from specdraft.ui.tui.model import SessionView
from tests.app.tui_support import file_rows, make_app, make_session

SIZE = (120, 40)


async def test_moving_does_not_recompute_progress_and_deciding_does(monkeypatch):
    calls: list[int] = []
    original = SessionView.all_progress

    def counted(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(SessionView, "all_progress", counted)
    app = make_app(make_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = file_rows(app)
        calls.clear()
        for key in ("j", "k", "J", "K", "G", "g"):
            await pilot.press(key)
        await pilot.pause()
        assert calls == []
        assert file_rows(app) == before
        await pilot.press("y")
        await pilot.pause()
        assert calls == [], "a decision looks at its own file's progress only"
        assert file_rows(app) != before  # the first file's row shows the accepted hunk
        assert "hunk 2/" in app.screen.query_one("#diff").border_title
        await pilot.press("u")  # undo may touch any file: every file's progress again
        await pilot.pause()
        assert calls, "an undo recomputes the files' progress"
        assert file_rows(app) == before


async def test_file_rows_after_each_decision_are_those_of_a_full_recount():
    """y, n, a and d look at the decided file's progress only: the rows are still exactly what
    a pass over every unit gives, file by file."""
    from specdraft.core.diffs import parse_diff
    from specdraft.core.session import ReviewSession
    from specdraft.ui.tui.bench import synthetic_diff
    from specdraft.ui.tui.widgets.file_list import FileList

    many = ReviewSession(parse_diff(synthetic_diff(3, 14)), source="test")  # more marks than shown
    for session in (make_session(), many):
        await _decide_and_compare(make_app(session), FileList)


async def _decide_and_compare(app, FileList) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        file_list = app.screen.query_one(FileList)
        for key in ("y", "n", "J", "a", "g", "d", "G", "y", "k", "n", "J", "y", "y"):
            await pilot.press(key)
            await pilot.pause()
            assert file_list._shown == app.view.all_progress(), key
            assert file_rows(app) == [
                line.plain
                for line in (file_list._prompt(i, p) for i, p in enumerate(app.view.all_progress()))
            ]


def _screen_rows(app) -> list[list[tuple[str, object]]]:
    """Every cell run of the screen as drawn: (text, style) per segment, row by row."""
    return [
        [(segment.text, segment.style) for segment in strip]
        for strip in app.screen._compositor.render_strips()
    ]


async def _walk(app, pilot, keys: str) -> list:
    frames = []
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
        frames.append(_screen_rows(app))
    return frames


async def test_hunks_rendered_ahead_look_exactly_as_rendered_when_shown(monkeypatch):
    """j, k, y and n show the next hunk from rows rendered ahead while the app was idle: the
    screen is the same, cell for cell, as when every hunk is rendered only once it is shown."""
    from specdraft.ui.tui.widgets.diff_view import DiffView

    keys = "jjkynjJGkg"
    app = make_app(make_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        diff = app.screen.query_one(DiffView)
        ahead = await _walk(app, pilot, keys)
        session = app.view.session
        assert any(
            entry[0] is session.units[session.index + 1].hunk for entry in diff._prepared.values()
        )

    monkeypatch.setattr(DiffView, "prepare", lambda self, units, colors, *, syntax: None)
    app = make_app(make_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert await _walk(app, pilot, keys) == ahead


def _many_files(count: int = 60) -> bytes:
    """A diff of ``count`` files (the file list scrolls), hunks of 1 to 3 changed lines."""
    out = []
    for index in range(count):
        path = f"m{index}.py"
        changes = 1 + index % 3
        out.append(
            f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,{changes + 1} +1,{changes + 1} @@\n x\n"
        )
        out.extend(f"-old {line}\n" for line in range(changes))
        out.extend(f"+new {line}\n" for line in range(changes))
    return "".join(out).encode()


async def test_a_key_is_one_screen_update():
    """The status bar, the hunk and its header change in the same screen update (the status
    bar's used to come one frame later), and a hunk that fits needs no new layout (which
    redrew the file list's scrollbar one frame later)."""
    from specdraft.core.diffs import parse_diff
    from specdraft.core.session import ReviewSession

    app = make_app(ReviewSession(parse_diff(_many_files()), source="test"))
    updates: list[int] = []
    display = app._display

    def counted(screen, renderable):
        updates.append(1)
        return display(screen, renderable)

    app._display = counted
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "k")  # start-up's last updates (the scrollbars) out of the way
        await pilot.pause()
        await pilot.pause()
        for key in ("j", "j", "y", "k", "n", "J", "K"):
            updates.clear()
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            assert len(updates) == 1, key


async def test_the_status_bar_does_not_recount_every_hunk(monkeypatch):
    """A key's status bar reads the session's running counts, not stats() over every unit."""
    from specdraft.core.session import ReviewSession

    app = make_app(make_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        monkeypatch.setattr(
            ReviewSession, "stats", lambda self: (_ for _ in ()).throw(AssertionError("recount"))
        )
        await pilot.press("y", "n", "j", "u")
        await pilot.pause()
        assert "1/6 decided" in app.screen.query_one("#status").content.plain
