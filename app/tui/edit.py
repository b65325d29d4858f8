"""The review app of ``specdraft edit``: the review app plus r, reject with a note that redrafts."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from app.tui.app import ReviewApp
from app.tui.screens.review import ReviewScreen


class NoteScreen(ModalScreen[str | None]):
    """One line of text for the model: why this hunk is wrong; enter sends it, escape goes back."""

    BINDINGS = [Binding("escape", "cancel", "back", id="note-cancel")]
    DEFAULT_CSS = """
    NoteScreen { align: center middle; background: $background; }
    NoteScreen > Vertical {
        width: 80; max-width: 95%; height: auto;
        border: thick $primary; background: $surface; padding: 1 2;
    }
    NoteScreen Static { width: 100%; height: auto; }
    NoteScreen #keys { color: $text-muted; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Rejected. Tell the model what to do instead (the undecided hunks are redrafted):")
            yield Input(placeholder="e.g. keep the old name; use pathlib", id="note")
            yield Static("enter: redraft with this note    escape: just reject", id="keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EditReviewApp(ReviewApp):
    """Exits with True (apply), False (apply nothing) or ("redraft", note)."""

    BINDINGS = [*ReviewApp.BINDINGS, Binding("r", "reject_with_note", "reject + note", id="reject-note")]

    def action_reject_with_note(self) -> None:
        screen = self.screen
        if not isinstance(screen, ReviewScreen) or not screen.view.session.units:
            return
        if self.draft_status.startswith("drafting"):
            self.notify("the draft is still streaming: wait for it (or Esc to cancel it)")
            return
        screen.action_reject()

        def sent(note: str | None) -> None:
            if note:
                self.exit(("redraft", note))

        self.push_screen(NoteScreen(), sent)
