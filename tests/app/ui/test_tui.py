"""Pilot tests for every review key: the session state after the key, and what the screen shows."""

from __future__ import annotations

import pytest
from rich.style import Style

from specdraft.core.errors import UserError
from specdraft.core.session import Decision, Effects
from specdraft.ui.tui.screens.dialogs import ConfirmScreen, HelpScreen
from specdraft.ui.tui.screens.editor import EditorScreen
from specdraft.ui.tui.screens.review import ReviewScreen
from tests.app.tui_support import file_rows, footer_text, make_app, make_session, shown

SIZE = (120, 40)


def decisions(session) -> list[str]:
    return [unit.decision.value for unit in session.units]


async def test_opens_on_the_first_hunk_with_files_and_progress():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        rows = file_rows(app)
        assert [row.split()[1] for row in rows] == ["calc.py", "logo.bin", "notes.md", "run.sh"]
        assert rows[0].startswith(" 0/3") and rows[1].startswith(" 0/1")
        body = shown(app, "#hunk-body")
        assert "return x + 0" in body and "return x - 10  # changed0" in body
        assert "-     return x + 0" in body  # the mark column
        header = shown(app, "#file-header")
        assert "calc.py" in header and "@@ -1,11 +1,11 @@" in header and "pending" in header
        status = shown(app, "#status")
        assert "0/6 decided" in status and "calc.py (1/3)" in status
        footer = footer_text(app)
        for piece in ("y:accept", "n:reject", "s:split", "q:apply & quit", "?:help"):
            assert piece in footer


async def test_y_accepts_and_moves_on():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y")
        assert session.units[0].decision is Decision.ACCEPTED
        assert session.index == 1
        assert "1/6 decided" in shown(app, "#status") and "accepted 100%" in shown(app, "#status")
        assert file_rows(app)[0].startswith(" 1/3") and "✓" in file_rows(app)[0]
        assert "# new comment" in shown(app, "#hunk-body")


async def test_n_rejects_and_rate_counts_it():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", "n")
        assert decisions(session)[:2] == ["accepted", "rejected"]
        assert "accepted 50%" in shown(app, "#status")
        assert "✗" in file_rows(app)[0]


async def test_a_and_d_decide_the_rest_of_the_file():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "a")
        assert decisions(session)[:4] == ["rejected", "accepted", "accepted", "pending"]
        assert file_rows(app)[0].startswith(" 3/3")
        assert session.current.hunk.path == "logo.bin"  # moved to the next pending hunk
        await pilot.press("J", "d")  # notes.md: reject its only hunk
        assert decisions(session)[3:] == ["pending", "rejected", "pending"]
        assert session.current.hunk.path == "run.sh"
        assert file_rows(app)[2].startswith(" 1/1") and "✗" in file_rows(app)[2]


async def test_u_undoes_and_redo_restores():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", "n")
        await pilot.press("u")
        assert decisions(session)[:2] == ["accepted", "pending"]
        assert session.index == 1
        await pilot.press("u")
        assert decisions(session)[:2] == ["pending", "pending"]
        assert "0/6 decided" in shown(app, "#status")
        await pilot.press("U")
        assert decisions(session)[0] == "accepted"
        await pilot.press("ctrl+r")
        assert decisions(session)[:2] == ["accepted", "rejected"]
        assert "2/6 decided" in shown(app, "#status")


async def test_j_k_move_between_hunks_and_show_them():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        assert session.index == 1 and "# new comment" in shown(app, "#hunk-body")
        await pilot.press("j", "j")
        assert session.index == 3 and "binary" in shown(app, "#hunk-body")
        assert "logo.bin" in shown(app, "#status")
        await pilot.press("k")
        assert session.index == 2 and "return x - 10  # changed" in shown(app, "#hunk-body")


async def test_J_K_move_between_files():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("J")
        assert session.current.hunk.path == "logo.bin"
        await pilot.press("J")
        assert session.current.hunk.path == "notes.md"
        assert "first line changed" in shown(app, "#hunk-body")
        assert app.screen.query_one("#files").highlighted == 2
        await pilot.press("K", "K")
        assert session.index == 0


async def test_g_G_go_to_first_and_last():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("G")
        assert session.index == len(session.units) - 1
        assert "mode 100644 → 100755" in shown(app, "#hunk-body")
        assert "run.sh" in shown(app, "#file-header")
        await pilot.press("g")
        assert session.index == 0


async def test_s_splits_the_hunk_and_shows_the_first_part():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert len(session.units) == 7
        body = shown(app, "#hunk-body")
        assert "return x + 0" in body and "return x + 2" not in body
        assert "(split)" in shown(app, "#file-header")
        assert "0/7 decided" in shown(app, "#status")
        assert file_rows(app)[0].startswith(" 0/4")
        await pilot.press("y", "n")
        assert decisions(session)[:2] == ["accepted", "rejected"]
        await pilot.press("u", "u", "u")  # undo both decisions and the split
        assert len(session.units) == 6
        assert file_rows(app)[0].startswith(" 0/3")


async def test_s_on_an_unsplittable_hunk_says_so():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "s")
        await pilot.pause()
        assert len(session.units) == 6
        assert any("cannot be split" in str(n.message) for n in app._notifications)


async def test_line_mode_space_toggles_the_line_under_the_cursor():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # enters line mode
        assert app.screen.line_mode
        assert "LINE MODE" in shown(app, "#status")
        body = shown(app, "#hunk-body").splitlines()
        assert body[1].startswith("▶[x]") and "return x + 0" in body[1]
        await pilot.press("space")  # toggles the removed line off
        unit = session.units[0]
        assert unit.selected_lines is not None and 1 not in unit.selected_lines
        assert shown(app, "#hunk-body").splitlines()[1].startswith("▶[ ]")
        await pilot.press("j")  # the line cursor moves, not the hunk
        assert session.index == 0 and app.screen.line_cursor == 2
        assert shown(app, "#hunk-body").splitlines()[2].startswith("▶[x]")
        await pilot.press("escape")
        assert not app.screen.line_mode and "LINE MODE" not in shown(app, "#status")


async def test_l_enters_line_mode_and_y_takes_the_selected_lines():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("J", "J", "l")  # notes.md
        assert app.screen.line_mode
        await pilot.press("j", "space")  # deselect the "+first line changed" line (index 3)
        assert "[ ]" in shown(app, "#hunk-body").splitlines()[3]
        await pilot.press("y")
        unit = next(u for u in session.units if u.hunk.path == "notes.md")
        assert unit.decision is Decision.EDITED  # some of its lines
        assert session.selection()[unit.id] == frozenset({2, 5})
        assert session.current is not unit  # y moved on
        assert not app.screen.line_mode
        await pilot.press("K", "l")  # binary file: no line mode
        assert not app.screen.line_mode


async def test_e_edits_in_the_tui_editor_and_keeps_the_edit():
    app = make_app(editor="internal")
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("J", "J", "e")  # notes.md
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)
        text_area = app.screen.query_one("#editor")
        assert "+third line" in text_area.text and text_area.text.startswith("# Manual hunk edit")
        text_area.text = text_area.text.replace("+third line", "+third line, edited")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        unit = next(u for u in session.units if u.hunk.path == "notes.md")
        assert unit.decision is Decision.EDITED
        assert any(line.text == "third line, edited" for line in unit.edited.lines)


async def test_e_refuses_a_broken_edit_and_keeps_the_hunk():
    app = make_app(editor="internal")
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one("#editor").text = "@@ -1,2 +1,2 @@\n garbage\n?not a diff line\n"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert session.units[0].decision is Decision.PENDING
        assert any("edit refused" in str(n.message) for n in app._notifications)
        assert "return x + 0" in shown(app, "#hunk-body")


async def test_e_escape_cancels_the_edit():
    app = make_app(editor="internal")
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and session.units[0].decision is Decision.PENDING


async def test_external_editor_falls_back_inside_when_the_terminal_cannot_suspend():
    app = make_app(editor="auto", environ={"EDITOR": "true"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)  # headless tests cannot hand over the terminal


async def test_q_asks_with_a_summary_then_applies():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", "n", "q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        details = shown(app, "#details")
        assert "1 accepted, 0 edited, 1 rejected, 4 undecided (of 6)" in details
        assert "Apply 1 accepted hunk and quit?" in shown(app, "#question")
        await pilot.press("n")  # back to the review
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_value is True


async def test_q_says_what_applying_does_to_rejected_hunks():
    # `specdraft review --staged`: accepting keeps a hunk staged, rejecting unstages it
    app = make_app(effects=Effects(accepted=None, rejected="unstaged"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", "q")
        await pilot.pause()
        assert shown(app, "#question") == "Nothing changes: quit?"
        assert "1 accepted hunk stays as it is" in shown(app, "#details")
        await pilot.press("n", "n", "n", "q")
        await pilot.pause()
        assert shown(app, "#question") == "Apply and quit?"
        assert "2 rejected hunks: unstaged" in shown(app, "#details")


@pytest.mark.parametrize("keys", [("Q", "y"), ("ctrl+c", "ctrl+c"), ("ctrl+c", "enter")])
async def test_Q_and_ctrl_c_quit_without_applying_after_asking(keys):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", keys[0])
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Quit without applying" in shown(app, "#question")
        await pilot.press(keys[1])
        await pilot.pause()
    assert app.return_value is False


async def test_Q_then_escape_keeps_reviewing():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("Q", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.is_running
        await pilot.press("y")
        assert app.view.session.units[0].decision is Decision.ACCEPTED


async def test_question_mark_shows_help_with_every_key():
    from specdraft.ui.tui.bindings import EDIT_ONLY, KEYS

    app = make_app(keys={"accept": "A"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rows = {binding_id: keys for keys, binding_id, _what in app.screen.rows}
        # every key of the table that acts in a review, and Textual's palette and ctrl+q; r and
        # R belong to specdraft edit (tests/app/ui/test_edit_cli_tui.py checks them there)
        assert set(rows) == {spec.id for spec in KEYS} - EDIT_ONLY | {"command-palette", "quit"}
        assert rows["accept"] == "A" and rows["help"] == "?, f1" and rows["reject"] == "n"
        await pilot.press("escape")
        assert isinstance(app.screen, ReviewScreen)


async def test_read_only_says_finish_and_returns_true():
    app = make_app(read_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "q:finish" in footer_text(app)
        assert "read-only" in shown(app, "#status")
        await pilot.press("n", "q")
        await pilot.pause()
        assert "nothing is written" in shown(app, "#question")
        await pilot.press("y")
        await pilot.pause()
    assert app.return_value is True


async def test_keys_are_remappable_by_binding_id():
    app = make_app(keys={"accept": "x", "reject": "z"})
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y")  # no longer bound
        assert session.units[0].decision is Decision.PENDING
        await pilot.press("x", "z")
        assert decisions(session)[:2] == ["accepted", "rejected"]
        await pilot.pause()
        footer = footer_text(app)
        # a remapped key keeps its place: first, where a narrow terminal still shows it
        assert footer.index("x:accept") < footer.index("z:reject") < footer.index("e:edit")


def test_unknown_binding_id_is_a_user_error():
    with pytest.raises(UserError, match="unknown key binding id 'acept'.*accept, reject"):
        make_app(keys={"acept": "x"})


def test_unknown_theme_is_a_user_error_listing_themes():
    with pytest.raises(UserError, match="unknown theme 'nope'; available themes: dark, high-contrast, light"):
        make_app(theme="nope")


async def test_theme_choice_and_switching_redraws():
    app = make_app(theme="high-contrast")
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "high-contrast"
        colors, syntax = app.diff_style()
        assert colors.added == "#56b4e9" and syntax == "github-dark"
        app.theme = "light"
        await pilot.pause()
        backgrounds = {
            span.style.bgcolor.name
            for line in app.screen.query_one("#hunk-body").lines
            for span in line.spans
            if isinstance(span.style, Style) and span.style.bgcolor
        }
        assert "#ffebe9" in backgrounds  # the light theme's removed-line background


async def test_command_palette_lists_and_runs_review_actions():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"accept (y)")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert session.units[0].decision is Decision.ACCEPTED


async def test_session_growing_while_shown_updates_the_lists():
    from specdraft.core.diffs import parse_diff
    from tests.app.tui_support import SAMPLE_DIFF

    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        extra = [f for f in parse_diff(SAMPLE_DIFF.replace(b"notes.md", b"later.md")) if f.path == "later.md"]
        # What a drafting worker does: add files to the session, then tell the app.
        session.add_files(extra)
        app.session_grew("1 new file")
        await pilot.pause()
        assert any("later.md" in row for row in file_rows(app))
        assert "0/7 decided" in shown(app, "#status")


async def test_clicking_a_file_moves_to_it():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#files", offset=(5, 3))  # third row: notes.md (border is row 0)
        await pilot.pause()
        assert session.current.hunk.path == "notes.md"


def test_make_session_is_fresh_each_time():
    assert make_session() is not make_session()


def test_external_editor_gets_the_file_and_its_saved_bytes_come_back(tmp_path):
    import sys

    from specdraft.ui.tui.screens.editor import edit_in_external_editor, editor_command

    script = tmp_path / "fake-editor.py"
    script.write_text(
        "import sys\n"
        "path = sys.argv[-1]\n"
        "data = open(path, 'rb').read()\n"
        "open(path, 'wb').write(data.replace(b'+third line', b'+third line, edited'))\n"
    )
    command = editor_command({"EDITOR": f"{sys.executable} {script}", "VISUAL": ""})
    assert command == [sys.executable, str(script)]
    result = edit_in_external_editor(command, b"@@ -1 +1,2 @@\n x\n+third line\n\xff\n")
    assert result == b"@@ -1 +1,2 @@\n x\n+third line, edited\n\xff\n"  # bytes kept exact


def test_external_editor_failure_keeps_the_hunk():
    from specdraft.ui.tui.screens.editor import edit_in_external_editor, editor_command

    with pytest.raises(UserError, match="exited with status 1; the hunk was kept"):
        edit_in_external_editor(["false"], b"x\n")
    with pytest.raises(UserError, match="cannot run the editor"):
        edit_in_external_editor(["/no/such/editor"], b"x\n")
    assert editor_command({"VISUAL": "vim -u NONE", "EDITOR": "nano"}) == ["vim", "-u", "NONE"]
    assert editor_command({}) is None


async def test_editor_setting_external_without_editor_is_refused():
    app = make_app(editor="external", environ={})
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and session.units[0].decision is Decision.PENDING
        assert any("neither $VISUAL nor $EDITOR" in str(n.message) for n in app._notifications)


async def test_binary_hunks_cannot_be_split_or_edited_but_can_be_decided():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("J")  # logo.bin
        await pilot.press("s", "e")
        await pilot.pause()
        assert len(session.units) == 6 and isinstance(app.screen, ReviewScreen)
        await pilot.press("y")
        assert session.units[3].decision is Decision.ACCEPTED


def test_theme_flag_beats_config_and_user_themes_are_found(tmp_path):
    from specdraft.core.config import Settings
    from specdraft.ui.tui.app import build_app
    from specdraft.ui.tui.themes import BUILTIN_THEMES_DIR

    themes_dir = tmp_path / "specdraft" / "themes"
    themes_dir.mkdir(parents=True)
    source = (BUILTIN_THEMES_DIR / "light.toml").read_text().replace('name = "light"', 'name = "mine"')
    (themes_dir / "mine.toml").write_text(source)
    environ = {"XDG_CONFIG_HOME": str(tmp_path)}

    from_config = build_app(make_session(), settings=Settings(theme="mine"), environ=environ)
    assert from_config.theme == "mine" and "mine" in from_config.available_themes
    from_flag = build_app(make_session(), theme="high-contrast", settings=Settings(theme="mine"), environ=environ)
    assert from_flag.theme == "high-contrast"
    with pytest.raises(UserError, match="available themes: dark, high-contrast, light, mine"):
        build_app(make_session(), theme="nope", settings=Settings(), environ=environ)


async def test_escape_leaves_line_mode_only_when_in_it():
    app = make_app()
    session = app.view.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")  # nothing to leave: nothing happens
        assert isinstance(app.screen, ReviewScreen) and not app.screen.line_mode
        await pilot.press("l", "k")  # k in line mode stays on the first change line
        assert app.screen.line_cursor == 1 and session.index == 0
        await pilot.press("l")  # l again leaves
        assert not app.screen.line_mode


LONG_DIFF = (
    b"diff --git a/long.txt b/long.txt\n--- a/long.txt\n+++ b/long.txt\n@@ -1,80 +1,80 @@\n"
    + b"".join(b"-old %d\n+new %d\n" % (i, i) for i in range(80))
)


async def test_pagedown_and_pageup_scroll_a_long_hunk():
    from specdraft.core.diffs import parse_diff
    from specdraft.core.session import ReviewSession

    app = make_app(ReviewSession(parse_diff(LONG_DIFF)))
    async with app.run_test(size=SIZE) as pilot:
        body = app.screen.query_one("#hunk-body")
        assert body.scroll_y == 0 and len(body.lines) == 160
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 10
        await pilot.press("pageup")
        await pilot.pause()
        assert body.scroll_y == 0


async def test_line_cursor_keeps_itself_in_view():
    from specdraft.core.diffs import parse_diff
    from specdraft.core.session import ReviewSession

    app = make_app(ReviewSession(parse_diff(LONG_DIFF)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", *["j"] * 60)
        await pilot.pause()
        body = app.screen.query_one("#hunk-body")
        assert app.screen.line_cursor == 60
        assert body.scroll_y <= 60 < body.scroll_y + body.size.height


async def test_E_opens_the_editor_inside_even_with_EDITOR_set():
    app = make_app(editor="auto", environ={"EDITOR": "vi"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)


async def test_ctrl_q_and_palette_quit_ask_first():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Quit without applying" in shown(app, "#question")
        await pilot.press("y")
        await pilot.pause()
    assert app.return_value is False


async def test_an_empty_session_shows_nothing_to_review():
    from specdraft.core.session import ReviewSession

    app = make_app(ReviewSession([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", "n", "j", "l", "space", "s", "e", "u", "a")
        await pilot.pause()
        assert "nothing to review" in shown(app, "#hunk-body")
        assert "0/0 decided" in shown(app, "#status")
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_value is True


async def test_deciding_the_last_hunk_says_what_next():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "y", "y", "y")  # calc.py whole, then logo.bin, notes.md, run.sh
        await pilot.pause()
        assert app.view.session.done
        assert any("every hunk is decided: q applies them" in str(n.message) for n in app._notifications)


def test_importing_the_package_is_cheap():
    import subprocess
    import sys

    code = "import sys, specdraft.ui.tui; print('textual' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


async def test_long_paths_keep_their_file_name():
    from specdraft.core.diffs import parse_diff
    from specdraft.core.session import ReviewSession

    path = "very/long/directory/names/that/go/on/and/on/module_name.py"
    diff = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1 +1 @@\n-a\n+b\n"
    app = make_app(ReviewSession(parse_diff(diff.encode())))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = file_rows(app)[0]
        assert row.startswith(" 0/1  …") and "module_name.py ·" in row
        assert len(row) <= app.screen.query_one("#files").scrollable_content_region.width


@pytest.mark.parametrize(
    ("key", "index_after"),
    [("down", 1), ("end", 5), ("G", 5)],
)
async def test_alias_keys_move_like_their_letters(key, index_after):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        assert app.view.session.index == index_after
        await pilot.press("home" if index_after == 5 else "up")
        assert app.view.session.index == 0


async def test_f1_opens_help_and_pagedown_aliases_do_not_crash_on_short_hunks():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+d", "ctrl+u")
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_resume_opens_on_the_first_undecided_hunk(tmp_path):
    from specdraft.core.diffs import parse_diff
    from specdraft.core.session import ReviewSession
    from tests.app.tui_support import SAMPLE_DIFF

    state = tmp_path / "review.json"
    first = ReviewSession(parse_diff(SAMPLE_DIFF), source="test", state_path=state)
    app = make_app(first)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", "n")  # calc.py's first two hunks; the third is next
        assert first.index == 2
    resumed = ReviewSession.load(state, parse_diff(SAMPLE_DIFF), source="test")
    app = make_app(resumed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert decisions(resumed)[:3] == ["accepted", "rejected", "pending"]
        assert resumed.index == 2  # not 1, the last hunk decided
        assert "return x + 10" in shown(app, "#hunk-body")  # calc.py's third hunk
        assert "calc.py (3/3)" in shown(app, "#status")
