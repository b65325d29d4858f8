"""`python -m specdraft.engine generate|bench ...`: the engine's commands without the app around them."""

from __future__ import annotations

import argparse
import importlib
import sys

from specdraft.engine.errors import EngineError

COMMANDS = {
    "generate": ("specdraft.engine.cli.generate", "generate text with a local model"),
    "bench": ("specdraft.engine.bench", "measure the engine's speed"),
}


def build_parser() -> argparse.ArgumentParser:
    from specdraft.engine.helptext import add_examples

    parser = argparse.ArgumentParser(prog="python -m specdraft.engine", description=__doc__)
    add_examples(parser, '%(prog)s generate --model builtin "def add(a, b):" --max-new-tokens 32',
                 "%(prog)s bench speculative --model builtin --files 1")  # fmt: skip
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(module_name)
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(command_parser)
        command_parser.set_defaults(_module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args._module.run(args) or 0)
    except EngineError as error:
        print(f"{parser.prog} {args.command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
