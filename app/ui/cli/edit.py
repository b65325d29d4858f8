"""`specdraft edit "INSTRUCTION" PATHS...`: a model drafts the edit, you review it hunk by hunk.

The draft streams from the configured backend (the local engine by default, or a model server
with ``--server URL``). Plain mode (``--plain``, or standard input not a terminal): progress on
standard error, then each hunk is asked about as ``specdraft review --plain`` does; after the
questions, a line of text redrafts the rejected and undecided hunks with that note in the
model's context (empty: no redraft). The TUI (a terminal): an instruction box with a file finder
when the instruction or the files are missing (or with ``--ask``), then the review opens at once and each file's
hunks appear as its draft completes, the draft's progress in the status bar; Esc cancels the
draft (nothing applied); r rejects with a note and redrafts.
Only accepted hunks are written, through ``git apply`` after a check; ``--stage`` stages them
too, ``--commit`` commits them with ``Drafted-by`` and ``Reviewed`` trailers. A file that
changed since its draft is never written; in plain mode one key (y) redrafts it from the file as
it is now, in the TUI its hunks are marked stale and R redrafts it from the file as it is now, in
a new round with the other files' rejected and undecided hunks (their decisions are kept).
Failed blocks (a SEARCH text that matched nothing or several places) are listed in the review
after the files, never applied. Cheap to import: the engine loads in ``run``.

The review record is written before any file: a record that cannot be written (a full disk)
applies nothing, and a crash between the two leaves drafted lines recorded, never unrecorded.

Exit codes (``EXIT_CODES``, shown by ``--help``): 0 applied, or nothing by the reviewer's choice;
1 a file changed meanwhile; 2 a usage or user error, nothing done; 3 nothing could be applied
(every block failed, or the draft did not finish); 4 applied and staged, but the commit asked for
was refused (a hook, an empty message); 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, BinaryIO

from specdraft.core.errors import (
    EXIT_INTERRUPTED,
    EXIT_NOT_COMMITTED,
    EXIT_NOTHING_APPLIED,
    EXIT_OK,
    EXIT_STALE,
    EXIT_USER_ERROR,
    NothingApplied,
    UserError,
)
from specdraft.engine.options import DRAFTER_SETTINGS, EDIT_FORMATS, REQUEST_TIMEOUT_S

EXIT_CODES = f"""\
exit codes:
  {EXIT_OK:<4} done: accepted hunks were applied, or the reviewer rejected everything or quit
       (also when the model proposed no change)
  {EXIT_STALE:<4} a file changed since the draft was made: its accepted hunks were not
       applied (run it again to redraft it)
  {EXIT_USER_ERROR:<4} a usage or user error (a bad flag, a missing file, a server that could not be
       reached or refused the request): nothing was done
  {EXIT_NOTHING_APPLIED:<4} nothing could be applied: every block of the draft failed (an answer
       with no edit in the format asked for counts as a failed block), or the draft
       was incomplete (cut at --max-new-tokens or --request-timeout, cancelled, or the
       stream broke off)
  {EXIT_NOT_COMMITTED:<4} not committed: the accepted hunks were applied and staged, but the commit
       (--commit) was refused, by a hook or for an empty message; commit them with git commit
  {EXIT_INTERRUPTED:<4} interrupted (Ctrl-C)
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    parser.epilog = EXIT_CODES
    add_examples(parser, '%(prog)s "rename parse to parse_line" src/reader.py',
                 '%(prog)s "add type hints" app.py --server http://localhost:8000 --model Qwen2.5-Coder-7B-Instruct',
                 '%(prog)s "use pathlib" tools.py --plain --stage')  # fmt: skip
    parser.add_argument("instruction", nargs="?", help="what to change, in words (none: asked in the TUI)")
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="the files the model may edit (none: picked in the TUI)")  # fmt: skip
    parser.add_argument("--model", help="builtin (default), a checkpoint directory, or with --server the model's name")
    parser.add_argument("--server", metavar="URL", help="an OpenAI-compatible server (vLLM, llama.cpp, Ollama, ...)")
    add_format_argument(parser)
    parser.add_argument("--draft-model", metavar="DIR", help="a small draft model for the local engine")
    parser.add_argument("--drafter", help=f"the local engine's drafter: {', '.join(DRAFTER_SETTINGS)}")
    parser.add_argument("--dtype", help="the local engine's weights: auto (default: the checkpoint's bfloat16 where "
                                        "the CPU multiplies it natively, else float32), float32, bfloat16, int8 or int4 (weight-only, made at load "
                                        "and cached)")  # fmt: skip
    parser.add_argument("--ask", action="store_true",
                        help="in a terminal, open the instruction box even when an instruction and paths are given")  # fmt: skip
    parser.add_argument("--suggest", action="append", default=[], metavar="INSTRUCTION",
                        help="an instruction offered in the instruction box, where ctrl+n goes through them "
                             "(repeat it for several)")  # fmt: skip
    parser.add_argument("--plain", action="store_true", help="git add -p style questions on standard input")
    parser.add_argument("--theme", metavar="NAME", help="colour theme for the TUI")
    parser.add_argument("--yes", "-y", action="store_true",
                        help="accept every hunk without asking (the review record says so)")  # fmt: skip
    parser.add_argument("--stage", action="store_true", help="stage the accepted hunks too")
    parser.add_argument("--commit", action="store_true", help="commit the accepted hunks (implies --stage)")
    parser.add_argument("--message", "-m", help="with --commit: the commit message's subject (default: drafted by the model from the "
                        "instruction and the accepted diff; the instruction when that fails)")
    parser.add_argument("--edit-message", action=argparse.BooleanOptionalAction, default=None,
                        help="with --commit: open the editor on the message (default: when the review "
                        "is interactive)")  # fmt: skip
    parser.add_argument("--context", "-U", type=int, metavar="N", help="lines of context around each hunk")
    parser.add_argument("--max-new-tokens", type=int, metavar="N", help="limit each request's answer")
    add_read_argument(parser)
    add_unsure_argument(parser)
    parser.add_argument("--request-timeout", type=int, metavar="SECONDS",
                        help="with --server: the most one request may take, however slowly the server "
                        f"streams (default: the request_timeout setting, {REQUEST_TIMEOUT_S})")  # fmt: skip


def add_unsure_argument(parser: argparse.ArgumentParser) -> None:
    """--show-unsure: the builtin pair's drafts it is not sure of, and text edits that leave a Python
    file broken, go into the review too."""
    parser.add_argument("--show-unsure", action="store_true",
                        help="review the builtin pair's text edits even where it was not sure of them, and any "
                        "model's text edit that leaves a Python file broken (it no longer parses, or uses a name "
                        "nothing defines any more); by default such a draft is withheld, shown as a failed block "
                        "with the reason")  # fmt: skip


def add_read_argument(parser: argparse.ArgumentParser) -> None:
    """--no-read: the model drafts every edit; by default, with the builtin pair, an instruction
    (or a reviewer's note correcting it) that the app's readers read plainly is made as an
    operation, with no model run."""
    parser.add_argument("--no-read", dest="read", action="store_false",
                        help="have the model draft every edit as a text edit (by default, with the builtin pair, an "
                        "instruction the app reads plainly, a rename, value, import, deletion, parameter, try/except, "
                        "type hints, docstring or inserted statement, or a reviewer's note that corrects a name or "
                        "value of it, is made as an operation by specdraft.ops, and the draft says so; a model "
                        "server is offered the operations as tools, and may answer with them)")  # fmt: skip


def add_format_argument(parser: argparse.ArgumentParser) -> None:
    """--format, the edit_format setting: how the model is asked for an edit (every command that drafts)."""
    parser.add_argument("--format", "--edit-format", dest="edit_format", choices=EDIT_FORMATS,
                        help="how the model is asked for an edit: whole (the whole file in a fence; to a server "
                             "the original goes as a predicted output), search-replace (SEARCH/REPLACE blocks), "
                             "udiff (a unified diff), builtin (the builtin pair's own prompt, e.g. for a server "
                             "hosting engine/builtin); default: the edit_format setting, else builtin for the "
                             "builtin pair, whole for other checkpoints, search-replace for a server")  # fmt: skip


def make_backend(settings: Any) -> Any:
    """The backend the settings name (nothing is loaded or contacted yet)."""
    from specdraft.engine.backends import open_backend

    return open_backend(
        model=settings.model,
        server=settings.server or None,
        draft_model=settings.draft_model or None,
        drafter=settings.drafter,
        api_key_env=settings.api_key_env or None,
        dtype=settings.dtype,
        edit_format=settings.edit_format,
        request_timeout=settings.request_timeout,  # a server's only: the local engine ignores it
    )


class _Progress:
    """Draft progress on standard error: a line per request, live figures on a terminal."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.live = _isatty(self.stream)
        self.label = ""

    def __call__(self, event: str, payload: Any) -> None:
        if event == "start":
            self.label = str(payload)
            self._line(f"specdraft edit: drafting {self.label} ...", end="\n" if not self.live else "")
        elif event == "piece" and self.live and payload is not None:
            self._line(f"\rspecdraft edit: drafting {self.label}: {payload.summary()}\x1b[K", end="")
        elif event == "kept":
            self._line(f"specdraft edit: {payload}")
        elif event == "done":
            prefix = "\r" if self.live else ""
            self._line(f"{prefix}specdraft edit: drafted {self.label}: {payload.summary()}\x1b[K"
                       if self.live else f"specdraft edit: drafted {self.label}: {payload.summary()}")  # fmt: skip

    def _line(self, text: str, end: str = "\n") -> None:
        self.stream.write(text + end)
        self.stream.flush()


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def run(args: argparse.Namespace) -> int:
    from specdraft.core.config import load_settings
    from specdraft.core.git import GitRepo, recover_interrupted_write
    from specdraft.drafting.flow import EditFlow
    from specdraft.drafting.requests import EditRequester, read_sources

    repo = GitRepo(".")
    if (recovered := recover_interrupted_write(repo.git_dir)) is not None:  # a crash half way through an apply
        print(f"specdraft: {recovered}", file=sys.stderr)
    settings = load_settings(repo.root, flags={
        "model": args.model, "server": args.server, "draft_model": args.draft_model,
        "drafter": args.drafter, "dtype": args.dtype, "context": args.context, "theme": args.theme,
        "request_timeout": args.request_timeout, "edit_format": args.edit_format,
    })  # fmt: skip
    stage = args.stage or args.commit
    if (args.message or args.edit_message) and not args.commit:
        raise UserError("--message and --edit-message go with --commit")
    repo.require_no_operation_in_progress()
    if args.commit and repo.run("diff", "--cached", "--quiet", check=False).returncode != 0:
        raise UserError("the index already holds staged changes: commit or unstage them first, "
                        "or drop --commit (then --stage adds the accepted hunks to them)")  # fmt: skip
    answers, output = sys.stdin.buffer, sys.stdout.buffer
    use_tui = not args.plain and not args.yes and _isatty(answers) and _isatty(sys.stdout)
    if (not args.instruction or not args.paths or args.ask) and use_tui:
        if not _ask_in_tui(args, repo):
            print("specdraft edit: nothing asked, nothing done", file=sys.stderr)
            return 0
    if not args.instruction:
        raise UserError('say what to change: specdraft edit "INSTRUCTION" PATH...')
    if not args.paths:
        raise UserError('give the files to edit after the instruction: specdraft edit "..." PATH...')
    sources = read_sources(repo.root, args.paths)
    from specdraft.core.config import first_use_of_server

    if (notice := first_use_of_server(settings, repo.state_dir)) is not None:
        print(f"specdraft edit: {notice}", file=sys.stderr)  # before anything is sent
    backend = make_backend(settings)

    drafter = EditRequester(backend, repo.root, on_progress=_Progress(), max_new_tokens=args.max_new_tokens,
                            read=args.read, operations=args.read, show_unsure=args.show_unsure)  # fmt: skip
    flows: list[EditFlow] = []
    if use_tui:  # the review opens at once; hunks appear as they stream in
        flow = EditFlow(drafter, args.instruction, sources, context=settings.context)
        flows.append(flow)
        if not _first_round_in_tui(flow, drafter, settings, stage):
            print("specdraft edit: quit without applying anything", file=sys.stderr)
            return EXIT_NOTHING_APPLIED if _every_block_failed(flows) else EXIT_OK
        applied_files, stale = _apply(flow, repo, stage, backend, args.yes)
    else:
        applied_files, stale = _plain_rounds(drafter, sources, flows, repo, args, settings, stage, answers, output,
                                             backend)  # fmt: skip
    for path in stale:
        print(f"specdraft edit: {path} changed since the draft was made; its hunks were not "
              "applied: run specdraft edit again to redraft it", file=sys.stderr)  # fmt: skip
    if args.edit_message is None:
        args.edit_message = not args.yes and _isatty(answers)
    refused: list[str] = []
    print(_finish(flows, applied_files, repo, backend, args, stage, refused))
    for reason in refused:
        print(f"specdraft edit: no commit was made ({reason}); the accepted hunks are applied and staged: "
              "commit them with git commit", file=sys.stderr)  # fmt: skip
    if stale:
        return EXIT_STALE
    if refused:
        return EXIT_NOT_COMMITTED
    if not applied_files and _every_block_failed(flows):
        print("specdraft edit: every block of the draft failed (listed above); nothing could be applied: "
              "run it again, or say more exactly what to change", file=sys.stderr)  # fmt: skip
        return EXIT_NOTHING_APPLIED
    return EXIT_OK


def _every_block_failed(flows) -> bool:
    """Every draft finished, yet none gave a hunk to review: each had only failed blocks (a
    SEARCH text that matched nothing or several places, a refused path)."""
    rounds = [round_ for flow in flows for round_ in flow.rounds]
    return (bool(rounds) and all(r.draft.complete and not r.session.units for r in rounds)
            and any(r.failures for r in rounds))  # fmt: skip


def _plain_rounds(drafter, sources, flows: list, repo, args, settings, stage: bool, answers: BinaryIO,
                  output: BinaryIO, backend) -> tuple[int, list[str]]:  # fmt: skip
    """Draft, review in plain mode (or --yes), apply; again from disk for the files that changed
    meanwhile when the human says so. Appends each flow to ``flows``; (files written, stale paths)."""
    from specdraft.drafting.flow import EditFlow
    from specdraft.drafting.requests import read_sources

    applied_files = 0
    stale: list[str] = []
    while True:
        flow = EditFlow(drafter, args.instruction, sources, context=settings.context)
        round_ = flow.first()
        if not round_.draft.complete:
            reasons = ", ".join(round_.draft.finish_reasons) or "no answer"
            if not flows:
                raise NothingApplied(f"the draft did not finish ({reasons}): nothing was applied; run it "
                                     "again (a larger --max-new-tokens, or fewer files)")  # fmt: skip
            print(f"specdraft edit: the redraft did not finish ({reasons}); nothing of it is used",
                  file=sys.stderr)  # fmt: skip
            return applied_files, stale
        flows.append(flow)
        _review(flow, round_, repo, args, stage, answers, output)
        try:
            applied, stale_now = _apply(flow, repo, stage, backend, args.yes)
        except UserError as error:
            if not applied_files:
                raise  # nothing was applied: exit 2 says so
            print(f"specdraft edit: the redrafted files were not applied: {error}", file=sys.stderr)
            return applied_files, stale  # an earlier round's files were: say what was not
        applied_files += applied
        stale = stale_now
        if not stale or args.yes or not _ask_redraft_stale(stale, answers, output):
            return applied_files, stale
        sources = read_sources(repo.root, stale)  # the files as they are now: your work is the base


def _review(flow, round_, repo, args, stage: bool, answers: BinaryIO, output: BinaryIO) -> None:
    """The review rounds of one flow in plain mode (or --yes); the TUI's are _first_round_in_tui's."""
    while True:
        _show_round(round_, output)
        if not round_.session.units:
            return
        if args.yes:
            from specdraft.core.session import Decision

            round_.session.set_decisions(list(range(len(round_.session.units))), Decision.ACCEPTED)
            return
        _review_plain(round_, repo, stage, answers, output)
        note = _ask_note(round_, answers, output)
        if note is None:
            return
        try:
            again = flow.redraft(note)
        except Exception as error:  # a broken redraft must not lose what was accepted before
            from specdraft.engine.errors import EngineError

            if not isinstance(error, (EngineError, UserError)):
                raise
            print(f"specdraft edit: the redraft failed ({error}); applying what was accepted",
                  file=sys.stderr)  # fmt: skip
            return
        if again is None:
            return
        if not again.draft.complete:
            reasons = ", ".join(again.draft.finish_reasons)
            print(f"specdraft edit: the redraft did not finish ({reasons}); nothing of it is used",
                  file=sys.stderr)  # fmt: skip
            return
        round_ = again


def _ask_in_tui(args: argparse.Namespace, repo) -> bool:
    """The instruction box and the file finder; False when the human left without asking."""
    import os

    from specdraft.ui.tui.edit import InstructionApp

    listed = repo.run("ls-files", "-z", "--cached", "--others", "--exclude-standard").stdout
    files = sorted({name.decode("utf-8", "surrogateescape") for name in listed.split(b"\0") if name})
    here = os.path.relpath(os.getcwd(), repo.root)
    chosen = [os.path.normpath(os.path.join(here, path)).replace(os.sep, "/") for path in args.paths]
    asked = InstructionApp(files, instruction=args.instruction or "", chosen=chosen, where=str(repo.root),
                           suggestions=args.suggest).run()  # fmt: skip
    if not asked:
        return False
    args.instruction, picked = asked
    args.paths = [str(repo.root / path) for path in picked]
    return True


class EditTui:
    """The review app for a first round that is shown while its draft streams in."""

    def __init__(self, flow, drafter, settings, *, round_=None, stream: bool | None = None, stage: bool = False,
                 themes=None, environ=None):  # fmt: skip
        """Streams the first round's draft into the review; with ``round_``, a redraft: streamed
        into the review too when it starts empty (``stream``, flow.start_redraft), else only shown."""
        import threading

        from specdraft.ui.tui.edit import EditReviewApp

        self.flow = flow
        self.round = round_ or flow.start()
        self.cancel = threading.Event()
        self.errors: list[Exception] = []
        where = "index and worktree" if stage else "worktree"
        effects = _effects(f"written to the {where}")
        redrafts = sum(round_.redraft for round_ in flow.rounds)
        title = f"specdraft edit · redraft {redrafts}" if self.round.redraft else "specdraft edit"
        self.app = EditReviewApp(self.round.session, title=title, settings=settings,
                                 themes=themes, environ=environ, failures=lambda: self.round.failures,
                                 originals=lambda: flow.originals, repo_root=drafter.repo_root,
                                 stats=flow.stats, instruction=flow.instruction, **effects)  # fmt: skip
        if stream if stream is not None else round_ is None:
            drafter.cancel = self.cancel
            drafter.on_progress = _TuiProgress(self.app)
            verb = "redrafting" if self.round.redraft else "drafting"
            self.app.draft_progress(f"{verb} with {drafter.backend.name} ...")
            self.app.draft_while_shown(self._job, self.cancel)
        elif self.round.redraft:
            self.app.draft_progress(self._done_text("redrafted: ", self.round.draft.summary()))

    def _done_text(self, head: str, summary: str) -> str:
        """The status bar's draft line once the draft is in: its statistics, and whether a
        redraft only repeated what the human rejected."""
        repeats = self.round.repeats_text(self.app.key_for("edit"))
        return head + summary + (f" · {repeats}" if repeats else "")

    def _job(self) -> None:
        from specdraft.engine.errors import EngineError

        try:
            draft = self.flow.stream_into(self.round, on_grew=self._grew)
        except (EngineError, UserError) as error:
            self.errors.append(error)
            self.app.draft_progress(f"draft failed: {error}")
            return
        head = ("redrafted: " if self.round.redraft else "drafted: ") if draft.complete else "draft incomplete: "
        self.app.draft_progress(self._done_text(head, draft.summary()))
        if draft.complete and self.round.repeats:
            self.app.notify_from_worker(self.round.repeats_text(self.app.key_for("edit")), severity="warning")

    def _grew(self, note: str) -> None:
        if self.app.is_running and not self.cancel.is_set():
            try:
                self.app.session_grew(note)
            except RuntimeError:  # the app closed in between
                pass

    def finished(self, result) -> bool | str:
        """After the app exits: True to apply what was accepted, False to apply nothing, a note
        to redraft with, or ("stale", paths): apply what was accepted, then redraft those files
        from disk (R); UserError when the draft broke."""
        self.cancel.set()  # a draft still streaming stops now
        redraft = isinstance(result, tuple) and len(result) == 2 and result[0] in ("redraft", "stale")
        if result is not True and not redraft:
            return False
        if self.round.redraft and (self.errors or not self.round.draft.complete):
            why = str(self.errors[0]) if self.errors else ", ".join(self.round.draft.finish_reasons) or "still drafting"
            print(f"specdraft edit: the redraft did not finish ({why}); nothing of it is used, "
                  "applying what was accepted before", file=sys.stderr)  # fmt: skip
            self.flow.discard(self.round)
            return True
        if self.errors:
            from specdraft.engine.errors import IncompleteDraft

            broke_off = isinstance(self.errors[0], (IncompleteDraft, NothingApplied))
            raise (NothingApplied if broke_off else UserError)(f"{self.errors[0]}; nothing was applied")
        if not self.round.draft.complete:
            reasons = ", ".join(self.round.draft.finish_reasons) or "still drafting"
            raise NothingApplied(f"the draft did not finish ({reasons}): nothing was applied; run it again")
        if redraft and result[0] == "stale":
            return result
        return result[1] if redraft else True


def _effects(accepted: str) -> dict:
    """The quit question's words for what applying does (when the review app takes them)."""
    try:
        from specdraft.core.session import Effects
    except ImportError:  # an older review module: the app says "applied"
        return {}
    return {"effects": Effects(accepted=accepted, rejected=None)}


class _TuiProgress:
    """Draft progress into the TUI's status bar, at most a few times a second."""

    def __init__(self, app, interval: float = 0.25):
        self.app = app
        self.interval = interval
        self.label = ""
        self.last = 0.0

    def __call__(self, event: str, payload: Any) -> None:
        import time

        if event == "start":
            self.label = str(payload)
            self.app.draft_progress(f"drafting {self.label} ...")
        elif event == "piece" and payload is not None and time.monotonic() - self.last >= self.interval:
            self.last = time.monotonic()
            self.app.draft_progress(f"drafting {self.label}: {payload.summary()}")


def _first_round_in_tui(flow, drafter, settings, stage: bool) -> bool:
    """The review in the TUI, round after round while the human rejects with a note (r) or
    redrafts a file that changed on disk (R); True to apply what was accepted."""
    tui = EditTui(flow, drafter, settings, stage=stage)
    outcome = tui.finished(tui.app.run())
    while isinstance(outcome, (str, tuple)):
        try:  # the redraft streams into the next review, its progress in the status bar
            if isinstance(outcome, tuple):  # ("stale", paths): redraft them from the files as they are now
                root = drafter.repo_root
                now = {path: _read_now(root, path) for path in outcome[1]}
                again = flow.start_redraft(from_disk=now)
            else:
                again = flow.start_redraft(outcome)
        except UserError as error:
            print(f"specdraft edit: the redraft failed ({error}); applying what was accepted", file=sys.stderr)
            return True
        if again is None:
            print("specdraft edit: nothing was redrafted; applying what was accepted", file=sys.stderr)
            return True
        tui = EditTui(flow, drafter, settings, round_=again, stream=True, stage=stage)
        outcome = tui.finished(tui.app.run())
        for hunk_id in again.dropped:
            print(f"specdraft edit: a redrafted hunk ({hunk_id}) would change lines you accepted; dropped",
                  file=sys.stderr)  # fmt: skip
    return outcome


def _read_now(root, path: str) -> bytes | None:
    """A file's bytes as they are now, confined to the repository; None when it is gone or can
    no longer be drafted (a directory, a binary file): nothing is redrafted for it."""
    from specdraft.drafting.requests import read_sources

    try:
        return read_sources(root, [str(Path(root) / path)])[0].data
    except UserError:
        return None


def _ask_redraft_stale(stale: list[str], answers: BinaryIO, output: BinaryIO) -> bool:
    """Section 7: a file changed while it was drafted or reviewed; one key redrafts it."""
    names = ", ".join(stale)
    output.write(f"{names} changed since the draft was made; nothing of it was applied. "
                 "Redraft from the file as it is now [y,n]? ".encode())  # fmt: skip
    output.flush()
    line = answers.readline()
    return line.decode("utf-8", "replace").strip().lower().startswith("y")


def _show_round(round_, output: BinaryIO) -> None:
    """Failed blocks (the model's text and the reason), dropped hunks, and what is new."""
    from specdraft.ui.plain import failed_blocks_text

    output.write(failed_blocks_text(round_.failures))  # the model's text, its control characters as escapes
    for hunk_id in round_.dropped:
        print(f"specdraft edit: a redrafted hunk ({hunk_id}) would change lines you accepted; dropped",
              file=sys.stderr)  # fmt: skip
    if round_.redraft and round_.session.units:
        count = len(round_.session.units)
        output.write(f"redraft: {count} new hunk{'s' if count != 1 else ''}\n".encode())
        if round_.repeats:  # the model ignored the note: say so, and how to fix the hunk by hand
            output.write(f"specdraft edit: {round_.repeats_text('e')}\n".encode())
    if not round_.session.units and not round_.failures:
        print(f"specdraft edit: nothing to review: {round_.draft.made_by} changed nothing; say it in other words, "
              "or use a larger model (--model DIR, --server URL)", file=sys.stderr)  # fmt: skip
    output.flush()


def _review_plain(round_, repo, stage: bool, answers: BinaryIO, output: BinaryIO) -> None:
    from specdraft.ui import plain

    plain.review_in_plain_mode(
        round_.session, repo, texts=plain.APPLY_INDEX if stage else plain.APPLY,
        stdin=answers, stdout=output,
    )  # fmt: skip


def _ask_note(round_, answers: BinaryIO, output: BinaryIO) -> str | None:
    """After the questions: a note redrafts the rejected and undecided hunks; None: no redraft."""
    from specdraft.core.session import Decision

    open_units = [u for u in round_.session.units if u.decision in (Decision.REJECTED, Decision.PENDING)]
    if not open_units:
        return None
    output.write(f"Redraft the {len(open_units)} rejected or undecided hunk"
                 f"{'s' if len(open_units) != 1 else ''} with a note (empty: no redraft)? ".encode())  # fmt: skip
    output.flush()
    line = answers.readline()
    if not line:
        return None
    note = line.decode("utf-8", "replace").strip()
    return note or None


def _apply(flow, repo, stage: bool, backend, unattended: bool) -> tuple[int, list[str]]:
    """Record the flow's review, then write what it accepted, stale files left out: (files
    written, stale paths). The record goes first: when it cannot be written, nothing is."""
    from specdraft.drafting.edits import edits_patch, is_stale

    fresh, stale = [], []
    for edit in flow.final_edits():
        (stale if is_stale(repo.root, edit) else fresh).append(edit)
    patch = edits_patch(fresh)
    if patch:
        repo.check(patch, index=stage)  # before the record: a patch that does not apply records nothing
    _record(flow, repo, backend, unattended)
    if patch:
        repo.apply(patch, index=stage)  # checked again; each file atomic, all or nothing
    return len(fresh), [edit.path for edit in stale]


def _finish(flows, files: int, repo, backend, args, stage: bool, refused: list[str] | None = None) -> str:
    """Commit when asked; the summary line. Why a commit asked for was not made goes into ``refused``."""
    stats = sum((flow.stats() for flow in flows[1:]), flows[0].stats()) if flows else None
    totals = {key: getattr(stats, key, 0) for key in ("accepted", "edited", "rejected", "pending", "total")}
    counts = stats.counts_text() if stats else "0 accepted, 0 edited, 0 rejected, 0 undecided"
    if not files:
        return f"specdraft edit: nothing applied ({counts})"
    where = "index and worktree" if stage else "worktree"
    summary = f"specdraft edit: applied to {files} file{'s' if files != 1 else ''} in the {where} ({counts})"
    if args.commit:
        subject = args.message or _drafted_message(backend, args.instruction, repo) or args.instruction
        drafters = sorted({round_.draft.drafter for flow in flows for round_ in flow.rounds if round_.session.units})
        message = commit_message(subject, ", ".join(drafters) or backend.name, totals, args.yes)
        reason = _commit_with_editor(repo, message) if args.edit_message else _commit(repo, message)
        if reason is not None:
            if refused is not None:
                refused.append(reason)
            return summary + "; not committed"
        head = repo.run("rev-parse", "--short", "HEAD").stdout.decode().strip()
        summary += f"; committed {head}"
    return summary


def _commit(repo, message: str) -> str | None:
    """``git commit`` with ``message``; None, or why it made no commit: what git and the hooks
    said, every line of it, control characters shown escaped."""
    from specdraft.core.visible import visible

    done = repo.run("commit", "-q", "-F", "-", input=message.encode(), check=False)
    if done.returncode == 0:
        return None
    said = (done.stderr + b"\n" + done.stdout).decode("utf-8", "replace").strip()
    lines = [visible(line, keep_newlines=False) for line in said.splitlines() if line.strip()]
    if not lines:
        return f"git commit exited with status {done.returncode}"
    return "git commit said:\n" + "\n".join("  " + line for line in lines) + "\n"


def _drafted_message(backend, instruction: str, repo) -> str | None:
    """The model's commit message for the staged (accepted) diff; None: use the instruction."""
    from specdraft.drafting.commit_message import draft_commit_message

    diff = repo.run("diff", "--cached", "--no-color", "--no-ext-diff").stdout.decode("utf-8", "replace")
    print(f"specdraft edit: drafting the commit message with {backend.name} ...", file=sys.stderr)
    drafted = draft_commit_message(backend, instruction, diff)
    if drafted is None:
        print("specdraft edit: no usable commit message from the model; the instruction is the subject",
              file=sys.stderr)  # fmt: skip
    return drafted


def _commit_with_editor(repo, message: str) -> str | None:
    """``git commit -e`` on the drafted message, the editor on this terminal (as git runs it);
    None, or why no commit was made."""
    import subprocess

    repo.state_dir.mkdir(parents=True, exist_ok=True)
    path = repo.state_dir / "EDIT_COMMIT_MSG"
    path.write_text(message, encoding="utf-8")
    try:
        result = subprocess.run(["git", "commit", "-q", "-e", "-F", str(path)], cwd=repo.root)
    finally:
        path.unlink(missing_ok=True)
    if result.returncode != 0:  # git said why on the terminal
        return "an empty message, or a hook refused it"
    return None


def commit_message(subject: str, model: str, totals: dict[str, int], unattended: bool) -> str:
    """The commit message: the subject, then the ``Drafted-by`` and ``Reviewed`` trailers."""
    lines = subject.strip().splitlines() or ["specdraft edit"]
    first = lines[0].strip()
    if len(first) > 72:
        first = first[:71].rstrip() + "…"
    body = "\n".join(lines[1:]).strip()
    accepted = totals["accepted"] + totals["edited"]
    reviewed = f"{accepted}/{totals['total']} hunks accepted, {totals['edited']} edited"
    if unattended:
        reviewed += " (accepted with --yes, not reviewed)"
    text = first + "\n\n"
    if body:
        text += body + "\n\n"
    return text + f"Drafted-by: {model}\nReviewed: {reviewed}\n"


def _record(flow, repo, backend, unattended: bool) -> None:
    """The review record: every drafted hunk of every round of ``flow``, under .git/."""
    from specdraft.drafting.provenance import record_session

    for round_ in flow.rounds:
        if round_.session.units:
            record_session(repo, round_.session, drafter=round_.draft.drafter, unattended=unattended)
