"""The top of a screen: the title, where it runs (the repository), and the instruction in full.

Textual's Header is one line and cuts what does not fit; an instruction is often longer than
the terminal is wide, and it is what the whole draft is about, so this wraps it instead
(a very long one scrolls: ``max-height``).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from specdraft.core.visible import visible


def title_text(title: str, sub_title: str = "", where: str = "", instruction: str = "") -> Text:
    """``± title — sub_title · where``, then the instruction on lines of its own (each with its
    control characters as escapes: a repository's path or an instruction may hold any)."""
    title, sub_title, where = (visible(part, keep_newlines=False) for part in (title, sub_title, where))
    instruction = visible(instruction)
    text = Text(end="")
    text.append("± ", "bold")
    text.append(title, "bold")
    if sub_title:
        text.append(f" — {sub_title}")
    if where:
        text.append("  ·  ", "dim")
        text.append(where, "italic")
    if instruction.strip():
        text.append("\ninstruction: ", "bold")
        text.append(instruction.strip())
    return text


class TitleBar(Static):
    """The title line (and the instruction, wrapped); height follows the text."""

    DEFAULT_CSS = """
    TitleBar {
        height: auto;
        max-height: 8;
        overflow-y: auto;
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    """

    def show(self, title: str, sub_title: str = "", where: str = "", instruction: str = "") -> None:
        self.update(title_text(title, sub_title, where, instruction))
