"""The status bar: progress (3/17), decisions, acceptance rate, current file and mode."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from specdraft.ui.tui.model import SessionView


class StatusBar(Static):
    DEFAULT_CSS = """
    StatusBar {
        height: 1;
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    """

    def show(self, view: SessionView, *, line_mode: bool, read_only: bool) -> None:
        stats = view.session.stats()
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        text.append(f"{stats.decided}/{stats.total}", "bold")
        text.append(f" decided · ✓ {stats.accepted}  ✎ {stats.edited}  ✗ {stats.rejected}")
        text.append(f" · accepted {stats.acceptance_rate:.0%}" if stats.decided else " · accepted –")
        if view.unit_count:
            position, count = view.position_in_file()
            path = view.files[view.current_file_index()].path
            text.append(f" · {path} ({position}/{count}) · hunk {view.index + 1}/{view.unit_count}")
        if line_mode:
            text.append("  LINE MODE", "bold reverse")
        if read_only:
            text.append("  read-only", "italic")
        drafting = getattr(self.app, "draft_status", "")
        if drafting:  # specdraft edit: the draft streaming in (tokens/s, acceptance)
            text.append(f"  {drafting}", "italic")
        self.update(text, layout=False)  # one line, always: no layout pass
