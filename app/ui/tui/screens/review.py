"""The review screen: file list, diff view, status bar, footer; every review key lands here.

Each action makes one call on the ReviewSession and then redraws only what changed: the
current hunk, the file rows whose progress moved, the status bar.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen

from specdraft.core.errors import UserError
from specdraft.core.session import Decision
from specdraft.core.visible import has_controls, visible
from specdraft.ui.tui.bindings import EDIT_ONLY, KEY_ORDER, SPEC_BY_ID, review_bindings
from specdraft.ui.tui.messages import FileChosen, SessionGrew
from specdraft.ui.tui.model import SessionView
from specdraft.ui.tui.render import LineMode
from specdraft.ui.tui.screens.dialogs import ConfirmScreen, HelpScreen, help_rows, summary_text
from specdraft.ui.tui.screens.editor import EditorScreen
from specdraft.ui.tui.widgets.diff_view import DiffView, HunkBody
from specdraft.ui.tui.widgets.file_list import FileList
from specdraft.ui.tui.widgets.footer import ReviewFooter
from specdraft.ui.tui.widgets.status_bar import StatusBar
from specdraft.ui.tui.widgets.title_bar import TitleBar

FAILED_MARK = "failed: not applied"
_EDIT_ACTIONS = frozenset(SPEC_BY_ID[binding_id].action for binding_id in EDIT_ONLY)


def failure_rows(failure) -> list[Text]:
    """A failed block's diff-view body: the reason, then the model's text, marked as not applied
    (control characters as escapes: the model's text is shown, never sent to the terminal)."""
    rows = [
        Text(f"✗ {FAILED_MARK}", style="bold red"),
        Text(f"reason: {visible(failure.reason, keep_newlines=False)}", style="bold"),
        Text("the model's text (never part of any applied patch):", style="dim italic"),
    ]
    rows.extend(Text(f"│ {visible(line, keep_newlines=False)}", style="dim", no_wrap=True)
                for line in (failure.block or "").splitlines())  # fmt: skip
    return rows


def _path_shown(path: str | None) -> str:
    return visible(path, keep_newlines=False) if path else "(no path)"


class ReviewFileList(FileList):
    """The file list, plus one row per failed block after the files (specdraft edit), and a
    "stale" mark on files that changed on disk since their draft."""

    def __init__(self, view: SessionView, failures: Callable[[], Sequence], stale: Callable[[], set],
                 **kwargs) -> None:  # fmt: skip
        super().__init__(view, **kwargs)
        self.failures = failures
        self.stale = stale
        self._failed_rows = 0
        self._stale_shown: frozenset[str] = frozenset()

    def rebuild(self) -> None:
        self._stale_shown = frozenset(self.stale())
        super().rebuild()
        failures = list(self.failures())
        self._failed_rows = len(failures)
        if failures:
            rows = [Text(f"✗ failed: {_path_shown(f.path)}", style="red", no_wrap=True, end="") for f in failures]
            self.set_lines([*self.lines, *rows])
            self.border_title = f"files ({len(self.view.files)}) · failed ({len(failures)})"
            self.show_file(self.view.current_file_index())

    def sync(self, only: set[int] | None = None) -> list[int]:
        if len(self.failures()) != self._failed_rows or frozenset(self.stale()) != self._stale_shown:
            self.rebuild()
            return list(range(len(self.lines)))
        return super().sync(only)

    def _prompt(self, index: int, progress) -> Text:
        text = super()._prompt(index, progress)
        if self.view.files[index].path in self._stale_shown:
            text.append(" stale", "bold yellow")
        return text


class ReviewScreen(Screen[None]):
    """Shows one hunk at a time; keys turn into session calls."""

    BINDINGS = review_bindings(read_only=False)
    AUTO_FOCUS = None  # nothing focusable: all keys reach this screen's bindings

    def __init__(self, view: SessionView, *, read_only: bool) -> None:
        super().__init__()
        self.view = view
        self.read_only = read_only
        self.line_mode = False
        self.line_cursor = 0
        self._shown_unit: object | None = None  # the HunkState drawn last
        self.failed_at: int | None = None  # a failed block shown instead of a unit (specdraft edit)

    def failures(self) -> list:
        """The failed blocks the app shows after the files (specdraft edit; none in review)."""
        source = getattr(self.app, "failed_hunks", None)
        return list(source()) if source is not None else []

    def stale_paths(self) -> set[str]:
        """Files changed on disk since their draft, as the app last saw them (specdraft edit)."""
        return set(getattr(self.app, "stale_paths", ()))

    def compose(self) -> ComposeResult:
        yield TitleBar(id="title")
        with Horizontal(id="main"):
            yield ReviewFileList(self.view, self.failures, self.stale_paths, id="files")
            yield DiffView(id="diff")
        yield StatusBar(id="status")
        yield ReviewFooter(compact=True)

    def on_mount(self) -> None:
        app = self.app
        self.query_one(TitleBar).show(app.title, app.sub_title, getattr(app, "where", ""),
                                      getattr(app, "instruction", ""))  # fmt: skip
        self.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of specdraft edit (r, R) exist only where there is a draft: elsewhere they
        are neither in the footer nor in the help, and do nothing."""
        if action in _EDIT_ACTIONS and not hasattr(self.app, "redraft_stale"):
            # the review of agents' lines (specdraft review --drafted) takes r: a note for the agent
            return action == "reject_with_note" and hasattr(self.app, "notes_for_agent")
        return True

    @property
    def active_bindings(self):  # type: ignore[override]
        """Textual's, in the order of the key table: a key remapped from config moves to the
        end of Textual's keymap, which pushed it off a narrow footer."""
        bindings = super().active_bindings
        last = len(KEY_ORDER)
        return dict(sorted(bindings.items(), key=lambda item: KEY_ORDER.get(item[1][1].id, last)))

    # ---- drawing -------------------------------------------------------------------------

    def refresh_view(self, *, rebuild: bool = False, progress: bool = True, files: set[int] | None = None) -> None:
        """Redraw what may have changed: file rows whose progress moved, the hunk, the status.

        progress=False: only the cursor moved (no decision changed), so the files' progress,
        a pass over every unit, is not looked at again; ``files``: only these files' progress
        can have changed (a decision on the current file)."""
        file_list = self.query_one(FileList)
        if rebuild or self.view.stale():
            self.view.rebuild()  # cheap: one pass over the units
            progress, files = True, None
        check = getattr(self.app, "check_stale", None)
        if check is not None and self.view.unit_count:  # on each key: the current file only
            if check([self.view.files[self.view.current_file_index()].path]):
                progress = True  # a file's "stale" mark came or went: its row is redrawn
        if progress:
            file_list.sync(files)  # redraws only the rows whose progress changed
        failures = self.failures()
        if self.failed_at is None and failures and not self.view.unit_count:
            self.failed_at = 0  # only failed blocks so far: show the first
        if self.failed_at is not None and not failures:
            self.failed_at = None
        if self.failed_at is None and self.line_mode and self._shown_unit is not self.view.current:
            self.line_mode = False  # the cursor left the hunk
        # the status bar before the rest: its repaint reaches the screen first, so that it is
        # in the same screen update as the hunk's (last, it came one frame, 16 ms, later)
        self.query_one(StatusBar).show(self.view, line_mode=self.line_mode, read_only=self.read_only)
        if self.failed_at is not None:
            self.failed_at = min(self.failed_at, len(failures) - 1)
            file_list.show_file(len(self.view.files) + self.failed_at)
            self._draw_failure(failures)
        else:
            file_list.show_file(self.view.current_file_index())
            self._draw_hunk()
            self._mark_stale()

    def _draw_failure(self, failures: list) -> None:
        failure = failures[self.failed_at]
        diff = self.query_one(DiffView)
        diff.forget()  # a resize must not draw the previous hunk over this
        header = Text(no_wrap=True, overflow="ellipsis", end="")
        header.append(f"{_path_shown(failure.path)}  ", "bold")
        header.append(FAILED_MARK, "bold reverse red")
        self.query_one("#file-header").update(header, layout=False)
        body = diff.query_one(HunkBody)
        body.set_lines(failure_rows(failure))
        body.scroll_home(animate=False)
        diff.border_title = f"failed {self.failed_at + 1}/{len(failures)}"
        self._shown_unit = failure

    def _current_is_stale(self) -> str | None:
        """The current file's path when it changed on disk since its draft (specdraft edit)."""
        if self.failed_at is not None or not self.view.unit_count:
            return None
        path = self.view.files[self.view.current_file_index()].path
        return path if path in self.stale_paths() else None

    def _mark_stale(self) -> None:
        if self._current_is_stale() is None:
            return
        header = self.query_one("#file-header")
        text = Text.assemble(header.content if isinstance(header.content, Text) else str(header.content))
        text.append("  STALE: changed on disk since the draft, never applied; R redrafts it", "bold reverse yellow")
        header.update(text, layout=False)

    def _on_stale(self, what: str) -> bool:
        """True (and says why) when the current file changed on disk since its draft."""
        path = self._current_is_stale()
        if path is None:
            return False
        self.notify(f"cannot {what}: {path} changed on disk since the draft, so its hunks are never "
                    "applied; R redrafts it from the file as it is now", severity="warning", timeout=6)  # fmt: skip
        return True

    def _draw_hunk(self) -> None:
        view = self.view
        unit = view.current
        diff = self.query_one(DiffView)
        colors, syntax = self.app.diff_style()
        if unit is None:
            diff.show(None, None, (0, 0), colors, syntax=syntax, line_mode=None, scroll_home=True)
            return
        moved = self._shown_unit is not unit
        if moved and self.line_mode:
            self.line_mode = False
        line_mode = None
        if self.line_mode:
            line_mode = LineMode(self.line_cursor, view.selected_lines(unit))
        diff.show(
            view.files[view.current_file_index()],
            unit,
            view.position_in_file(),
            colors,
            syntax=syntax,
            line_mode=line_mode,
            scroll_home=moved,
        )
        if self.line_mode:
            diff.keep_line_visible(self.line_cursor)
        self._shown_unit = unit
        if not self._preparing:
            self._preparing = True
            self.call_after_refresh(self._prepare_next)

    _preparing = False  # _prepare_next is due after the next screen update

    def _prepare_next(self) -> None:
        """Once the screen is updated, render ahead the hunks the next key most likely shows:
        the next one (j), the next undecided one (y, n) and the previous one (k)."""
        self._preparing = False
        units, index = self.view.units, self.view.index
        if not units or not self.is_current:
            return
        ahead = [index + 1, index - 1]
        for step in range(1, len(units)):
            candidate = (index + step) % len(units)
            if units[candidate].decision is Decision.PENDING:
                ahead.insert(1, candidate)
                break
        wanted = list(dict.fromkeys(i for i in ahead if 0 <= i < len(units) and i != index))
        colors, syntax = self.app.diff_style()
        self.query_one(DiffView).prepare([units[i] for i in reversed(wanted)], colors, syntax=syntax)

    def redraw_all(self) -> None:
        """After a theme change: the same state (line mode and scroll kept) in new colours."""
        self.refresh_view()

    @on(SessionGrew)
    def session_grew(self, message: SessionGrew) -> None:
        """A worker added files or hunks to the session: rebuild the index and the file list."""
        self.refresh_view(rebuild=True)
        if message.note:
            self.notify(message.note)

    @on(FileChosen)
    def file_chosen(self, message: FileChosen) -> None:
        if message.file_index >= len(self.view.files):  # a failed block's row
            self.failed_at = message.file_index - len(self.view.files)
            self.refresh_view()
            return
        units = self.view.units_of_file[message.file_index]
        if units:
            self.failed_at = None
            self._move_to(units[0])

    # ---- helpers -------------------------------------------------------------------------

    def _decide(self, call) -> None:
        """Run one session call that decides something on the current file, then redraw."""
        was_done = self.view.session.done
        decided_file = self.view.current_file_index()
        try:
            call()
        except UserError as error:
            self.notify(str(error), severity="error", timeout=6)
            return
        self.line_mode = False
        self.refresh_view(files={decided_file})
        if self.view.session.done and not was_done:
            self._say_all_decided()

    def _say_all_decided(self) -> None:
        finish = "q finishes" if self.read_only else "q applies them"
        self.notify(f"every hunk is decided: {finish} (u undoes)")

    def _move_to(self, unit_index: int) -> None:
        delta = unit_index - self.view.index
        if delta:
            self.view.session.move(delta)
        self.refresh_view(progress=False)

    def _on_failure(self, what: str) -> bool:
        """True (and says why) when a failed block is shown: no decision can take it."""
        if self.failed_at is None:
            return False
        self.notify(
            f"cannot {what} a failed block: the model's SEARCH text did not match the file, so "
            "there is nothing to apply (r redrafts with a note; j/k move on)",
            severity="warning",
            timeout=6,
        )
        return True

    def _require_units(self) -> bool:
        if self.view.current is None:
            self.notify("nothing to review")
            return False
        return True

    # ---- decisions -----------------------------------------------------------------------

    def action_accept(self) -> None:
        if self._on_failure("accept"):
            return
        if self._on_stale("accept"):
            return
        if not self._require_units():
            return
        session = self.view.session
        if self.line_mode and session.current.selected_lines is not None:
            # Toggling already recorded the choice of lines; y confirms it and moves on.
            self._decide(session.next_pending)
        else:
            self._decide(lambda: session.accept(advance=True))

    def action_reject(self) -> None:
        if self._on_failure("reject"):
            return
        if self._require_units():
            self._decide(lambda: self.view.session.reject(advance=True))

    def action_accept_file(self) -> None:
        if self._on_failure("accept"):
            return
        if self._on_stale("accept"):
            return
        if self._require_units():
            self._decide(self._rest_of_file(self.view.session.accept_rest_of_file))

    def action_reject_file(self) -> None:
        if self._on_failure("reject"):
            return
        if self._require_units():
            self._decide(self._rest_of_file(self.view.session.reject_rest_of_file))

    def _rest_of_file(self, call):
        def decide() -> None:
            call()
            self.view.session.next_pending()

        return decide

    def action_undo(self) -> None:
        self._history(self.view.session.undo, "nothing to undo")

    def action_redo(self) -> None:
        self._history(self.view.session.redo, "nothing to redo")

    def _history(self, call, empty: str) -> None:
        was_done = self.view.session.done
        if not call():
            self.notify(empty)
            return
        self.app.clear_notifications()  # what they said was about the review before this step
        self.line_mode = False
        self.refresh_view(rebuild=True)
        if self.view.session.done and not was_done:
            self._say_all_decided()

    def action_split(self) -> None:
        if self._on_failure("split"):
            return
        if not self._require_units():
            return
        unit = self.view.current
        if unit.hunk.kind != "text":
            self.notify("binary and mode/rename changes cannot be split", severity="warning")
            return
        if unit.hunk.parent_id is not None:
            self.notify("this part of a split hunk cannot be split further; use l (line mode)")
            return
        parts = self.view.session.split()
        if parts:
            self.line_mode = False
            self.refresh_view(rebuild=True)
            self.notify(f"split into {parts} hunks")
        else:
            self.notify("this hunk cannot be split (no context lines between its changes); use l (line mode)")

    # ---- line mode -----------------------------------------------------------------------

    def action_line_mode(self) -> None:
        if self._on_failure("pick lines of"):
            return
        if self.line_mode:
            self.line_mode = False
        elif self._can_enter_line_mode():
            self.line_mode = True
            self.line_cursor = self.view.current.hunk.change_indices[0]
        self.refresh_view()

    def action_leave_line_mode(self) -> None:
        if self.line_mode:
            self.line_mode = False
            self.refresh_view()
        else:  # Esc while a draft streams in (specdraft edit) cancels it, applying nothing
            cancel = getattr(self.app, "cancel_drafting", None)
            if cancel is not None:
                cancel()

    def _can_enter_line_mode(self) -> bool:
        unit = self.view.current
        if unit is None:
            return False
        if unit.hunk.kind != "text" or not unit.hunk.change_indices:
            self.notify("binary and mode/rename changes are taken whole", severity="warning")
            return False
        if unit.decision is Decision.EDITED:
            self.notify("this hunk was edited; undo the edit to pick lines", severity="warning")
            return False
        return True

    def action_toggle_line(self) -> None:
        if not self.line_mode:
            self.action_line_mode()
            return
        try:
            self.view.session.toggle_line(self.line_cursor)
        except (UserError, ValueError) as error:
            self.notify(str(error), severity="error")
        self.refresh_view()

    def _move_line_cursor(self, step: int) -> None:
        changes = self.view.current.hunk.change_indices
        position = changes.index(self.line_cursor) if self.line_cursor in changes else 0
        self.line_cursor = changes[max(0, min(len(changes) - 1, position + step))]
        self.refresh_view()

    # ---- navigation ----------------------------------------------------------------------

    def _step_failures(self, step: int) -> bool:
        """Moves among the failed blocks after the last unit; False when this move is the units'."""
        count = len(self.failures())
        if not count:
            return False
        at_last_unit = not self.view.unit_count or self.view.index == self.view.unit_count - 1
        if self.failed_at is None:
            if step > 0 and at_last_unit:
                self.failed_at = 0
            else:
                return False
        elif self.failed_at + step < 0:
            self.failed_at = None if self.view.unit_count else 0
        else:
            self.failed_at = min(count - 1, self.failed_at + step)
        self.refresh_view()
        return True

    def action_next_hunk(self) -> None:
        if self.line_mode:
            self._move_line_cursor(1)
        elif self._step_failures(1):
            return
        elif self.view.unit_count:
            self.view.session.move(1)
            self.refresh_view(progress=False)

    def action_prev_hunk(self) -> None:
        if self.line_mode:
            self._move_line_cursor(-1)
        elif self._step_failures(-1):
            return
        elif self.view.unit_count:
            self.view.session.move(-1)
            self.refresh_view(progress=False)

    def action_next_file(self) -> None:
        if self._step_failures(1):
            return
        if self.view.unit_count:
            self.view.session.next_file()
            self.refresh_view(progress=False)

    def action_prev_file(self) -> None:
        if self._step_failures(-1):
            return
        if self.view.unit_count:
            self.view.session.prev_file()
            self.refresh_view(progress=False)

    def action_first(self) -> None:
        self.failed_at = None
        if self.view.unit_count:
            self.view.session.first()
        self.refresh_view(progress=False)

    def action_last(self) -> None:
        count = len(self.failures())
        if count:
            self.failed_at = count - 1
        elif self.view.unit_count:
            self.view.session.last()
        self.refresh_view(progress=False)

    def action_scroll_diff(self, direction: int) -> None:
        self.query_one(DiffView).page(direction)

    def action_toggle_wrap(self) -> None:
        """w: long lines wrapped into the rows below (the default), or cut at the view's edge."""
        diff = self.query_one(DiffView)
        diff.wrap = not diff.wrap
        self.refresh_view(progress=False)
        self.notify("long lines wrapped" if diff.wrap else "long lines cut at the edge (w wraps them)")

    # ---- edit ----------------------------------------------------------------------------

    def action_edit(self) -> None:
        self._edit(inside=False)

    def action_edit_inside(self) -> None:
        self._edit(inside=True)

    @work(exclusive=True, group="edit")
    async def _edit(self, inside: bool) -> None:
        if self._on_failure("edit") or self._on_stale("edit"):
            return
        if not self._require_units():
            return
        session = self.view.session
        unit = session.current
        if not session.can_edit(unit):
            self.notify("only text hunks can be edited (not binary, mode or rename changes, nor a deleted file)", severity="warning")
            return
        try:
            data = session.edit_text()
            command = None if inside else self.app.external_editor()
            edited: bytes | None = None
            if command is not None:
                edited = self.app.edit_with_suspend(command, data)
            if edited is None:  # no external editor, or this terminal cannot be handed over
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    raise UserError("this hunk is not UTF-8: set $VISUAL or $EDITOR to edit it") from None
                if has_controls(text):  # the text area would send them to the terminal as they are
                    raise UserError("this hunk holds control characters (shown as \\x1b and the like), which "
                                    "the editor inside cannot show safely: set $VISUAL or $EDITOR to edit it")
                answer = await self.app.push_screen_wait(EditorScreen(text, unit.hunk.path))
                edited = None if answer is None else answer.encode("utf-8")
            if edited is None:
                self.notify("edit cancelled; the hunk is unchanged")
                return
            if not session.apply_edit_text(edited):
                self.notify("every line was removed: edit aborted, the hunk is unchanged")
                return
        except UserError as error:
            self.notify(f"edit refused: {error}; the original hunk is kept", severity="error", timeout=8)
            return
        self.line_mode = False
        self.refresh_view()

    # ---- stale drafts (specdraft edit) ---------------------------------------------------

    def action_reject_with_note(self) -> None:
        self.app.reject_with_note()

    def action_redraft_file(self) -> None:
        redraft = getattr(self.app, "redraft_stale", None)
        if redraft is None:
            self.notify("R redrafts a file in specdraft edit; here there is no draft", severity="warning")
            return
        if self.failed_at is not None or not self.view.unit_count:
            self.notify("R redrafts the current file once it changed on disk; no file is shown")
            return
        redraft(self.view.files[self.view.current_file_index()].path)

    # ---- quitting ------------------------------------------------------------------------

    def action_apply_quit(self) -> None:
        stats = self.app.review_stats()
        changes = self.app.effects.describe(stats)
        if self.read_only:
            question = "Finish the review? (read-only: nothing is written)"
        elif not changes:  # e.g. --staged: an accepted hunk stays staged
            question = "Nothing changes: quit?"
        elif len(changes) == 1 and changes[0].startswith(f"{stats.accepted + stats.edited} accepted"):
            count = stats.accepted + stats.edited
            question = f"Apply {count} accepted hunk{'s' if count != 1 else ''} and quit?"
        else:
            question = "Apply and quit?"
        kept = stats.accepted + stats.edited if self.app.effects.accepted is None and not self.read_only else 0
        if kept:  # said, so that "nothing changes" and "1 accepted" do not read as a contradiction
            changes = [*changes, f"{kept} accepted hunk{'s stay' if kept != 1 else ' stays'} as "
                                 f"{'they are' if kept != 1 else 'it is'}"]  # fmt: skip
        details = "\n".join([*changes, summary_text(stats)]) if changes else summary_text(stats)
        if stats.pending and not self.read_only:
            details += "\nundecided hunks are left as they are"
        confirm = self.app.reusable_screen("confirm", ConfirmScreen).ask(question, details)
        self.app.push_screen(confirm, self._quit_answer(True))

    def action_abort_quit(self) -> None:
        stats = self.app.review_stats()
        question = "Quit without applying anything?" if not self.read_only else "Quit the review?"
        confirm = self.app.reusable_screen("confirm", ConfirmScreen)
        confirm.ask(question, summary_text(stats), ctrl_c_confirms=True)
        self.app.push_screen(confirm, self._quit_answer(False))

    def _quit_answer(self, result: bool):
        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.app.exit(result)

        return answered

    def action_help(self) -> None:
        self.app.push_screen(
            self.app.reusable_screen("help", lambda: HelpScreen(help_rows(self.active_bindings, self.read_only)))
        )


class ReadOnlyReviewScreen(ReviewScreen, inherit_bindings=False):
    """Reviewing commits: the same keys, but q says "finish" and nothing is written."""

    BINDINGS = review_bindings(read_only=True)
