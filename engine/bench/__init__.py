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
    "prefix": ("specdraft.engine.bench.prefix", "add_arguments", "run",
               "prefix reuse: the prompt work of a redraft, a retry and the next window against the first draft"),
}  # fmt: skip
ALIASES = {"speculative": ["spec"]}
EXAMPLES: dict[str, tuple[str, ...]] = {  # action -> example command lines (%(prog)s: the action's command)
    "generate": ("%(prog)s --context 1000 --new-tokens 64 --repeats 5 --threads 1",
                 "%(prog)s --size 5 --dtype bfloat16"),
    "prefix": ("%(prog)s --shape qwen2.5-coder-0.5b --dtype int8 --lines 300",),
    "speculative": ("%(prog)s --model builtin --files 3 --threads 1 --dtype bfloat16",
                    "%(prog)s --model builtin --workload free --files 4 --json"),
}  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser, actions: dict[str, tuple[str, str, str, str]] = ACTIONS,
                  aliases: dict[str, list[str]] = ALIASES,
                  examples: dict[str, tuple[str, ...]] = EXAMPLES) -> None:  # fmt: skip
    """One subcommand per action (the app's `specdraft bench` passes the engine's and its own),
    each --help ending with its ``examples``."""
    from specdraft.engine.helptext import add_examples

    add_examples(parser, *(line.replace("%(prog)s", f"%(prog)s {name}", 1)  # each action's first
                           for name in actions for line in examples.get(name, ())[:1]))  # fmt: skip
    sub = parser.add_subparsers(dest="bench_action", metavar="ACTION", required=True)
    for name, (module_name, add_name, run_name, help_text) in actions.items():
        module = importlib.import_module(module_name)
        action = sub.add_parser(
            name, help=help_text, description=help_text, aliases=aliases.get(name, [])
        )
        getattr(module, add_name)(action)
        if examples.get(name):
            add_examples(action, *examples[name])
        action.set_defaults(_bench_run=getattr(module, run_name))


def run(args: argparse.Namespace) -> int:
    return int(args._bench_run(args) or 0)
