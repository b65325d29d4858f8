"""Command-line entry point: argument parsing and dispatch to subcommands; thin by design.

Each subcommand lives in its own module, which exposes an ``add_arguments(parser)`` function and a
``run(args) -> int`` function. Those modules must stay cheap to import: torch and textual are
imported inside ``run`` only, so that ``specdraft review --help`` never loads them.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from specdraft.core.errors import (
    EXIT_INTERRUPTED,
    EXIT_NOTHING_APPLIED,
    EXIT_USER_ERROR,
    NothingApplied,
    UserError,
)
from specdraft.core.visible import visible
from specdraft.engine.errors import EngineError, IncompleteDraft

# name -> (module, one-line help). Order is the order shown in --help.
COMMANDS: dict[str, tuple[str, str]] = {
    "review": ("specdraft.ui.cli.review", "review a git diff hunk by hunk; accepted hunks are applied"),
    "edit": ("specdraft.ui.cli.edit", "a model drafts an edit; you review it hunk by hunk; accepted hunks land"),
    "config": ("specdraft.ui.cli.config", "show the settings and where each one came from"),
    "hook": ("specdraft.ui.cli.hook", "check at commit time that AI-drafted lines were reviewed (git hook)"),
    "run": ("specdraft.ui.cli.run", "run an AI agent; what it writes is recorded as drafted lines to review"),
    "watch": ("specdraft.ui.cli.watch", "record what an AI agent writes while it works in another terminal"),
    "agent": ("specdraft.ui.cli.agent", "install an agent's hooks (Claude Code) so each of its edits is recorded"),
    "feedback": ("specdraft.ui.cli.feedback", "print the reviewer's rejections and notes for an agent"),
    "log": ("specdraft.ui.cli.log", "what specdraft drafted in a range of commits and how it was reviewed"),
    "demo": ("specdraft.ui.cli.demo", "try specdraft in a throwaway repository"),
    "generate": ("specdraft.engine.cli.generate", "generate text with a local model (the engine)"),
    "bench": ("specdraft.ui.cli.bench", "measure the engine's speed, and the edits a model drafts"),
}


class _Version(argparse.Action):
    """--version: the version is read only when asked for (importlib.metadata costs start-up)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):  # noqa: A002
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        import specdraft

        print(f"specdraft {specdraft.__version__}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    from specdraft.engine.helptext import add_examples

    parser = argparse.ArgumentParser(
        prog="specdraft",
        description="AI drafts, a human verifies: review code edits hunk by hunk in the terminal.",
    )
    add_examples(parser, "specdraft demo                               # try it in a throwaway repository",
                 'specdraft edit "add type hints to parse" src/reader.py',
                 "specdraft review                             # the unstaged changes, like git add -p")  # fmt: skip
    parser.add_argument("--version", action=_Version, help="print the installed version (the git tag's) and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(module_name)
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(command_parser)
        command_parser.set_defaults(_module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command ``argv`` (None: the program's own arguments, and the process ends here)."""
    code = _run(argv)
    if argv is None:
        exit_without_teardown(code)
    return code


def exit_without_teardown(code: int) -> None:
    """End the process now, once torch is loaded and the command is done.

    Python's own exit tears down every module and collects every object, and with torch that
    is over a thousand modules and libtorch's destructors: 0.4-0.8 s after the work is done.
    Nothing is lost by skipping it: atexit functions still run (temporary files, logging),
    the standard streams are flushed, the commands close their files. Returns (a normal exit)
    when torch is not loaded, or while a thread that is not a daemon still runs."""
    import threading

    if "torch" not in sys.modules:
        return
    if any(thread.is_alive() and not thread.daemon for thread in threading.enumerate()
           if thread is not threading.main_thread()):  # fmt: skip
        return
    import atexit
    import os

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        if not _interactive_repository():
            parser.print_help()
            return 0
        args = parser.parse_args(["edit"])  # in a repository, on a terminal: the instruction box
    try:
        return int(args._module.run(args) or 0)
    except (UserError, EngineError) as error:
        print(f"specdraft {args.command}: {visible(str(error))}", file=sys.stderr)  # it may quote a path or a model's text
        # a draft that broke off or did not finish is not the user's error: nothing could be applied
        return EXIT_NOTHING_APPLIED if isinstance(error, (NothingApplied, IncompleteDraft)) else EXIT_USER_ERROR
    except KeyboardInterrupt:
        print(f"specdraft {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _interactive_repository() -> bool:
    """Standard input and output are a terminal, and the current directory is in a git work tree."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    import subprocess

    try:
        done = subprocess.run(["git", "rev-parse", "--is-inside-work-tree"], capture_output=True, text=True)
    except OSError:
        return False
    return done.stdout.strip() == "true"


if __name__ == "__main__":
    sys.exit(main())
