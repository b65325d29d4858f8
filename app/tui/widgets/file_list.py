"""The file list: one row per file with its progress (decided/total) and a mark per hunk."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from app.tui.messages import FileChosen
from app.tui.model import SessionView


class FileList(OptionList):
    """Files under review. Not focusable: every key goes to the review screen's bindings."""

    can_focus = False

    DEFAULT_CSS = """
    FileList {
        width: 42;
        max-width: 40%;
        border: round $panel;
        border-title-color: $text-muted;
        padding: 0;
    }
    """

    def __init__(self, view: SessionView, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view = view
        self.border_title = "files"

    def on_mount(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Every row again (start-up, or when the session grew)."""
        self.set_options(Option(self._prompt(i)) for i in range(len(self.view.files)))
        self.border_title = f"files ({len(self.view.files)})"
        self.show_file(self.view.current_file_index())

    def update_files(self, file_indices) -> None:
        """Redraw the rows of the files whose progress changed."""
        for index in set(file_indices):
            if 0 <= index < self.option_count:
                self.replace_option_prompt_at_index(index, self._prompt(index))

    def show_file(self, index: int) -> None:
        if 0 <= index < self.option_count and self.highlighted != index:
            self.highlighted = index

    def _prompt(self, index: int) -> Text:
        progress = self.view.progress(index)
        done = progress.decided == progress.total
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        text.append(f"{progress.decided:>2}/{progress.total:<2} ", Style(bold=done, dim=not done))
        text.append(self.view.files[index].path, Style(dim=done))
        text.append(f" {progress.marks}", Style(dim=True))
        return text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(FileChosen(event.option_index))
