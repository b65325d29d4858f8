"""Modal dialogs: the confirmation before quitting (with the summary) and the help screen."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from specdraft.core.session import ReviewStats
from specdraft.ui.tui.bindings import KEYS


def summary_text(stats: ReviewStats) -> str:
    """accepted / edited / rejected / pending counts, as one line."""
    return (
        f"accepted {stats.accepted}, edited {stats.edited}, rejected {stats.rejected}, "
        f"pending {stats.pending} (of {stats.total})"
    )


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question with a summary; y or enter confirms, n or escape goes back."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "yes", id="confirm-yes"),
        Binding("n,escape", "answer(False)", "no", id="confirm-no"),
        Binding("ctrl+c", "ctrl_c", show=False, priority=True),
    ]

    DEFAULT_CSS = """
    /* Opaque: a see-through modal re-renders the whole review screen under it (~100 ms). */
    ConfirmScreen { align: center middle; background: $background; }
    ConfirmScreen > Vertical {
        width: 72; max-width: 90%; height: auto;
        border: thick $primary; background: $surface; padding: 1 2;
    }
    ConfirmScreen Static { width: 100%; height: auto; }
    ConfirmScreen #question { text-style: bold; }
    ConfirmScreen #keys { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, question: str = "", details: str = "", *, ctrl_c_confirms: bool = False) -> None:
        super().__init__()
        self.question = question
        self.details = details
        self.ctrl_c_confirms = ctrl_c_confirms  # a second ctrl-c on "quit without applying?" quits

    def ask(self, question: str, details: str, *, ctrl_c_confirms: bool = False) -> ConfirmScreen:
        """Set the question before (re)showing this screen; the app keeps one and reuses it."""
        self.question, self.details, self.ctrl_c_confirms = question, details, ctrl_c_confirms
        if self.is_mounted:
            self.query_one("#question", Static).update(question)
            self.query_one("#details", Static).update(details)
        return self

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            yield Static(self.details, id="details")
            yield Static("y / enter: yes    n / escape: no", id="keys")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def action_ctrl_c(self) -> None:
        """A second ctrl-c on "quit without applying?" quits; elsewhere it means no."""
        self.dismiss(self.ctrl_c_confirms)


class HelpScreen(ModalScreen[None]):
    """Every key, with the keys in force (after the user's remapping) and what it does."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "dismiss_help", "close", id="help-close")]

    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background; }
    HelpScreen > VerticalScroll {
        width: 90; max-width: 95%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, keymap: dict[str, str], read_only: bool) -> None:
        super().__init__()
        self.rows: list[tuple[str, str, str]] = []  # (keys in force, binding id, what it does)
        for spec in KEYS:
            keys = keymap.get(spec.id, spec.keys)
            shown = ", ".join(k.strip().replace("question_mark", "?") for k in keys.split(","))
            description = spec.help
            if read_only and spec.id == "apply-quit":
                description = "finish the review (read-only: nothing is written)"
            self.rows.append((shown, spec.id, description))

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=True, header_style="bold", expand=True)
        table.add_column("keys", no_wrap=True)
        table.add_column("id", style="dim", no_wrap=True)
        table.add_column("what it does")
        for row in self.rows:
            table.add_row(*row)
        intro = Text.from_markup(
            "[b]specdraft review keys[/b]  (remap in config: [i]\\[keys] accept = \"Y\"[/i]; "
            "ctrl+p: command palette)\n"
            "Line mode: [b]l[/b] or [b]space[/b] enters it; j/k move the line cursor, space "
            "toggles the line, y takes the selected lines, l or escape leaves.\n"
        )
        with VerticalScroll():
            yield Static(intro)
            yield Static(table)
            yield Static(Text("escape / ? / q: close", style="dim"))

    def action_dismiss_help(self) -> None:
        self.dismiss(None)
