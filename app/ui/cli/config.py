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


def _rows(settings) -> list[tuple[str, object, str]]:
    """(name, value, source) of every scalar setting, every key binding set, every [hook] setting."""
    from specdraft.core.config import SCALARS

    rows: list[tuple[str, object, str]] = [(name, getattr(settings, name), settings.source(name)) for name in SCALARS]
    rows += [(f"keys.{binding}", keys, settings.source(f"keys.{binding}"))
             for binding, keys in sorted(settings.keys.items())]  # fmt: skip
    rows += [(f"hook.{name}", value, settings.source(f"hook.{name}")) for name, value in settings.hook.items()]
    return rows


def lines(settings) -> list[str]:
    """``name = value  # source`` for every setting (values and sources read from files are
    shown with their control characters escaped)."""
    from specdraft.core.visible import visible

    rows = [(name, visible(_shown(value), keep_newlines=False), visible(source, keep_newlines=False))
            for name, value, source in _rows(settings)]  # fmt: skip
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
        data = {name: {"value": value, "source": source} for name, value, source in _rows(settings)}
        print(json.dumps(data, indent=2))  # JSON escapes control characters itself
        return 0
    for line in lines(settings):
        print(line)
    return 0
