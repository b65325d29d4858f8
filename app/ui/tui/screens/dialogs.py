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
from specdraft.core.visible import visible
from specdraft.ui.tui.bindings import KEY_ORDER


def _plain(text: str) -> Text:
    """Text shown as written (a path in a question may hold ``[bold]`` or an escape sequence)."""
    return Text(visible(text))


def summary_text(stats: ReviewStats) -> str:
    """accepted / edited / rejected / undecided counts, as one line, in the words the command's
    last line uses (ReviewStats.counts_text)."""
    return f"{stats.counts_text()} (of {stats.total})"


def _shown_key(key: str) -> str:
    return key.strip().replace("question_mark", "?")


# Textual's own bindings worth a line in the help (the others, focus moves and copying, do
# nothing on the review screen): action -> what it does.
_TEXTUAL_KEYS = {"command_palette": "the command palette: every action by name", "quit": "quit (asks first)"}


def help_rows(active_bindings, read_only: bool) -> list[tuple[str, str, str]]:
    """The help screen's rows, (keys in force, binding id, what it does), from a screen's active
    bindings: every key that does something there is listed, in the key table's order, and a
    binding added anywhere (the key table, an app) is listed without touching the help."""
    rows: dict[str, tuple[list[str], str, str]] = {}
    for key, (_node, binding, _enabled, tooltip) in active_bindings.items():
        if binding.id is None and binding.action not in _TEXTUAL_KEYS:
            continue
        name = binding.id or binding.action.replace("_", "-")
        what = tooltip or binding.tooltip or _TEXTUAL_KEYS.get(binding.action) or binding.description
        if read_only and binding.id == "apply-quit":
            what = "finish the review (read-only: nothing is written)"
        keys, _, _ = rows.setdefault(name, ([], name, what))
        if _shown_key(key) not in keys:
            keys.append(_shown_key(key))
    last = len(KEY_ORDER)
    ordered = sorted(rows.values(), key=lambda row: KEY_ORDER.get(row[1], last))
    return [(", ".join(keys), name, what) for keys, name, what in ordered]


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
            self.query_one("#question", Static).update(_plain(question))
            self.query_one("#details", Static).update(_plain(details))
        return self

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_plain(self.question), id="question")
            yield Static(_plain(self.details), id="details")
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

    def __init__(self, rows: list[tuple[str, str, str]]) -> None:
        """``rows``: (keys in force, binding id, what it does), from ``help_rows``."""
        super().__init__()
        self.rows = rows

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
