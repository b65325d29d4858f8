"""The status bar: progress (3/17), decisions, acceptance rate, current file and mode; in
``specdraft edit`` a second line for the draft (its statistics as it streams, then the outcome).

The counts are the app's ``review_counts()`` (the session's, kept up to date decision by
decision; in ``specdraft edit``, over every round of a redraft), the same the quit question
and the command's last line show. Notifications stay above it: the toasts' rack is
kept clear of the status bar and the footer, whatever their height.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from specdraft.core.visible import visible
from specdraft.ui.tui.model import SessionView


class StatusBar(Static):
    DEFAULT_CSS = """
    StatusBar {
        height: auto;
        max-height: 4;
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    """

    def show(self, view: SessionView, *, line_mode: bool, read_only: bool) -> None:
        review_counts = getattr(self.app, "review_counts", None)
        stats = review_counts() if review_counts is not None else view.session.counts()
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        text.append(f"{stats.decided}/{stats.total}", "bold")
        text.append(f" decided · ✓ {stats.accepted}  ✎ {stats.edited}  ✗ {stats.rejected}")
        text.append(f" · accepted {stats.acceptance_rate:.0%}" if stats.decided else " · accepted –")
        if view.unit_count:
            position, count = view.position_in_file()
            path = visible(view.files[view.current_file_index()].path, keep_newlines=False)
            text.append(f" · {path} ({position}/{count}) · hunk {view.index + 1}/{view.unit_count}")
        if line_mode:
            text.append("  LINE MODE", "bold reverse")
        if read_only:
            text.append("  read-only", "italic")
        drafting = getattr(self.app, "draft_status", "")
        if not drafting:
            self.update(text, layout=False)  # one line, always: no layout pass
            return
        # specdraft edit: the draft streaming in (tokens/s, acceptance) below, wrapped rather
        # than cut (what a redraft says about the note is at its end)
        self.update(Text.assemble(text, "\n", Text(visible(drafting, keep_newlines=False), style="italic"), end=""))

    def on_mount(self) -> None:
        self.keep_toasts_clear()

    def on_resize(self) -> None:
        self.keep_toasts_clear()

    def keep_toasts_clear(self) -> None:
        """Notifications appear above the status bar and the footer, never over them (Textual
        docks its toasts at the bottom, one line up: over a status bar above a footer)."""
        lines = self.outer_size.height or 1
        below = lines + sum(footer.outer_size.height or 1 for footer in self.screen.query("Footer"))
        for rack in self.screen.query("ToastRack"):
            rack.styles.margin = (0, 0, below, 0)
