"""Editing a hunk: in $VISUAL / $EDITOR (the app suspends, as git add -p does) or in a TextArea."""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, TextArea

from specdraft.core.errors import UserError
from specdraft.core.visible import visible


def editor_command(environ: Mapping[str, str] | None = None) -> list[str] | None:
    """``$VISUAL``, else ``$EDITOR``, split like a shell would; None when neither is set."""
    environ = os.environ if environ is None else environ
    for variable in ("VISUAL", "EDITOR"):
        value = (environ.get(variable) or "").strip()
        if value:
            try:
                return shlex.split(value)
            except ValueError as error:
                raise UserError(f"${variable} ({value!r}) cannot be parsed: {error}") from None
    return None


def edit_in_external_editor(command: list[str], data: bytes, *, suffix: str = ".diff") -> bytes:
    """Write ``data`` to a temporary file, run the editor on it, return the bytes it saved.

    The file name is passed as an argument (never through a shell). A non-zero exit is a
    UserError: the hunk is kept as it was.
    """
    handle, name = tempfile.mkstemp(prefix="specdraft-hunk-", suffix=suffix)
    path = Path(name)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        try:
            result = subprocess.run([*command, str(path)], check=False)
        except OSError as error:
            raise UserError(f"cannot run the editor {command[0]!r}: {error.strerror}; set $VISUAL or $EDITOR") from None
        if result.returncode != 0:
            raise UserError(f"the editor exited with status {result.returncode}; the hunk was kept as it was")
        return path.read_bytes()
    finally:
        path.unlink(missing_ok=True)


class EditorScreen(ModalScreen["str | None"]):
    """The hunk's edit text in a TextArea; ctrl+s keeps the edit, escape throws it away."""

    BINDINGS = [
        Binding("ctrl+s", "save", "keep edit", id="editor-save", priority=True),
        Binding("escape", "cancel", "cancel", id="editor-cancel", priority=True),
    ]

    DEFAULT_CSS = """
    EditorScreen { align: center middle; background: $background; }
    EditorScreen > Vertical {
        width: 95%; height: 90%; border: thick $primary; background: $surface;
    }
    EditorScreen #editor-help { color: $text-muted; padding: 0 1; height: auto; }
    EditorScreen TextArea { height: 1fr; }
    """

    def __init__(self, text: str, title: str) -> None:
        super().__init__()
        self.text = text
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                Text(f"editing {visible(self.title_text, keep_newlines=False)} · ctrl+s: keep the edit · escape: cancel"),
                id="editor-help",
            )
            yield TextArea(self.text, id="editor", show_line_numbers=True, soft_wrap=False)

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_save(self) -> None:
        self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        self.dismiss(None)
