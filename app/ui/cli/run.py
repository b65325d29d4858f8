"""`specdraft run [--agent NAME] -- COMMAND...`: run an agent; what it writes becomes drafted lines.

A snapshot of the working tree is taken before (a private git tree: tracked and
untracked-not-ignored files; the index, stash and HEAD are left alone), the command runs in this
terminal as it is (an interactive agent keeps it), and every line that differs afterwards is
recorded as drafted by the agent in one turn, deleted lines included. A commit made meanwhile
(by the agent itself too) first records what changed so far, so the commit gate checks it.
Everything that changed while the command ran counts as the agent's: for an agent with hooks
(Claude Code, Codex CLI, Gemini CLI) the hooks attribute each tool call exactly.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys

from specdraft.core.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, "%(prog)s -- codex                       # then: specdraft review --drafted",
                 "%(prog)s --agent gemini -- gemini -p 'add tests'",
                 "%(prog)s -- aider --yes-always --message 'fix the parser'")  # fmt: skip
    parser.add_argument("--agent", metavar="NAME", help="the agent's name in the record (default: the command's name)")
    parser.add_argument("agent_command", nargs=argparse.REMAINDER, metavar="-- COMMAND ...",
                        help="the agent and its arguments, after --")  # fmt: skip


def gate_missing(repo) -> str | None:
    """A warning when specdraft's pre-commit hook is not installed (nothing then stops an
    unreviewed agent line at commit time), else None."""
    from specdraft.drafting.hook import status

    if status(repo).installed.get("pre-commit"):
        return None
    return ("warning: the commit gate is not installed, so nothing stops an unreviewed agent "
            "line at commit time: run `specdraft hook install`")  # fmt: skip


def agent_name(command: list[str], given: str | None) -> str:
    name = given or os.path.basename(command[0])
    name = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in name).strip("-.")
    if not name:
        raise UserError("give the agent a name with --agent NAME (letters, digits, - _ .)")
    return name


def run(args: argparse.Namespace) -> int:
    from specdraft.agents.review import apply_queue
    from specdraft.agents.snapshot import RunCapture
    from specdraft.agents.store import AgentStore
    from specdraft.core.git import GitRepo

    command = list(args.agent_command)
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        raise UserError("name the agent to run after --, e.g. specdraft run -- codex")
    repo = GitRepo(".")
    store = AgentStore(repo)
    agent = agent_name(command, args.agent)
    if (missing := gate_missing(repo)) is not None:
        print(f"specdraft run: {missing}", file=sys.stderr)
    capture = RunCapture(store, agent)
    turn = capture.start()
    # Ctrl-C goes to the agent (same process group); specdraft waits for it, then records
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        try:
            status = subprocess.run(command, check=False).returncode
        except FileNotFoundError:
            status = None
            problem = f"{command[0]}: command not found"
        except OSError as error:
            status = None
            problem = f"{command[0]}: {error.strerror or error}"
    finally:
        signal.signal(signal.SIGINT, previous)
        recorded = capture.finish()
    for line in apply_queue(store, agent):
        print(f"specdraft run: {line}", file=sys.stderr)
    added = sum(c.added for c in recorded)
    removed = sum(c.removed for c in recorded)
    files = len({c.path for c in recorded})
    if recorded:
        print(f"specdraft run: {agent} turn {turn}: {files} file{'s' if files != 1 else ''} changed "
              f"(+{added} -{removed} lines), recorded as not reviewed; `specdraft review --drafted` "
              "reviews them", file=sys.stderr)  # fmt: skip
    else:
        print(f"specdraft run: {agent} turn {turn}: no file changed", file=sys.stderr)
    if status is None:
        raise UserError(problem)
    return status
