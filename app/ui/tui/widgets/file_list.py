"""The file list: one row per file with its progress (decided/total) and a mark per hunk.

Drawn with the Line API: a key redraws only the rows whose progress changed (``sync``), so a
review of hundreds of files costs the same per key as one of three.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events

from specdraft.core.visible import visible
from specdraft.ui.tui.messages import FileChosen
from specdraft.ui.tui.model import FileProgress, SessionView
from specdraft.ui.tui.widgets.lines_view import TextLinesView


class FileList(TextLinesView):
    """Files under review. Not focusable: every key goes to the review screen's bindings."""

    DEFAULT_CSS = """
    FileList {
        width: 42;
        max-width: 40%;
        height: 1fr;
        border: round $panel;
        border-title-color: $text-muted;
        overflow-x: hidden;
    }
    """

    def __init__(self, view: SessionView, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view = view
        self._shown: list[FileProgress] = []
        self.border_title = "files"

    def on_mount(self) -> None:
        self.highlight_style = Style(bold=True, reverse=True)
        self.rebuild()

    def rebuild(self) -> None:
        """Every row again (start-up, or when the session grew)."""
        self._shown = self.view.all_progress()
        self.set_lines([self._prompt(i, p) for i, p in enumerate(self._shown)])
        self.border_title = f"files ({len(self.view.files)})"
        self.highlight_row = None
        self.show_file(self.view.current_file_index())

    def sync(self, only: set[int] | None = None) -> list[int]:
        """Redraw the rows whose progress changed; returns their indices. ``only``: the files
        that can have changed (a decision on the current file), looked at alone."""
        if len(self._shown) != len(self.view.files):
            self.rebuild()
            return list(range(len(self._shown)))
        changed = []
        if only is not None:
            progresses = [(index, self.view.file_progress(index)) for index in sorted(only)]
        else:
            progresses = list(enumerate(self.view.all_progress()))
        for index, progress in progresses:
            if progress != self._shown[index]:
                self._shown[index] = progress
                self.set_line(index, self._prompt(index, progress))
                changed.append(index)
        return changed

    def show_file(self, index: int) -> None:
        """Highlight the current file and keep it in view."""
        if 0 <= index < len(self.lines):
            self.set_highlight(index)
            self.scroll_row_visible(index)

    @property
    def highlighted(self) -> int | None:
        return self.highlight_row

    def _prompt(self, index: int, progress: FileProgress) -> Text:
        done = progress.decided == progress.total
        counts = f"{progress.decided:>2}/{progress.total:<2} "
        path = visible(self.view.files[index].path, keep_newlines=False)
        room = self.scrollable_content_region.width - len(counts) - len(progress.marks) - 1
        if 0 < room < len(path):  # keep the file name: cut the front of the path
            path = "…" + path[len(path) - room + 1 :]
        text = Text(no_wrap=True, end="")
        text.append(counts, Style(bold=done, dim=not done))
        text.append(path, Style(dim=done))
        text.append(f" {progress.marks}", Style(dim=True))
        return text

    def on_resize(self) -> None:
        """Paths are shortened to the width: redo the rows."""
        if self._shown:
            self.rebuild()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.y + int(self.scroll_y)
        if 0 <= index < len(self.lines):
            event.stop()
            self.post_message(FileChosen(index))
