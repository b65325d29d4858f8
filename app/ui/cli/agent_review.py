"""`specdraft review --drafted`: review what agents wrote, live, then carry the decisions out.

The units are the hunks of captured agent writes that have no decision yet
(specdraft.agents.review), across files, in agent and turn order; each hunk's header names the
agent and the turn. In the TUI, what is captured while the review is open joins the end of the
queue (polled every ``POLL_SECONDS`` in a worker thread; the cursor stays where it is); ``r``
rejects with a note for the agent, ``m`` leaves a note without deciding. ``q`` carries the
decisions out: accepted lines are recorded as reviewed, rejected ones reverted in the worktree
(refused where the file changed there since; queued while the agent's turn is open), edited
ones replaced by the reviewer's version. Plain mode asks ``git add -p`` style questions. Every
decision and note is saved as it is made (``DraftedReview.save_from_now``): after Ctrl-C or a quit
without applying, ``--resume`` puts them back on their hunks.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from specdraft.core.errors import UserError

POLL_SECONDS = 0.25
EMPTY = (
    "nothing to review: no lines written by an agent wait for review (capture them with "
    "`specdraft run -- <agent>`, `specdraft watch --agent NAME` or `specdraft agent install "
    "claude-code|gemini-cli|codex`; --wait opens the review and waits for them)"
)


def run_drafted(args, warm_up=None) -> int:
    """``warm_up``: called with the first file's path once it is known (review.py imports the
    TUI in a thread meanwhile)."""
    from specdraft.agents.review import DraftedReview, apply, queued
    from specdraft.agents.store import AgentStore
    from specdraft.core.config import load_settings
    from specdraft.core.git import GitRepo, recover_interrupted_write

    repo = GitRepo(".")
    if (recovered := recover_interrupted_write(repo.git_dir)) is not None:
        print(f"specdraft: {recovered}", file=sys.stderr)
    settings = load_settings(repo.root, flags={"theme": args.theme, "context": args.context})
    store = AgentStore(repo)
    review = DraftedReview(store, agent=args.agent, context=settings.context if args.context is None else args.context)
    session = review.session()
    if args.resume:  # the decisions made before an interruption (or a quit) back on their hunks
        for message in review.resume(session):
            print(f"specdraft review: {message}", file=sys.stderr)
    if warm_up is not None:
        warm_up(review.files[0].path if review.files else None)
    use_tui = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    waiting = queued(store, args.agent)
    if waiting:
        print(f"specdraft review: {len(waiting)} reject{'s' if len(waiting) != 1 else ''} queued "
              "until the agent's turn ends: " + ", ".join(e["path"] for e in waiting), file=sys.stderr)  # fmt: skip
    if not session.units and not (use_tui and args.wait):
        raise UserError(EMPTY)
    if not args.resume and review.state_path().exists():
        print("specdraft review: starting afresh; the interrupted review that was saved is replaced "
              "(use --resume to continue one)", file=sys.stderr)  # fmt: skip
    review.save_from_now(session)  # every decision and note saved as it is made, for --resume
    try:
        if use_tui:
            go_on = _tui(review, session, args, settings, repo)
        else:
            from specdraft.ui import plain

            plain.review_in_plain_mode(session, repo, texts=plain.ACCEPT, stdin=sys.stdin.buffer,
                                       stdout=sys.stdout.buffer)  # fmt: skip
            go_on = True
    except KeyboardInterrupt:  # Ctrl+C: every decision was saved as it was made
        from specdraft.core.errors import EXIT_INTERRUPTED

        if sys.stderr.isatty():
            print(file=sys.stderr)
        decided = session.stats().decided
        print(f"specdraft review: interrupted: {decided} decision{'s' if decided != 1 else ''} saved; "
              f"`{_resume_command(args)}` goes on from the first undecided hunk", file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED
    if not go_on:
        print(f"specdraft review: quit without applying anything; `{_resume_command(args)}` continues "
              "this review (without --resume, it starts afresh)", file=sys.stderr)  # fmt: skip
        return 0
    done = apply(review, session)
    review.discard_saved(session)  # carried out: nothing is left to resume (a refused one is reviewed anew)
    for why in done.refused:
        print(f"specdraft review: not reverted: {why}", file=sys.stderr)
    print(f"specdraft review: {done.summary()}")
    return 0


def _resume_command(args) -> str:
    import shlex

    words = ["specdraft", "review", "--drafted"]
    if args.agent:
        words += ["--agent", args.agent]
    if args.plain:
        words.append("--plain")
    if args.context is not None:  # hunks are matched by their text, context lines included
        words += ["--context", str(args.context)]
    return shlex.join([*words, "--resume"])


def _tui(review, session, args, settings, repo) -> bool:
    from specdraft.core.session import Effects

    app_class = drafted_app_class()
    app = app_class(
        review,
        session,
        title="review what agents wrote",
        theme=args.theme,
        settings=settings,
        effects=Effects("kept, recorded as reviewed", "reverted in the worktree"),
        where=str(repo.root),
    )
    app.freeze_at_start = False
    return app.run() is True


_APP_CLASS = None


def drafted_app_class():
    """The review app plus live joining and notes for the agent (built once: textual is imported
    only when the TUI runs)."""
    global _APP_CLASS
    if _APP_CLASS is not None:
        return _APP_CLASS
    from textual.app import ComposeResult
    from textual.binding import Binding
    from textual.containers import Vertical
    from textual.screen import ModalScreen
    from textual.widgets import Input, Static

    from specdraft.ui.tui import app as tui_app
    from specdraft.ui.tui.app import ReviewApp
    from specdraft.ui.tui.screens.review import ReviewScreen

    class AgentNoteScreen(ModalScreen[str | None]):
        """One line for the agent; enter keeps it, escape drops it."""

        BINDINGS = [Binding("escape", "cancel", "back", id="agent-note-cancel")]
        DEFAULT_CSS = """
        AgentNoteScreen { align: center middle; }
        AgentNoteScreen > Vertical { width: 80; max-width: 95%; height: auto;
            border: thick $primary; background: $surface; padding: 1 2; }
        AgentNoteScreen Static { width: 100%; height: auto; }
        """

        def __init__(self, heading: str) -> None:
            super().__init__()
            self.heading = heading

        def compose(self) -> ComposeResult:
            with Vertical():
                yield Static(self.heading)
                yield Input(placeholder="e.g. keep the old name; use pathlib", id="agent-note")
                yield Static("enter: keep this note for the agent    escape: no note")

        def on_input_submitted(self, event: Input.Submitted) -> None:
            self.dismiss(event.value.strip() or None)

        def action_cancel(self) -> None:
            self.dismiss(None)

    class DraftedReviewApp(ReviewApp):
        """ReviewApp over agents' writes: new ones join while it is open; notes for the agent."""

        BINDINGS = [*ReviewApp.BINDINGS, Binding("m", "note", "note for the agent", id="agent-note")]
        # the review app's stylesheet (a relative CSS_PATH would be read beside this module)
        CSS_PATH = str(Path(tui_app.__file__).with_name("review.tcss"))

        def __init__(self, review, session, **options) -> None:
            super().__init__(session, **options)
            self.review = review
            self.notes_for_agent = review.notes
            self._changes_size = -1
            self._polling = False

        def on_mount(self) -> None:
            super().on_mount()
            self._changes_size = self._store_size()
            self.set_interval(POLL_SECONDS, self._poll)

        def _store_size(self) -> int:
            from specdraft.agents.store import CHANGES

            try:
                return os.stat(self.review.store.directory / CHANGES).st_size
            except OSError:
                return 0

        _turns_seen: float = -1.0

        def _show_turns(self) -> None:
            """The title says which agents are mid-turn: a reject of theirs waits for the turn's end."""
            from specdraft.agents.store import TURNS
            from specdraft.ui.tui.widgets.title_bar import TitleBar

            try:
                stamp = os.stat(self.review.store.directory / TURNS).st_mtime
            except OSError:
                stamp = 0.0
            if stamp == self._turns_seen:
                return
            self._turns_seen = stamp
            busy = sorted(name for name, entry in self.review.store.turns().items() if entry.get("open"))
            self.sub_title = (f"{', '.join(busy)} mid-turn: rejects wait for the turn's end" if busy else "")
            screen = self.screen
            if isinstance(screen, ReviewScreen) and screen.is_mounted:
                screen.query_one(TitleBar).show(self.title, self.sub_title, self.where, self.instruction)

        def _poll(self) -> None:
            """Cheap: a stat; the new changes are read in a worker thread when the file grew."""
            self._show_turns()
            size = self._store_size()
            if size == self._changes_size or self._polling:
                return
            self._changes_size = size
            self._polling = True
            self.run_worker(self._read_more, thread=True, exclusive=True, group="agents", exit_on_error=False)

        def _read_more(self) -> None:
            try:
                files, units = self.review.more()
            except UserError as error:
                self.notify_from_worker(str(error), severity="error")
                _files, units = [], []
            try:
                self.call_from_thread(self._join, units)
            except RuntimeError:  # the app closed meanwhile
                pass

        def _join(self, units) -> None:
            self._polling = False
            if not units:
                return
            session = self.view.session
            session.units.extend(units)
            session.stats()
            count = len(units)
            self.session_grew(f"{count} new hunk{'s' if count != 1 else ''} written by an agent")

        def _current(self):
            screen = self.screen
            if not isinstance(screen, ReviewScreen) or not self.view.session.units:
                return None
            return self.view.session.current

        def reject_with_note(self) -> None:
            """r: reject the hunk, then ask for a note for the agent."""
            unit = self._current()
            if unit is None:
                return
            self.screen.action_reject()
            self._ask_note(unit, "Rejected. Tell the agent what to do instead:")

        def action_note(self) -> None:
            """m: a note for the agent about this hunk, without deciding it."""
            unit = self._current()
            if unit is not None:
                self._ask_note(unit, "A note for the agent about this hunk:")

        def _ask_note(self, unit, heading: str) -> None:
            change = self.review.change_of(self.view.session, unit)
            if self.review.store.turn_open(change.agent) and unit.decision.value == "rejected":
                self.notify(f"{change.agent} is in the middle of a turn: this reject is queued and "
                            "made when the turn ends")  # fmt: skip

            def kept(note: str | None) -> None:
                if note:
                    self.review.add_note(unit.id, note)

            self.push_screen(AgentNoteScreen(heading), kept)

    _APP_CLASS = DraftedReviewApp
    return _APP_CLASS
