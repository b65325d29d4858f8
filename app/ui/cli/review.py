"""`specdraft review`: review a git diff hunk by hunk, then apply what was accepted through git.

Modes: unstaged changes (accepted hunks are staged; ``--discard`` reverts the
rejected ones in the worktree after a confirmation); ``--staged`` (rejected hunks are unstaged
and stay in the worktree); ``REV`` or ``REV1..REV2`` (read-only, ``--report`` writes the
decisions as JSON); ``--patch FILE`` (accepted hunks applied to the worktree, ``--index`` stages
them too). The TUI runs when stdin and stdout are terminals, the plain ``git add -p``-style
interface otherwise or with ``--plain``. Cheap to import: textual is loaded only for the TUI.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from specdraft.core.errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_USER_ERROR, UserError

EXIT_CODES = f"""\
exit codes:
  {EXIT_OK:<4} done: the accepted hunks were applied, or the review was read-only, or you quit
       (--resume continues it)
  {EXIT_USER_ERROR:<4} a usage or user error (a bad flag, nothing to review, a patch that does not
       apply, files that changed meanwhile): nothing was applied
  {EXIT_INTERRUPTED:<4} interrupted (Ctrl-C): the review is saved; --resume continues it
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    parser.epilog = EXIT_CODES
    add_examples(parser, "%(prog)s                        # the unstaged changes, like git add -p",
                 "%(prog)s --staged --plain       # the index, one answer per line on standard input",
                 "%(prog)s HEAD~3..HEAD --report review.json")  # fmt: skip
    parser.add_argument(
        "revs",
        nargs="?",
        metavar="REV | REV1..REV2",
        help="review a commit (against its parent) or a range, read-only",
    )
    parser.add_argument(
        "--staged",
        action="store_true",
        help="review the staged changes: rejected hunks are unstaged (kept in the worktree)",
    )
    parser.add_argument(
        "--only-unreviewed",
        action="store_true",
        help="with --staged: only the hunks holding AI-drafted lines that no human reviewed "
        "(what the pre-commit hook lists)",
    )
    parser.add_argument(
        "--drafted",
        action="store_true",
        help="review what AI agents wrote (specdraft run / watch / agent install): the lines no "
        "human reviewed yet, grouped by agent and turn; rejected hunks are reverted in the worktree",
    )
    parser.add_argument("--agent", metavar="NAME", help="with --drafted: only this agent's lines")
    parser.add_argument(
        "--wait",
        action="store_true",
        help="with --drafted: open the review even when nothing waits yet; new hunks join as written",
    )
    parser.add_argument(
        "--patch",
        metavar="FILE",
        help="review a patch file ('-' for standard input): accepted hunks go to the worktree",
    )
    parser.add_argument(
        "--index", action="store_true", help="with --patch: stage the accepted hunks too"
    )
    parser.add_argument(
        "--discard",
        action="store_true",
        help="revert the rejected hunks in the worktree (asks for confirmation first)",
    )
    parser.add_argument(
        "--yes", "-y", action="store_true", help="with --discard: do not ask for confirmation"
    )
    parser.add_argument(
        "--resume", action="store_true", help="continue the review that was interrupted"
    )
    parser.add_argument(
        "--report", metavar="FILE", help="write the decisions and statistics as JSON to FILE"
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="git add -p style questions, one answer per line on standard input",
    )
    parser.add_argument("--theme", metavar="NAME", help="colour theme for the TUI")
    parser.add_argument(
        "--context",
        "-U",
        type=int,
        metavar="N",
        help="lines of context around each hunk (default: the config's context, else git's "
        "diff.context, else 3)",
    )


@dataclass
class _Mode:
    name: str  # "unstaged" | "staged" | "revs" | "patch"
    title: str
    read_only: bool = False
    accepted_effect: str | None = None  # what applying does to accepted hunks (None: nothing)
    rejected_effect: str | None = None  # ... and to rejected ones


def _mode(args: argparse.Namespace) -> _Mode:
    if (args.agent or args.wait) and not args.drafted:
        raise UserError("--agent and --wait only go with --drafted")
    if args.drafted and (args.revs or args.staged or args.patch or args.discard or args.report):
        raise UserError(
            "--drafted reviews what agents wrote in the worktree: it cannot be combined with a "
            "revision, --staged, --patch, --discard or --report"
        )
    if args.revs and (args.staged or args.patch or args.discard):
        raise UserError(
            "a revision review is read-only: it cannot be combined with --staged, --patch or --discard"
        )
    if args.staged and args.patch:
        raise UserError("--staged and --patch cannot be combined; choose one")
    if args.only_unreviewed and not args.staged:
        raise UserError("--only-unreviewed only goes with --staged")
    if args.index and not args.patch:
        raise UserError("--index only goes with --patch FILE")
    if args.discard and (args.staged or args.patch):
        raise UserError("--discard only goes with a review of unstaged changes")
    if args.revs:
        return _Mode("revs", f"review {args.revs}", read_only=True)
    if args.staged:
        return _Mode(
            "staged", "review staged changes", rejected_effect="unstaged (kept in the worktree)"
        )
    if args.patch:
        where = "index and worktree" if args.index else "worktree"
        return _Mode(
            "patch", f"review {args.patch} (to the {where})", accepted_effect=f"applied to the {where}"
        )
    return _Mode(
        "unstaged",
        "review unstaged changes",
        accepted_effect="staged",
        rejected_effect="reverted in the worktree" if args.discard else None,
    )


# The largest patch file read (--patch): the review holds a few copies of it in memory, and
# /dev/zero or a stream that never ends must be an error, not the machine's memory.
MAX_PATCH_BYTES = 64 * 1024 * 1024


def _read_patch_file(name: str) -> bytes:
    """The patch's bytes, at most MAX_PATCH_BYTES of them (UserError beyond)."""
    try:
        if name == "-":
            data = sys.stdin.buffer.read(MAX_PATCH_BYTES + 1)
        else:
            with open(name, "rb") as file:
                data = file.read(MAX_PATCH_BYTES + 1)
    except OSError as error:
        raise UserError(f"cannot read the patch {name}: {error.strerror or error}") from None
    if len(data) > MAX_PATCH_BYTES:
        raise UserError(
            f"the patch {name} is larger than {MAX_PATCH_BYTES // (1024 * 1024)} MiB; nothing was "
            "reviewed or applied: split it (git apply --include / --exclude pick files), or review "
            "the changes in the worktree with specdraft review"
        )
    return data


def _paths(files) -> list[str]:
    paths: list[str] = []
    for file in files:
        for path in (file.old_path, file.new_path):
            if path is not None and path not in paths:
                paths.append(path)
    return paths


def run(args: argparse.Namespace) -> int:
    from specdraft.core.config import load_settings
    from specdraft.core.diffs import build_patch, parse_diff
    from specdraft.core.git import GitRepo, recover_interrupted_write
    from specdraft.core.session import ReviewSession

    mode = _mode(args)
    if args.drafted:
        from specdraft.ui.cli.agent_review import run_drafted

        tui = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
        return run_drafted(args, warm_up=_warm_up_tui() if tui else None)
    _check_report_path(args.report)  # before anything is read, saved or applied
    repo = GitRepo(".")
    if (recovered := recover_interrupted_write(repo.git_dir)) is not None:  # a crash half way through an apply
        print(f"specdraft: {recovered}", file=sys.stderr)
    settings = load_settings(repo.root, flags={"theme": args.theme, "context": args.context})
    if settings.source("context") != "default":  # else git's diff.context, as git add -p
        repo.context = settings.context
    answers, output = _streams(args)
    use_tui = _use_tui(args, answers)
    if args.theme is not None or use_tui:
        _check_theme(settings)  # before anything heavy is read or any state is saved
    first_path = _warm_up_tui() if use_tui else lambda path: None
    repo.require_head()
    if not mode.read_only:
        repo.require_no_operation_in_progress()

    base_tree = "HEAD"
    if mode.name == "revs":
        base_tree, _, data = repo.diff_revs(args.revs)
        key = hashlib.sha1(args.revs.encode()).hexdigest()[:12]
        empty = f"nothing to review: {args.revs} changes nothing"
    elif mode.name == "staged":
        data = repo.diff_staged()
        key = "staged-unreviewed" if args.only_unreviewed else "staged"
        empty = "nothing to review: no staged changes (git add some, or review unstaged ones without --staged)"
    elif mode.name == "patch":
        data = _read_patch_file(args.patch)
        key = "patch-" + hashlib.sha1(data).hexdigest()[:12]
        empty = f"nothing to review: {args.patch} holds no diff"
    else:
        data = repo.diff_unstaged()
        key = "unstaged"
        empty = "nothing to review: no unstaged changes (use --staged to review staged ones)"
    try:
        files = parse_diff(data)
        first_path(files[0].path if files else None)
        if files and mode.name == "patch":
            # checked as it will be applied: rebuilt from what the review shows, so the check,
            # the questions and the apply all read the patch one way (its -p level included)
            everything = {hunk.id: frozenset(hunk.change_indices) for f in files for hunk in f.hunks}
            repo.check(build_patch(files, everything), index=args.index)
    except UserError as error:
        if mode.name != "patch":
            raise
        raise UserError(f"{args.patch}: {error}") from None
    if not files:
        raise UserError(empty)

    from specdraft.core.diffs import EDIT_HINTS

    hint = EDIT_HINTS["stage"] if mode.name == "unstaged" else EDIT_HINTS["accept"]
    comment = repo.comment_string()
    state_path = repo.state_dir / f"review-{key}.json"
    if args.resume:
        session = ReviewSession.load(
            state_path, files, source=mode.title, edit_hint=hint, comment=comment
        )
    else:
        if state_path.exists():
            print(
                "specdraft review: starting afresh; the interrupted review that was saved is "
                "replaced (use --resume to continue one)",
                file=sys.stderr,
            )
        session = ReviewSession(
            files, source=mode.title, state_path=state_path, edit_hint=hint, comment=comment
        )
        session.save()
    for message in session.messages:
        print(f"specdraft review: {message}", file=sys.stderr)
    drafted = _drafted_hunks(repo, settings) if mode.name == "staged" else {}
    hidden = []  # --only-unreviewed: hunks not shown, kept staged as they are
    if args.only_unreviewed:
        hidden = [u for u in session.units if (u.hunk.parent_id or u.id) not in drafted]
        session.units = [u for u in session.units if (u.hunk.parent_id or u.id) in drafted]
        if not session.units:
            session.discard_saved()
            raise UserError("nothing to review: no staged AI-drafted lines are unreviewed")
        session.index = 0

    if mode.name == "unstaged":
        session.patch_checker = lambda patch: repo.check(patch, cached=True)
    elif mode.name == "patch":
        session.patch_checker = lambda patch: repo.check(patch, index=args.index)
    else:  # staged or revs: the edit applies to the old side of the diff
        session.patch_checker = lambda patch: repo.check_on_tree(patch, base_tree)
    # staging and unstaging depend on HEAD and the index only; the other modes on the files too
    snapshot = repo.snapshot(_paths(files), worktree=mode.name != "staged")
    if mode.name in ("unstaged", "staged"):
        # the snapshot is what applying checks against later: make sure it shows what was read
        again = repo.diff_unstaged() if mode.name == "unstaged" else repo.diff_staged()
        if again != data:
            raise UserError("files changed while specdraft was reading them; try again")

    try:
        go_on = _interact(session, mode, args, repo, answers, output, settings, use_tui)
    except KeyboardInterrupt:  # Ctrl+C: every decision was saved as it was made
        if sys.stderr.isatty():
            print(file=sys.stderr)  # the question's line ends with the ^C the terminal echoed
        print(f"specdraft review: {_interrupted(session, args)}", file=sys.stderr)
        return 130
    if not go_on:
        print(
            "specdraft review: quit without applying anything; --resume continues this review",
            file=sys.stderr,
        )
        _write_report(args, session, mode)
        return 0

    reviewed_units = list(session.units)
    session.units.extend(hidden)  # pending: kept staged
    if drafted:  # recorded first: a record that cannot be written leaves the index as it was
        from specdraft.drafting.provenance import record_review

        record_review(repo, reviewed_units, drafted)
    # the report holds the decisions, known now: written before anything is applied, so that a
    # report a full disk refuses leaves everything as it was (exit 2 says nothing was applied)
    _write_report(args, session, mode)
    summary = _apply(session, mode, args, repo, snapshot, answers, output)
    session.discard_saved()  # applied: nothing is left to resume
    print(summary)
    return 0


def _interrupted(session, args: argparse.Namespace) -> str:
    """What Ctrl+C kept, and the command that goes on with it."""
    problems = [m for m in session.messages if m.startswith("could not save")]
    if problems:
        return f"interrupted; the decisions were not saved ({problems[0]})"
    decided = session.stats().decided
    return (
        f"interrupted: {decided} decision{'s' if decided != 1 else ''} saved; "
        f"`{_resume_command(args)}` goes on from the first undecided hunk"
    )


def _resume_command(args: argparse.Namespace) -> str:
    """This review's command line with --resume: the flags that choose what is reviewed and how."""
    import shlex

    words = ["specdraft", "review"]
    if args.revs:
        words.append(args.revs)
    if args.plain:
        words.append("--plain")
    for flag in ("staged", "only_unreviewed"):
        if getattr(args, flag):
            words.append("--" + flag.replace("_", "-"))
    if args.patch:
        words += ["--patch", args.patch]
    for flag in ("index", "discard"):
        if getattr(args, flag):
            words.append("--" + flag)
    if args.context is not None:  # hunks are matched by their text, context lines included
        words += ["--context", str(args.context)]
    return shlex.join(words + ["--resume"])


def _drafted_hunks(repo, settings) -> dict[str, list[str]]:
    """Staged hunk id -> drafters, for the hunks holding AI-drafted lines nobody reviewed."""
    from specdraft.drafting.hook import check_staged

    findings = check_staged(repo, settings).classification.findings
    drafted: dict[str, list[str]] = {}
    for finding in findings:
        names = drafted.setdefault(finding.hunk.id, [])
        names.extend(name for name in finding.drafters if name not in names)
    return drafted


def _streams(args: argparse.Namespace) -> tuple[BinaryIO, BinaryIO]:
    """Where answers come from: stdin, or the terminal when stdin carried the patch."""
    if args.patch == "-":
        try:
            return open("/dev/tty", "rb"), sys.stdout.buffer  # noqa: SIM115 - lives as long as the run
        except OSError:
            raise UserError(
                "with --patch -, the answers cannot also come from standard input; "
                "save the patch to a file and give its name"
            ) from None
    return sys.stdin.buffer, sys.stdout.buffer


def _warm_up_tui():
    """Import the TUI in a thread while git runs (the main thread mostly waits for it), then
    build the syntax lexer of the path given to the function returned (the first file's, once
    the diff is parsed): the first hunk comes up that much sooner. Errors are left to the main
    thread, which imports the same modules when it needs them."""
    import queue
    import threading

    paths: queue.SimpleQueue[str | None] = queue.SimpleQueue()

    def warm_up() -> None:
        try:
            import specdraft.ui.tui.app  # noqa: F401
            from specdraft.ui.tui.render import lexer_for

            path = paths.get(timeout=60)
            if path:
                lexer_for(path)
        except Exception:  # noqa: BLE001 - the main thread meets it again and says what it is
            pass

    threading.Thread(target=warm_up, name="tui-warm-up", daemon=True).start()
    return paths.put


def _use_tui(args: argparse.Namespace, answers: BinaryIO) -> bool:
    return not args.plain and answers.isatty() and sys.stdout.isatty()


def _check_theme(settings) -> None:
    """Raise the UserError listing the available themes when ``settings.theme`` is unknown."""
    try:
        from specdraft.ui.tui.themes import load_themes, resolve_theme
    except ImportError:  # no TUI to show a theme in; plain mode does not use one
        return
    from specdraft.core.config import user_themes_dir

    try:
        resolve_theme(settings.theme, load_themes(user_themes_dir()))
    except UserError as error:
        raise UserError(f"{error} (the theme came from {settings.source('theme')})") from None


def _texts(mode: _Mode, args: argparse.Namespace):
    from specdraft.ui import plain

    if mode.name == "staged":
        return plain.KEEP_STAGED
    if mode.name == "patch":
        return plain.APPLY_INDEX if args.index else plain.APPLY
    if mode.name == "revs":
        return plain.ACCEPT
    return plain.STAGE


def _interact(
    session, mode: _Mode, args, repo, answers: BinaryIO, output: BinaryIO, settings, use_tui: bool
) -> bool:
    """Run the TUI or the plain questions; True to apply the decisions."""
    if use_tui:
        try:
            from specdraft.core.session import Effects
            from specdraft.ui.tui.app import run_review_tui
        except ImportError as error:  # the TUI is optional for scripting
            print(
                f"specdraft review: the TUI is unavailable ({error}); using plain mode",
                file=sys.stderr,
            )
        else:
            if args.patch == "-":
                os.dup2(answers.fileno(), 0)
            return run_review_tui(
                session,
                title=mode.title,
                theme=args.theme,
                read_only=mode.read_only,
                settings=settings,
                effects=Effects(mode.accepted_effect, mode.rejected_effect),
                where=str(repo.root),
            )
    from specdraft.ui.plain import review_in_plain_mode

    plain = review_in_plain_mode(
        session, repo, texts=_texts(mode, args), stdin=answers, stdout=output
    )
    for path in plain.skipped:
        print(
            f"specdraft review: {path}: binary file left as it is (review it in the TUI)",
            file=sys.stderr,
        )
    return True


def _confirm_discard(count: int, args, answers: BinaryIO, output: BinaryIO) -> bool:
    if args.yes:
        return True
    from specdraft.ui.plain import PlainReview

    question = f"Discard {count} rejected hunk{'s' if count != 1 else ''} from the worktree (this cannot be undone)"
    asker = PlainReview.__new__(PlainReview)
    asker.stdin, asker.stdout, asker.stderr = answers, output, sys.stderr.buffer
    return asker.confirm(question)


def _apply(session, mode: _Mode, args, repo, snapshot, answers: BinaryIO, output: BinaryIO) -> str:
    from specdraft.core.diffs import build_patch

    stats = session.stats()
    rate = f"acceptance {stats.acceptance_rate:.0%}" if stats.decided else "nothing decided"
    counts = stats.counts_text()  # the quit question's words too
    if mode.read_only:
        return f"specdraft review: {counts} ({rate}); nothing was changed (read-only review)"
    repo.require_unchanged(snapshot)
    _refuse_submodule_worktree_changes(session, mode, args)
    if mode.name == "unstaged":
        patch = session.patch()
        rejected = session.rejected_selection()
        discard = b""
        if args.discard and rejected:
            discard = build_patch(session.files, rejected, reverse=True)
        repo.check(patch, cached=True)
        repo.check(discard, reverse=True)
        if discard and not _confirm_discard(len(rejected), args, answers, output):
            discard = b""
            print("specdraft review: nothing discarded", file=sys.stderr)
        repo.require_unchanged(snapshot)
        if discard:  # both or neither: the files written atomically, the index last
            repo.apply_together(discard, reverse=True, staged=patch, staged_reverse=False)
        else:
            repo.apply(patch, cached=True)
        done = f"staged {stats.accepted + stats.edited} hunk{'s' if stats.accepted + stats.edited != 1 else ''}"
        if discard:
            done += f", discarded {len(rejected)}"
        return f"specdraft review: {done} ({counts}; {rate})"
    if mode.name == "staged":
        changed_files = sorted(
            {u.file_index for u in session.units if u.decision.value in ("rejected", "edited")}
        )
        files = [session.files[i] for i in changed_files]
        keep = session.selection(include_pending=True)
        keep_ids = {h.id for f in files for h in f.hunks}
        kept = {k: v for k, v in keep.items() if k.split(".")[0] in keep_ids}
        patch = build_patch(files, kept)
        repo.rebuild_index(_paths(files), patch, expected=snapshot)  # under git's index.lock
        staying = stats.total - stats.rejected  # accepted, edited (as edited) and undecided stay staged
        done = f"unstaged {_hunks(stats.rejected)}, {staying} still staged" if stats.rejected else (
            f"nothing unstaged, {_hunks(staying)} still staged")  # fmt: skip
        return f"specdraft review: {done} ({counts}; {rate})"
    patch = session.patch()
    repo.apply(patch, index=args.index)
    for unit in _submodule_units(session, ("accepted",)):
        path = session.file_of(unit).path
        print(
            f"specdraft review: {_display(path)}: the submodule's new commit is staged; "
            f"`git submodule update -- {_display(path)}` checks it out",
            file=sys.stderr,
        )
    where = "index and worktree" if args.index else "worktree"
    applied = stats.accepted + stats.edited
    return f"specdraft review: applied {applied} hunk{'s' if applied != 1 else ''} to the {where} ({counts}; {rate})"


def _hunks(count: int) -> str:
    return f"{count} hunk{'s' if count != 1 else ''}"


def _submodule_units(session, decisions: tuple[str, ...]) -> list:
    return [
        unit
        for unit in session.units
        if unit.hunk.meta == "submodule" and unit.decision.value in decisions
    ]


def _refuse_submodule_worktree_changes(session, mode: _Mode, args) -> None:
    """git apply cannot move a submodule's checkout: refuse, before any write, what needs it.

    Staging (and unstaging) a submodule pointer works through the index; a patch applied to the
    worktree only, or a rejected pointer change to discard, would need a checkout inside the
    submodule, which ``git apply`` silently skips. The saved review is kept for --resume.
    """
    if mode.name == "patch" and not args.index:
        units = _submodule_units(session, ("accepted",))
        if units:
            path = _display(session.file_of(units[0]).path)
            raise UserError(
                f"{path}: a submodule's commit cannot be changed in the worktree alone; nothing "
                f"was applied: rerun with --index --resume (then `git submodule update -- {path}`), "
                "or answer n for it"
            )
    if mode.name == "unstaged" and args.discard:
        units = _submodule_units(session, ("rejected",))
        if units:
            path = _display(session.file_of(units[0]).path)
            raise UserError(
                f"{path}: specdraft cannot discard a submodule's checkout; nothing was applied: "
                f"rerun with --resume without --discard, then `git submodule update -- {path}`"
            )


def _display(path: str) -> str:
    """A path for JSON and terminals: bytes that are not UTF-8 become U+FFFD."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _check_report_path(report: str | None) -> None:
    """Refuse a --report path that cannot be written, while nothing is applied yet."""
    if not report or report == "-":
        return
    path = Path(report)
    folder = path.parent  # "." for a bare file name
    if path.is_dir():
        problem = "it is a directory; give a file name"
    elif not folder.exists():
        problem = f"the directory {folder} does not exist"
    elif not folder.is_dir():
        problem = f"{folder} is not a directory"
    elif not os.access(folder, os.W_OK | os.X_OK) or (
        path.exists() and not os.access(path, os.W_OK)
    ):
        problem = f"{path if path.exists() else folder} is not writable"
    else:
        return
    raise UserError(f"cannot write the report {report}: {problem}; nothing was reviewed or applied")


def _write_report(args, session, mode: _Mode) -> None:
    if not args.report:
        return
    stats = session.stats()
    report = {
        "source": mode.title,
        "mode": mode.name,
        "stats": stats.as_dict(),
        "hunks": [
            {
                "id": unit.id,
                "file": _display(unit.hunk.path),
                "header": unit.hunk.header_text()
                if unit.hunk.kind == "text"
                else unit.hunk.description,
                "decision": unit.decision.value,
                "selected_lines": None
                if unit.selected_lines is None
                else sorted(unit.selected_lines),
                "edited": None
                if unit.edited is None
                else unit.edited.patch_bytes().decode("utf-8", "replace"),
                "seconds": round(unit.seconds, 3),
            }
            for unit in session.units
        ],
    }
    text = json.dumps(report, indent=2, ensure_ascii=False) + "\n"
    if args.report == "-":
        sys.stdout.write(text)
        return
    try:
        Path(args.report).write_text(text, encoding="utf-8")
    except OSError as error:
        raise UserError(
            f"cannot write the report {args.report}: {error.strerror or error}"
        ) from None
