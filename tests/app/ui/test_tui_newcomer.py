"""Review nits a newcomer met (issue 41): long lines wrap (w toggles), the quit question and the
notifications say what is true."""

from __future__ import annotations

from textwrap import dedent

from specdraft.core.diffs import parse_diff
from specdraft.core.session import Decision, Effects, ReviewSession
from specdraft.ui.tui.screens.dialogs import ConfirmScreen, HelpScreen
from specdraft.ui.tui.widgets.diff_view import HunkBody
from tests.app.tui_support import footer_text, make_app, shown

SIZE = (100, 30)
TAIL = "the_end_of_a_very_long_line"
LONG = "x = " + " + ".join(f"value_{n}" for n in range(30)) + f"  # {TAIL}"
LONG_DIFF = dedent(
    f"""\
    diff --git a/long.py b/long.py
    index 3656d9a..f77c931 100644
    --- a/long.py
    +++ b/long.py
    @@ -1,3 +1,3 @@
     a = 1
    -x = 0
    +{LONG}
     b = 2
    """
).encode()


def long_app(**options):
    return make_app(ReviewSession(parse_diff(LONG_DIFF), source="test"), **options)


def drawn(app) -> str:
    """The hunk's rows as the terminal shows them (cropped to the view, wrapped or not), the
    columns before the code dropped and the rows joined: a wrapped line reads in one piece."""
    body = app.screen.query_one(HunkBody)
    rows = [body.render_line(y).text for y in range(body.size.height)]
    return "".join(row[10:].rstrip() for row in rows)


async def test_long_lines_wrap_by_default_and_w_cuts_them():
    app = long_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        body = app.screen.query_one(HunkBody)
        assert TAIL in drawn(app)  # the whole line, over several rows
        assert len(body.lines) > 4 and body.virtual_size.width <= body.scrollable_content_region.width
        await pilot.press("w")
        await pilot.pause()
        assert TAIL not in drawn(app) and len(body.lines) == 4  # one row a line, cut at the edge
        assert any("cut at the edge" in str(n.message) for n in app._notifications)
        await pilot.press("w")
        await pilot.pause()
        assert TAIL in drawn(app)


async def test_wrapped_rows_keep_the_line_in_one_piece():
    app = long_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        body = app.screen.query_one(HunkBody)
        rows = [body.lines[i].plain for i in range(len(body.lines))]
        assert all(len(row) <= body.scrollable_content_region.width for row in rows)
        indent = rows[2].index("x = ")  # continuation rows start under the code
        long_rows = rows[2 : len(rows) - 1]  # a = 1, - x = 0, the long line's rows, b = 2
        assert all(row[:indent].strip() == "" for row in long_rows[1:])
        assert "".join(row[indent:] for row in long_rows).rstrip() == LONG


async def test_w_is_in_the_footer_and_the_help_and_can_be_remapped():
    app = long_app(keys={"wrap": "W"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "W:wrap" in footer_text(app)
        await pilot.press("w")  # no longer bound
        assert TAIL in drawn(app)
        await pilot.press("W")
        await pilot.pause()
        assert TAIL not in drawn(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rows = {binding_id: (keys, what) for keys, binding_id, what in app.screen.rows}
        assert rows["wrap"][0] == "W" and "wrap long lines" in rows["wrap"][1]


async def test_line_mode_cursor_stays_in_view_when_lines_wrap():
    diff = LONG_DIFF.replace(b" b = 2\n", b"+y = 3\n b = 2\n").replace(b"+1,3", b"+1,4")
    app = make_app(ReviewSession(parse_diff(diff), source="test"))
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        assert "y = 3" not in drawn(app)  # below the long line's rows
        await pilot.press("l", "j", "j")  # the cursor: - x = 0, the long line, + y = 3
        await pilot.pause()
        assert "y = 3" in drawn(app)


async def test_staged_review_quit_question_says_nothing_changes_and_why():
    """--staged: accepting keeps a hunk staged, so quitting changes nothing; the question says
    so, and says where the accepted hunk stays, rather than "Nothing to apply ... 1 accepted"."""
    app = long_app(effects=Effects(accepted=None, rejected="unstaged"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", "q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert shown(app, "#question") == "Nothing changes: quit?"
        assert "1 accepted hunk stays as it is" in shown(app, "#details")


async def test_undo_takes_away_the_notification_it_made_untrue():
    app = long_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y")
        await pilot.pause()
        assert any("every hunk is decided" in str(n.message) for n in app._notifications)
        await pilot.press("u")
        await pilot.pause()
        assert app.view.session.units[0].decision is Decision.PENDING
        assert not any("every hunk is decided" in str(n.message) for n in app._notifications)
        await pilot.press("U")  # redo: decided again, and said again
        await pilot.pause()
        assert any("every hunk is decided" in str(n.message) for n in app._notifications)
