"""`specdraft config`: the effective settings, each with the place it came from."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, "%(prog)s           # every setting and where its value came from",
                 "%(prog)s --json    # the same, for scripts")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print the settings as JSON")


def _shown(value: object) -> str:
    if value == "":
        return '""'
    return str(value)


def lines(settings) -> list[str]:
    """``name = value  # source`` for every scalar setting, then every key binding set."""
    from specdraft.core.config import SCALARS

    rows = [(name, _shown(getattr(settings, name)), settings.source(name)) for name in SCALARS]
    rows += [(f"keys.{binding}", keys, settings.source(f"keys.{binding}"))
             for binding, keys in sorted(settings.keys.items())]  # fmt: skip
    width = max(len(f"{name} = {value}") for name, value, _ in rows)
    return [f"{name} = {value}".ljust(width) + f"  # {source}" for name, value, source in rows]


def run(args: argparse.Namespace) -> int:
    import json

    from specdraft.core.config import load_settings
    from specdraft.core.errors import UserError

    try:
        from specdraft.core.git import GitRepo

        root = GitRepo(".").root
    except UserError:  # outside a repository: no .specdraft.toml layer
        root = None
    settings = load_settings(root)
    if args.json:
        from specdraft.core.config import SCALARS

        data = {name: {"value": getattr(settings, name), "source": settings.source(name)} for name in SCALARS}
        data.update({f"keys.{b}": {"value": k, "source": settings.source(f"keys.{b}")}
                     for b, k in sorted(settings.keys.items())})  # fmt: skip
        print(json.dumps(data, indent=2))
        return 0
    for line in lines(settings):
        print(line)
    return 0
