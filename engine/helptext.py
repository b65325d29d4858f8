"""Examples at the end of a command's --help: one helper for every parser, the engine's and the app's.

``%(prog)s`` in an example is the command as the user typed it (``specdraft bench generate`` or
``python -m specdraft.engine bench generate``), so one list serves both programs.
"""

from __future__ import annotations

import argparse


def add_examples(parser: argparse.ArgumentParser, *examples: str) -> None:
    """End ``parser``'s help with ``examples`` (after any epilog it has), each line as written."""
    text = "examples:\n" + "\n".join(f"  {example}" for example in examples)
    parser.epilog = f"{parser.epilog.rstrip()}\n\n{text}" if parser.epilog else text
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
