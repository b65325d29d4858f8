"""Every command's --help ends with examples, and every example is a command line its parser takes."""

from __future__ import annotations

import argparse
import shlex

import pytest

from specdraft.engine.__main__ import build_parser as engine_parser
from specdraft.ui.cli.main import COMMANDS
from specdraft.ui.cli.main import build_parser as app_parser


def walk(parser: argparse.ArgumentParser):
    """``parser`` and every subcommand's parser under it, once each (aliases share a parser)."""
    seen: set[int] = set()
    stack = [parser]
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        for action in current._actions:
            if isinstance(action, argparse._SubParsersAction):
                stack.extend(action.choices.values())


def examples(parser: argparse.ArgumentParser) -> list[str]:
    """The example lines at the end of the parser's help, as printed (``%(prog)s`` expanded)."""
    text = parser.format_help()
    assert "\nexamples:\n" in text, f"{parser.prog} --help has no examples"
    tail = text.rsplit("\nexamples:\n", 1)[1]
    return [line.strip() for line in tail.splitlines() if line.strip()]


ROOTS = [("specdraft", app_parser), ("python -m specdraft.engine", engine_parser)]


@pytest.mark.parametrize(("program", "make"), ROOTS, ids=["specdraft", "engine"])
def test_every_help_ends_with_examples_that_its_parser_takes(program, make):
    root = make()
    parsers = list(walk(root))
    progs = {parser.prog for parser in parsers}
    if program == "specdraft":  # the walk reaches every command and the nested ones
        assert {f"specdraft {name}" for name in COMMANDS} | {"specdraft hook install", "specdraft bench edits"} <= progs
    else:
        assert {"python -m specdraft.engine generate", "python -m specdraft.engine bench speculative"} <= progs
    for parser in parsers:
        lines = examples(parser)
        assert lines, f"{parser.prog}: no example"
        for line in lines:
            words = shlex.split(line, comments=True)
            assert " ".join(words).startswith(parser.prog), f"{parser.prog}: {line!r} is not this command"
            arguments = words[len(program.split()):]
            try:
                root.parse_args(arguments)
            except SystemExit as error:  # argparse's way of saying the line is wrong
                pytest.fail(f"{parser.prog}: the example {line!r} does not parse ({error})")


def test_the_examples_come_last_after_the_exit_codes():
    help_text = next(p for p in walk(app_parser()) if p.prog == "specdraft edit").format_help()
    assert help_text.index("exit codes:") < help_text.index("examples:")
    assert help_text.rstrip().splitlines()[-1].strip().startswith("specdraft edit ")
