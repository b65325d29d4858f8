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
        assert calls, "a decision recomputes the files' progress"
        assert file_rows(app) != before  # the first file's row shows the accepted hunk
        assert "hunk 2/" in app.screen.query_one("#diff").border_title
