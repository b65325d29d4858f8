"""`specdraft bench ACTION`: benchmarks of the engine; tooling, never imported by the runtime.

Actions live in ACTIONS (name -> module, add-arguments function, run function, help); a new
benchmark is one more entry. Modules are imported when `specdraft bench` builds its parser, so
they import torch inside their run functions only.
"""

from __future__ import annotations

import argparse
import importlib

# action -> (module, its add-arguments function, its run function, one-line help)
ACTIONS: dict[str, tuple[str, str, str, str]] = {
    "generate": ("specdraft.engine.bench.generate", "add_generate_arguments", "run_generate",
                 "plain decoding: our engine against transformers' generate(), same weights"),
    "speculative": ("specdraft.engine.bench.speculative", "add_arguments", "run",
                    "speculative decoding: each drafter against plain decoding on an edit workload"),
}  # fmt: skip
ALIASES = {"speculative": ["spec"]}


def add_arguments(parser: argparse.ArgumentParser, actions: dict[str, tuple[str, str, str, str]] = ACTIONS,
                  aliases: dict[str, list[str]] = ALIASES) -> None:  # fmt: skip
    """One subcommand per action (the app's `specdraft bench` passes the engine's and its own)."""
    sub = parser.add_subparsers(dest="bench_action", metavar="ACTION", required=True)
    for name, (module_name, add_name, run_name, help_text) in actions.items():
        module = importlib.import_module(module_name)
        action = sub.add_parser(
            name, help=help_text, description=help_text, aliases=aliases.get(name, [])
        )
        getattr(module, add_name)(action)
        action.set_defaults(_bench_run=getattr(module, run_name))


def run(args: argparse.Namespace) -> int:
    return int(args._bench_run(args) or 0)
