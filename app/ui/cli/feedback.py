"""`specdraft feedback [--agent NAME] [--all] [--keep] [--note TEXT --path PATH]`: the reviewer's
rejections and notes for an agent, printed to paste into it or pipe to it.

Printed feedback counts as delivered (``--keep`` leaves it undelivered, ``--all`` shows what was
delivered before too). ``--note`` adds a note by hand. Claude Code, Codex CLI and Gemini CLI get
the same feedback through their hooks (`specdraft agent install claude-code|codex|gemini-cli`).
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, "%(prog)s --agent codex    # then paste it into the agent",
                 "%(prog)s --agent aider --note 'use pathlib, not os.path'")  # fmt: skip
    parser.add_argument("--agent", metavar="NAME", help="only this agent's feedback")
    parser.add_argument("--all", action="store_true", help="also what was delivered before")
    parser.add_argument("--keep", action="store_true", help="print it without marking it delivered")
    parser.add_argument("--note", metavar="TEXT", help="add a note for the agent (--agent needed)")
    parser.add_argument("--path", metavar="PATH", default="(any file)", help="with --note: the file it is about")


def run(args: argparse.Namespace) -> int:
    from specdraft.agents.feedback import (
        add_feedback,
        feedback_entries,
        format_feedback,
        mark_delivered,
    )
    from specdraft.agents.store import AgentStore
    from specdraft.core.errors import UserError
    from specdraft.core.git import GitRepo
    from specdraft.core.visible import visible

    store = AgentStore(GitRepo("."))
    if args.note is not None:
        if not args.agent:
            raise UserError("--note needs --agent NAME: whose note it is")
        add_feedback(store, agent=args.agent, turn=store.current_turn(args.agent), path=args.path,
                     kind="note", text=args.note)  # fmt: skip
        print(f"specdraft feedback: note kept for {args.agent}", file=sys.stderr)
        return 0
    entries = feedback_entries(store, args.agent, delivered=args.all)
    if not entries:
        print("specdraft feedback: nothing for the agent" + (" yet" if not args.all else ""), file=sys.stderr)
        return 0
    sys.stdout.write(visible(format_feedback(entries)))
    if not args.keep:
        pending = feedback_entries(store, args.agent)
        mark_delivered(store, [e for e in entries if e in pending], "specdraft feedback")
    return 0
