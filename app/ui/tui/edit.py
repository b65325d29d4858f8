"""The apps of ``specdraft edit``: the instruction box with a file finder, and the review app
plus r (reject with a note that redrafts the undecided hunks)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.fuzzy import Matcher
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from specdraft.core.visible import visible
from specdraft.ui.tui.app import ReviewApp
from specdraft.ui.tui.screens.review import ReviewScreen
from specdraft.ui.tui.widgets.title_bar import TitleBar, title_text


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
    """Exits with True (apply), False (apply nothing) or ("redraft", note); r (reject with a
    note) and R (redraft a stale file) are in the key table (bindings.KEYS), acted on here."""

    STALE_CHECK_SECONDS = 2.0  # every file of the review is checked this often (and the current one on each key)

    def __init__(self, session, *, failures=None, originals=None, repo_root=None, **kwargs) -> None:
        """``failures()``: the draft's failed blocks (specdraft.drafting.edits.EditFailure), shown after the files;
        ``originals()``: path -> the bytes each file was drafted from (None: a new file), checked
        against the file in ``repo_root`` to mark stale drafts."""
        if repo_root is not None:
            kwargs.setdefault("where", str(repo_root))
        super().__init__(session, **kwargs)
        self._failures = failures or (lambda: [])
        self._originals = originals
        self._repo_root = repo_root
        self.stale_paths: set[str] = set()
        self._seen: dict[str, tuple[tuple[int, int] | None, bool]] = {}  # path -> (stat key, stale)

    def on_mount(self) -> None:
        super().on_mount()
        if self._originals is not None and self._repo_root is not None:
            self.set_interval(self.STALE_CHECK_SECONDS, self._check_all_stale)

    def _check_all_stale(self) -> None:
        if self.check_stale([file.path for file in self.view.files]) and isinstance(self.screen, ReviewScreen):
            self.screen.refresh_view()

    def check_stale(self, paths) -> bool:
        """Update ``stale_paths`` for ``paths``: a file whose bytes on disk are no longer those
        it was drafted from. Cheap: a file is read and compared only when its size or mtime moved.
        True when the set changed."""
        if self._originals is None or self._repo_root is None:
            return False
        import os

        from specdraft.core.errors import UserError
        from specdraft.drafting.edits import confine

        originals = self._originals()
        before = set(self.stale_paths)
        for path in paths:
            if path not in originals:
                continue
            try:
                target = confine(self._repo_root, path)
                info = os.stat(target)
                key: tuple[int, int] | None = (info.st_mtime_ns, info.st_size)
            except (OSError, UserError):  # gone, or no longer a plain file inside the repository
                target, key = None, None
            seen = self._seen.get(path)
            if seen is not None and seen[0] == key and key is not None:
                stale = seen[1]
            elif key is None:
                stale = originals[path] is not None  # gone (or now unreadable)
            else:
                try:
                    stale = target.read_bytes() != originals[path]
                except OSError:
                    stale = True
            self._seen[path] = (key, stale)
            (self.stale_paths.add if stale else self.stale_paths.discard)(path)
        return self.stale_paths != before

    def redraft_stale(self, path: str) -> None:
        """R: when ``path`` changed on disk, ask, then exit with ("stale", [path]) for the caller
        to redraft that file from the file as it is now, in a new round (EditFlow.redraft)."""
        self.check_stale([path])
        if path not in self.stale_paths:
            self.notify(f"{path} has not changed on disk since the draft: nothing to redraft "
                        "(r rejects with a note to redraft)")  # fmt: skip
            return
        if self.draft_status.startswith("drafting"):
            self.notify("the draft is still streaming: wait for it (or Esc to cancel it)")
            return
        from specdraft.ui.tui.screens.dialogs import ConfirmScreen

        confirm = self.reusable_screen("confirm", ConfirmScreen).ask(
            f"Redraft {path} from the file as it is now?",
            "What you accepted in it is dropped (it no longer fits the file); the other files keep "
            "their decisions, and their rejected and undecided hunks are redrafted with it.",
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit(("stale", [path]))

        self.push_screen(confirm, answered)

    def failed_hunks(self) -> list:
        """The failed blocks the review screen lists (never units: nothing of them is applied)."""
        return list(self._failures())

    def reject_with_note(self) -> None:
        """r: reject the hunk, then ask for the note; enter exits with ("redraft", note)."""
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


class InstructionApp(App[tuple[str, list[str]] | None]):
    """What to change and in which files, before the draft: an instruction box and a fuzzy file
    finder over the repository's files. Exits with (instruction, paths), or None (escape)."""

    TITLE = "specdraft edit"
    BINDINGS = [
        Binding("ctrl+s", "draft", "draft", id="draft", priority=True),
        Binding("ctrl+n", "suggest(1)", "another suggestion", id="next-suggestion", priority=True),
        Binding("ctrl+p", "suggest(-1)", "previous suggestion", id="previous-suggestion", show=False, priority=True),
        Binding("escape", "quit_asking", "quit", id="quit-asking"),
    ]
    DEFAULT_CSS = """
    InstructionApp Vertical { padding: 1 2; }
    InstructionApp #suggestion { color: $text-muted; }
    InstructionApp #chosen { margin: 1 0; color: $text-muted; }
    InstructionApp OptionList { height: 1fr; }
    """
    MAX_SHOWN = 50

    def __init__(self, files: list[str], *, instruction: str = "", chosen: list[str] | None = None,
                 where: str = "", suggestions: list[str] | None = None) -> None:  # fmt: skip
        """``where``: the repository, shown at the top. ``suggestions``: instructions offered in the
        box, ctrl+n and ctrl+p going through them (the box starts with ``instruction``, else the first)."""
        super().__init__()
        self.where = where
        self.files = files
        self.suggestions = list(dict.fromkeys(suggestions or []))
        self.instruction = instruction or (self.suggestions[0] if self.suggestions else "")
        self.suggested = self.suggestions.index(self.instruction) if self.instruction in self.suggestions else -1
        self.chosen: list[str] = list(chosen or [])

    def compose(self) -> ComposeResult:
        yield TitleBar(title_text(self.TITLE, where=self.where))
        with Vertical():
            yield Static(self._question_text(), id="question")
            yield Input(self.instruction, placeholder="e.g. add type hints to parse()", id="instruction")
            yield Static(self._suggestion_text(), id="suggestion")
            yield Static("Files it may edit: type to find, enter adds or removes one; ctrl+s drafts")
            yield Input(placeholder="find a file", id="find")
            yield Static(self._chosen_text(), id="chosen")
            yield OptionList(id="matches")
        yield Footer()

    def on_mount(self) -> None:
        self._refilter("")
        box = self.query_one("#instruction", Input)
        box.focus()  # what the screen asks first: typing replaces the suggestion (it starts selected)
        box.select_all()

    def _question_text(self) -> str:
        """What the box asks, and what enter does there: draft once a file is chosen."""
        return "What should the model change? " + (
            "(type it; enter drafts)" if self.chosen else "(type it; enter: on to the files)")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.suggestions) if action == "suggest" else True

    def _suggestion_text(self) -> str:
        if not self.suggestions:
            return ""
        count = len(self.suggestions)
        where = f"suggestion {self.suggested + 1} of {count}" if self.suggested >= 0 else f"{count} suggestions"
        return f"{where}: ctrl+n for the next, ctrl+p for the one before; or write your own"

    def action_suggest(self, step: int) -> None:
        """Put the next (step 1) or previous (-1) suggested instruction in the box."""
        if not self.suggestions:
            return
        start = self.suggested if self.suggested >= 0 else (-1 if step > 0 else 0)
        self.suggested = (start + step) % len(self.suggestions)
        box = self.query_one("#instruction", Input)
        box.value = self.suggestions[self.suggested]
        box.cursor_position = len(box.value)
        self.query_one("#suggestion", Static).update(self._suggestion_text())

    def _chosen_text(self) -> Text:
        """The files chosen, as written: a file name may hold ``[bold]`` or an escape sequence."""
        return Text("chosen: " + (", ".join(visible(path, keep_newlines=False) for path in self.chosen)
                                  if self.chosen else "none yet"))  # fmt: skip

    def matches(self, query: str) -> list[str]:
        """The repository's files that match ``query`` fuzzily, best first (all of them for "")."""
        if not query:
            return self.files[: self.MAX_SHOWN]
        matcher = Matcher(query)
        scored = [(matcher.match(path), path) for path in self.files]
        return [path for score, path in sorted(scored, key=lambda item: -item[0]) if score > 0][: self.MAX_SHOWN]

    def _refilter(self, query: str) -> None:
        options = self.query_one("#matches", OptionList)
        options.clear_options()
        options.add_options([Option(Text(("✓ " if path in self.chosen else "  ") + visible(path, keep_newlines=False)),
                                    id=path) for path in self.matches(query)])  # fmt: skip
        if options.option_count:
            options.highlighted = 0

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "find":
            self._refilter(event.value)
        elif event.input.id == "instruction" and self.suggestions:
            self.suggested = self.suggestions.index(event.value) if event.value in self.suggestions else -1
            self.query_one("#suggestion", Static).update(self._suggestion_text())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "instruction":
            if self.chosen and event.value.strip():  # what to change, and where: draft it
                self.action_draft()
            else:
                self.query_one("#find", Input).focus()
            return
        options = self.query_one("#matches", OptionList)
        if options.highlighted is not None:
            self._toggle(str(options.get_option_at_index(options.highlighted).id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._toggle(str(event.option.id))

    def _toggle(self, path: str) -> None:
        if path in self.chosen:
            self.chosen.remove(path)
        else:
            self.chosen.append(path)
        self.query_one("#chosen", Static).update(self._chosen_text())
        self.query_one("#question", Static).update(self._question_text())
        find = self.query_one("#find", Input)
        find.value = ""
        self._refilter("")

    def action_draft(self) -> None:
        instruction = self.query_one("#instruction", Input).value.strip()
        if not instruction:
            self.notify("say what to change first", severity="warning")
            self.query_one("#instruction", Input).focus()
        elif not self.chosen:
            self.notify("choose at least one file (type part of its name, then enter)", severity="warning")
            self.query_one("#find", Input).focus()
        else:
            self.exit((instruction, list(self.chosen)))

    def action_quit_asking(self) -> None:
        self.exit(None)
