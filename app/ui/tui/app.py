"""The Textual app of ``specdraft review``: themes, keymap, screens; the entry point for the CLI.

``run_review_tui`` is what ``specdraft.ui.cli.review`` calls when standard input and output are a
terminal; ``build_app`` makes the same app for tests (``app.run_test()``) and benchmarks.
"""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Callable, Mapping

from textual.app import App, SuspendNotSupported
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.theme import Theme

from specdraft.core.config import Settings, user_themes_dir
from specdraft.core.session import Effects, ReviewSession, ReviewStats
from specdraft.core.visible import visible
from specdraft.ui.tui.bindings import check_keymap
from specdraft.ui.tui.commands import ReviewCommands
from specdraft.ui.tui.messages import SessionGrew
from specdraft.ui.tui.model import SessionView
from specdraft.ui.tui.screens.editor import edit_in_external_editor, editor_command
from specdraft.ui.tui.screens.review import ReadOnlyReviewScreen, ReviewScreen
from specdraft.ui.tui.themes import (
    DiffColors,
    SpecTheme,
    diff_colors_for,
    load_themes,
    resolve_theme,
)


class ReviewApp(App[bool]):
    """Shows a ReviewSession; exits with True (apply and quit) or False (quit, apply nothing)."""

    CSS_PATH = "review.tcss"
    COMMANDS = App.COMMANDS | {ReviewCommands}
    BINDINGS = [Binding("ctrl+q", "quit", "quit", show=False, priority=True)]

    def __init__(
        self,
        session: ReviewSession,
        *,
        title: str = "specdraft review",
        theme: str | None = None,
        read_only: bool = False,
        settings: Settings | None = None,
        themes: Mapping[str, SpecTheme] | None = None,
        environ: Mapping[str, str] | None = None,
        effects: Effects | None = None,
        stats: Callable[[], ReviewStats] | None = None,
        where: str = "",
        instruction: str = "",
    ) -> None:
        """``stats``: the counts every summary shows (default: this session's; specdraft edit
        passes its flow's, over every round); ``where``: the repository, and ``instruction``:
        what the model was asked, both shown in full at the top."""
        super().__init__()
        self.effects = effects or Effects()
        self.settings = settings or Settings()
        self.environ = os.environ if environ is None else environ
        self.spec_themes = dict(themes) if themes is not None else load_themes(user_themes_dir(self.environ))
        chosen = resolve_theme(theme or self.settings.theme, self.spec_themes)  # UserError if unknown
        self.keymap_in_force = check_keymap(self.settings.keys)  # UserError on an unknown id
        self.view = SessionView(session)
        self.review_stats: Callable[[], ReviewStats] = stats or session.stats
        # the status bar's figures after every key: the same counts, kept up to date by the
        # session rather than counted afresh over every unit (specdraft edit passes its own)
        self.review_counts: Callable[[], ReviewStats] = stats or session.counts
        self.where = where
        self.instruction = instruction
        self.read_only = read_only
        self.title = title
        self.sub_title = "read-only" if read_only else ""
        for spec_theme in self.spec_themes.values():
            self.register_theme(spec_theme.textual)
        self.theme = chosen.name
        self.set_keymap(self.keymap_in_force)

    def reusable_screen(self, name: str, make):
        """One instance per dialog, installed once: showing it again costs no mount or CSS."""
        if not self.is_screen_installed(name):
            self.install_screen(make(), name)
        return self.get_screen(name)

    def get_default_screen(self) -> ReviewScreen:
        screen_class = ReadOnlyReviewScreen if self.read_only else ReviewScreen
        return screen_class(self.view, read_only=self.read_only)

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.call_after_refresh(self._start_draft)
        if self.freeze_at_start:
            self.call_after_refresh(gc.freeze)

    # What start-up made (the parsed diff, the widgets) lives as long as the app: frozen, it is
    # left out of the garbage collector's full passes, each of which walked it all (~50 ms on a
    # 2,000-hunk diff, every few dozen keys). For a command's one app; tests make hundreds.
    freeze_at_start = False

    # ---- theme ---------------------------------------------------------------------------

    def diff_style(self) -> tuple[DiffColors, str | None]:
        """The diff colours and pygments style for the theme in force (any Textual theme)."""
        theme: Theme = self.current_theme
        colors = diff_colors_for(theme.name, theme.dark, self.spec_themes)
        spec = self.spec_themes.get(theme.name) or self.spec_themes.get("dark" if theme.dark else "light")
        return colors, (spec.syntax if spec else None)

    def _theme_changed(self, _theme: Theme) -> None:
        """The diff colours and syntax style follow the theme (picked from the palette too)."""
        for screen in self.screen_stack:
            if isinstance(screen, ReviewScreen) and screen.is_mounted:
                screen.redraw_all()

    # ---- editing -------------------------------------------------------------------------

    def external_editor(self) -> list[str] | None:
        """The editor command for ``e``; None means: use the editor inside the TUI."""
        if self.settings.editor == "internal":
            return None
        command = editor_command(self.environ)
        if command is None and self.settings.editor == "external":
            from specdraft.core.errors import UserError

            raise UserError("editor = \"external\" but neither $VISUAL nor $EDITOR is set")
        return command

    def edit_with_suspend(self, command: list[str], data: bytes) -> bytes | None:
        """Hand the terminal to the editor; None when this terminal cannot be suspended."""
        try:
            with self.suspend():
                return edit_in_external_editor(command, data)
        except SuspendNotSupported:
            return None

    def key_for(self, binding_id: str) -> str:
        """The first key bound to ``binding_id`` now (after the user's remapping), as shown."""
        from specdraft.ui.tui.bindings import SPEC_BY_ID

        keys = self.keymap_in_force.get(binding_id) or SPEC_BY_ID[binding_id].keys
        return keys.split(",")[0].strip().replace("question_mark", "?")

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Textual's notify, for text that may hold a path, a model's words or a server's: shown
        as written (no markup read in it), control characters as escapes. ``markup`` is ignored."""
        options = {} if timeout is None else {"timeout": timeout}
        super().notify(visible(message), title=visible(title, keep_newlines=False), severity=severity,
                       markup=False, **options)  # fmt: skip

    def notify_from_worker(self, message: str, **options) -> None:
        """``notify`` from a worker thread (or this one); nothing once the app has closed."""
        try:
            if self._thread_id == threading.get_ident():
                self.notify(message, **options)
            else:
                self.call_from_thread(self.notify, message, **options)
        except RuntimeError:  # the app closed while the draft was still streaming
            pass

    # ---- the session growing while shown -------------------------------------------------

    def session_grew(self, note: str = "") -> None:
        """Call after adding files or hunks to the session (from any thread): redraws lists."""
        message = SessionGrew(note)
        if self._thread_id == threading.get_ident():
            self.screen.post_message(message)
        else:
            self.call_from_thread(self.screen.post_message, message)

    # ---- a draft streaming in (specdraft edit) ---------------------------------------------

    draft_status = ""  # one line about the draft streaming in, shown in the status bar
    _draft_job = None
    _draft_cancel: threading.Event | None = None

    def draft_while_shown(self, job, cancel: threading.Event) -> None:
        """Run ``job()`` (the drafting) in a worker thread once the app is up; Esc cancels it.

        The job grows the session (``session.add_files`` then ``session_grew``) and reports its
        progress with ``draft_progress``; cancelling sets ``cancel`` and quits, applying nothing.
        """
        self._draft_job, self._draft_cancel = job, cancel
        if self.is_running:
            self._start_draft()

    def _start_draft(self) -> None:
        if self._draft_job is not None:
            job, self._draft_job = self._draft_job, None
            self.run_worker(job, thread=True, exclusive=True, group="draft", exit_on_error=False)

    def draft_progress(self, text: str) -> None:
        """Set the status bar's draft line (from any thread)."""
        self.draft_status = text
        if not self.is_running:
            return  # shown when the screen first draws
        try:
            if self._thread_id == threading.get_ident():
                self.screen.post_message(SessionGrew(""))
            else:
                self.call_from_thread(self.screen.post_message, SessionGrew(""))
        except RuntimeError:  # the app closed while the draft was still streaming
            pass

    def cancel_drafting(self) -> bool:
        """Esc while a draft streams: stop it and quit without applying anything."""
        cancel = self._draft_cancel
        if cancel is None or cancel.is_set() or not self.draft_status.startswith("drafting"):
            return False
        cancel.set()
        self.exit(False)
        return True

    # ---- quitting ------------------------------------------------------------------------

    async def action_quit(self) -> None:
        """ctrl+q and the palette's "Quit" ask first, like Q."""
        screen = self.screen
        if isinstance(screen, ReviewScreen):
            screen.action_abort_quit()


def build_app(session: ReviewSession, **options) -> ReviewApp:
    """The review app, ready for ``run()`` or ``run_test()``; raises UserError for bad settings.

    ``options`` are ReviewApp's keyword arguments (title, theme, read_only, settings, themes,
    environ, effects).
    """
    return ReviewApp(session, **options)


def run_review_tui(
    session: ReviewSession,
    *,
    title: str,
    theme: str | None,
    read_only: bool,
    settings: Settings,
    effects: Effects | None = None,
    where: str = "",
) -> bool:
    """Run the review in the terminal. True: apply the decisions and quit; False: apply nothing.

    ``theme`` (from ``--theme``) wins over ``settings.theme`` (specdraft.core.config.load_settings).
    """
    app = build_app(
        session, title=title, theme=theme, read_only=read_only, settings=settings, effects=effects,
        where=where,
    )
    app.freeze_at_start = True
    return app.run() is True
