"""`specdraft watch --agent NAME`: while an agent works in another terminal, record what it writes.

A snapshot of the working tree first (a private git tree; the index, stash and HEAD are left
alone); then, each time files change (watchfiles, a Rust file watcher; a burst of writes within
``--debounce`` milliseconds is one batch), every line that differs from the last snapshot is
recorded as drafted by the agent, each batch a turn. Everything that changes meanwhile counts
as the agent's: your own edits too, so stop the watch (Ctrl-C) before editing yourself. Ignored
files and .git are left out; every quiet second it also looks, so a write the watcher missed
is recorded too. A review open meanwhile (`specdraft review --drafted`) shows the new
hunks as they are recorded.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, "%(prog)s --agent cursor      # then, in another terminal: specdraft review --drafted --wait",
                 "%(prog)s --agent aider --debounce 500")  # fmt: skip
    parser.add_argument("--agent", metavar="NAME", required=True, help="the agent's name in the record")
    parser.add_argument("--debounce", type=int, default=150, metavar="MS",
                        help="writes within this many milliseconds are one batch (default 150)")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from specdraft.agents.snapshot import WatchCapture
    from specdraft.agents.store import AgentStore
    from specdraft.core.errors import UserError
    from specdraft.core.git import GitRepo
    from specdraft.ui.cli.run import agent_name, gate_missing

    try:
        import watchfiles
    except ImportError:
        raise UserError("specdraft watch needs watchfiles: pip install watchfiles") from None
    repo = GitRepo(".")
    agent = agent_name([args.agent], args.agent)
    store = AgentStore(repo)
    if (missing := gate_missing(repo)) is not None:
        print(f"specdraft watch: {missing}", file=sys.stderr)
    capture = WatchCapture(store, agent)
    capture.start()
    print(f"specdraft watch: recording what changes in {repo.root} as {agent}'s; Ctrl-C stops",
          file=sys.stderr)  # fmt: skip
    # Ctrl-C (or SIGTERM) ends the watch between two recordings, never inside one: an interrupt
    # that landed after a batch's lines were recorded and before its snapshot moved on had the
    # last recording below take that batch again, as a turn of its own
    stop = threading.Event()
    previous = {number: signal.signal(number, lambda *_: stop.set()) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        # every quiet second also looks (yield_on_timeout): a write made before the watcher was
        # up, or one it missed (an overflowing inotify queue), is still recorded
        for _batch in watchfiles.watch(repo.root, debounce=args.debounce, step=25, rust_timeout=1000,
                                       yield_on_timeout=True, raise_interrupt=False, stop_event=stop):  # fmt: skip
            for change in capture.record():
                print(f"specdraft watch: {agent} turn {change.turn}: {change.path} +{change.added} -{change.removed}",
                      file=sys.stderr, flush=True)  # fmt: skip
    finally:
        capture.record()
        capture.stop()
        for number, handler in previous.items():
            signal.signal(number, handler)
    print("specdraft watch: stopped; `specdraft review --drafted` reviews what was recorded", file=sys.stderr)
    return 0
