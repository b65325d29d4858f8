"""Reading an instruction as operations: the app's readers of plainly worded instructions.

Pure Python (no torch, no textual). Each reader is one module that reads one kind of
instruction ("rename X to Y", "set X to 5", "import math", "add a parameter ... to f", "wrap ...
in try/except E", ...) into operations (specdraft.ops), or into nothing where it is not sure: a
name it would have to guess, a place the words leave open, a value it would have to compute,
a second ask beside the one it reads. A reader never writes a file: specdraft.ops makes the edit,
and refuses what does not fit. A new reader is one module with a ``read(instruction, names)``
and its place in ``READERS``.

* ``read_operations(instruction, files)``: the operations the first reader that reads the
  instruction gives, or None.
* ``read_operation(instruction, files, origin)``: the same as a ``ReadOperation``, which says how
  the review shows it ("rename `a` -> `b`, read from your instruction").
* ``corrected_instruction``: a reviewer's note read as a correction of the instruction
  (specdraft.drafting.reading.notes).

These are hand-written rules for the builtin pair, which cannot read instructions into operations
itself yet: what they do not read, the model drafts as a text edit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from specdraft.drafting.reading import (
    docstrings,
    hints,
    imports,
    parameters,
    rename,
    statements,
    values,
    wrap,
)
from specdraft.drafting.reading.names import Names
from specdraft.drafting.reading.notes import Correction, corrected_instruction
from specdraft.drafting.reading.words import asks, collapsed
from specdraft.ops import Operation

__all__ = ["READERS", "Correction", "ReadOperation", "corrected_instruction", "read_operation", "read_operations"]

_OPENING = re.compile(r"^(?:in|inside|within)\s+(?:the\s+)?(?:(?:function|method|class)\s+)?`?(?P<scope>[A-Za-z_][\w.]*)`?(?:\(\))?"
                      r"(?:\s+(?:function|method|class))?(?:\s*[,:]\s*|\s+(?=the\s))", re.I)  # fmt: skip
Reader = Callable[[str, Names], "Operation | tuple[Operation, ...] | None"]

# the readers in the order they are asked: imports and parameters before statements ("remove the
# parameter x" deletes no statement), a rename before a value ("change the name of X to Y"), a
# docstring before other insertions
READERS: tuple[tuple[str, Reader], ...] = (
    ("import", imports.read),
    ("parameter", parameters.read),
    ("rename", rename.read),
    ("value", values.read),
    ("docstring", docstrings.read),
    ("type hints", hints.read),
    ("try/except", wrap.read),
    ("statement", statements.read),
)


@dataclass(frozen=True)
class ReadOperation:
    """Operations read from the reviewer's words: made in order by specdraft.ops, no model run."""

    operations: tuple[Operation, ...]
    reader: str  # which reader read them ("rename"), or the model that answered with them
    # "instruction", "note" (a reviewer's note read as a correction), or "model": a model server's
    # answer, given as tool calls
    origin: str = "instruction"

    def said(self) -> str:
        """How the review says it: "rename `a` -> `b`, read from your instruction", or "..., an
        operation by qwen2.5-coder"."""
        what = "; ".join(operation.describe() for operation in self.operations)
        if self.origin == "model":
            return f"{what}, {'an operation' if len(self.operations) == 1 else 'operations'} by {self.reader}"
        return f"{what}, read from your {self.origin}"


def read_operations(instruction: str, files: Sequence[tuple[str, str]]) -> tuple[Operation, ...] | None:
    """The operations the first reader that reads ``instruction`` gives for the Python ``files``
    (path, text), or None."""
    return _read(instruction, files)[0]


def read_operation(instruction: str, files: Sequence[tuple[str, str]], origin: str = "instruction") -> ReadOperation | None:
    """``read_operations`` as a ReadOperation, with the reader's name and where the words came from."""
    operations, reader = _read(instruction, files)
    return None if operations is None else ReadOperation(operations, reader, origin)


def read_in_parts(instruction: str, files: Sequence[tuple[str, str]],
                  origin: str = "instruction") -> tuple[ReadOperation | None, tuple[str, ...]]:  # fmt: skip
    """An instruction that asks several things (``words.asks``), read ask by ask: the operations of
    the asks that read, in order, and the asks that did not (the draft says it left them). (None,
    ()) where it asks one thing or none reads."""
    parts = asks(collapsed(instruction))
    if len(parts) < 2:
        return None, ()
    operations: list[Operation] = []
    readers: list[str] = []
    unread: list[str] = []
    for part in parts:
        read, reader = _read(part, files)
        if read is None:
            unread.append(part)
        else:
            operations += read
            readers.append(reader)
    if not operations:
        return None, ()
    return ReadOperation(tuple(operations), " + ".join(readers), origin), tuple(unread)


def _read(instruction: str, files: Sequence[tuple[str, str]]) -> tuple[tuple[Operation, ...] | None, str]:
    names = Names(files)
    if not names.trees or not instruction.strip():
        return None, ""
    text = collapsed(instruction)
    opening = _OPENING.match(text)
    if opening is not None:  # "In load_items, rename path to store_path": the scope of what follows
        scope = names.the_scope(opening.group("scope"))
        if scope is not None:
            names.focus, text = scope.dotted, text[opening.end():]
    for name, reader in READERS:
        read = reader(text, names)
        if read is not None:
            return (read if isinstance(read, tuple) else (read,)), name
    return None, ""
