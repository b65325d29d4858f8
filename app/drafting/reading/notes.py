"""Reading a reviewer's note as a correction of the instruction: "call it `reserve_slot`, not
`next_slot`", "30, not 60", "use "draft" instead of "final"", "not Y but X".

A correction replaces what the instruction wrote (a name, a number, a quoted text) with what the
note writes; the instruction so corrected is then read like any other (the draft says it was read
from the note). "call it X" alone corrects the new name of a rename the instruction asks. A note
that reads as no correction is left to the model, beside the rejected hunk.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from specdraft.drafting.reading.names import Names
from specdraft.drafting.reading.rename import read as read_rename
from specdraft.engine.editprompt import feedback_notes
from specdraft.ops.rename import Rename

_TERM = r"`[^`\n]+`|\"[^\"\n]+\"|'[^'\n]+'|-?\d+(?:\.\d+)?%?|[A-Za-z_][\w.]*"
_CORRECTIONS = [
    re.compile(rf"^(?:(?:no,?\s+)?(?:please\s+)?(?:call|name)\s+it\s+|(?:please\s+)?(?:use|make\s+it)\s+)?(?P<new>{_TERM})\s*,?\s+not\s+"
               rf"(?P<old>{_TERM})\s*[.!]?$", re.I),
    re.compile(rf"^(?:please\s+)?(?:use|make\s+it|call\s+it|name\s+it|it\s+should\s+be)\s+(?P<new>{_TERM})\s+(?:instead\s+of|rather\s+than)\s+"
               rf"(?P<old>{_TERM})\s*[.!]?$", re.I),
    re.compile(rf"^not\s+(?P<old>{_TERM})\s*(?:,|but|;)\s*(?:but\s+)?(?P<new>{_TERM})\s*[.!]?$", re.I),
]
_NEW_NAME = re.compile(r"^(?:no,?\s+)?(?:please\s+)?(?:call|name)\s+it\s+`?(?P<new>[A-Za-z_]\w*)`?(?:\s+instead)?\s*[.!]?$", re.I)


@dataclass(frozen=True)
class Correction:
    old: str  # as the instruction wrote it
    new: str  # as the note writes it


def corrected_instruction(instruction: str, feedback: str, files: list[tuple[str, str]]) -> tuple[str, list[Correction], list[str]]:
    """The instruction as the reviewer's notes in ``feedback`` correct it, the corrections made, and
    the notes that read as none (the model reads those)."""
    corrections: list[Correction] = []
    unread: list[str] = []
    notes = list(dict.fromkeys(note.strip() for note in feedback_notes(feedback).splitlines() if note.strip()))
    for note in notes:
        correction = _correction(note, instruction, files)
        if correction is None:
            unread.append(note)
            continue
        instruction = _replaced(instruction, correction.old, correction.new)
        corrections.append(correction)
    return instruction, corrections, unread


def _correction(note: str, instruction: str, files: list[tuple[str, str]]) -> Correction | None:
    for pattern in _CORRECTIONS:
        match = pattern.match(note)
        if match is not None:
            old, new = _bare(match.group("old")), _bare(match.group("new"))
            return Correction(old, new) if _written_in(instruction, old) and old != new else None
    match = _NEW_NAME.match(note)
    if match is not None:
        read = read_rename(" ".join(instruction.split()), Names(files))
        rename = read if isinstance(read, Rename) else None
        if rename is not None and _written_in(instruction, rename.new) and rename.new != match.group("new"):
            return Correction(rename.new, match.group("new"))
    return None


def _bare(term: str) -> str:
    return term[1:-1] if term[:1] == "`" and term[-1:] == "`" else term


def _written_in(instruction: str, term: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(term)}(?![\w])", instruction) is not None


def _replaced(instruction: str, old: str, new: str) -> str:
    return re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w])", lambda _: new, instruction)
