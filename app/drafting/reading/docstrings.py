"""Reading a docstring to add: 'add a docstring to area: "Return the area of the rectangle."',
'document Garage.leave as "Free the bay."', "give the module the docstring 'Helpers for dates.'".

The text is what the instruction quotes (straight or curly quotes), or what follows a colon after
the name to the end of the instruction; the target is one function, method or class, or the module.
"""

from __future__ import annotations

import re

from specdraft.drafting.reading.names import Names
from specdraft.drafting.reading.words import QUOTED, asks_more, name_term
from specdraft.ops import Operation
from specdraft.ops.docstrings import AddDocstring

_TARGET = rf"(?:the\s+)?(?:(?:function|method|class)\s+)?(?:(?P<module>module)\b|{name_term('target')})"
# 'add the docstring "..." to area': the text before the target
_TEXT_FIRST = re.compile(rf"\b(?:add|write|put|give)\s+(?:the\s+|a\s+)?(?:short\s+|one-line\s+|brief\s+)?(?:module\s+)?docstring\s+(?P<quoted>{QUOTED.pattern})\s+(?:to|for|on)\s+"
                         rf"{_TARGET}\s*[.!]?\s*$", re.I)  # fmt: skip
_PATTERNS = [
    re.compile(r"\b(?:add|write|give|put)\s+(?:an?\s+|the\s+)?(?P<module>module)(?:-level)?\s+docstring\b(?P<target>)", re.I),
    re.compile(rf"\b(?:add|write|give|put)\s+(?:an?\s+|the\s+|this\s+)?(?:short\s+|one-line\s+|brief\s+)?docstring\s+(?:to|for|on|in)\s+{_TARGET}", re.I),
    re.compile(rf"\b(?:document|describe)\s+{_TARGET}\s+(?:as|with|saying)\b", re.I),
    re.compile(rf"\bgive\s+{_TARGET}\s+(?:an?\s+|the\s+)?(?:short\s+|one-line\s+|brief\s+)?docstring\b", re.I),
    re.compile(rf"{_TARGET}\s+(?:needs|should\s+have|wants)\s+(?:an?\s+)?docstring\b", re.I),
]


def read(instruction: str, names: Names) -> Operation | None:
    first = _TEXT_FIRST.search(instruction)
    if first is not None and asks_more(instruction, instruction[first.start():]):
        return None
    if first is not None:
        quoted = QUOTED.match(first.group("quoted"))
        assert quoted is not None
        return _docstring(next(part for part in quoted.groups() if part is not None), first, names)
    for pattern in _PATTERNS:
        match = pattern.search(instruction)
        if match is None:
            continue
        if asks_more(instruction, instruction[match.start():]):
            return None  # another ask before it (the docstring's text runs to the end)
        rest = instruction[match.end():]
        quoted = list(QUOTED.finditer(rest))
        lead = r"\s*(?:[:,\u2014-]\s*)?(?:saying|(?:that|which)\s+(?:says|reads)|reading|with\s+the\s+text|as)?\s*:?\s*"
        if len(quoted) == 1 and re.fullmatch(lead, rest[: quoted[0].start()], re.I):
            text = next(part for part in quoted[0].groups() if part is not None)
            after = rest[quoted[0].end():]
        elif not quoted and re.match(r"\s*:\s*\S", rest):
            text, after = rest.split(":", 1)[1].strip(), ""
        else:
            return None
        if after.strip(" .!") and not re.fullmatch(r"[\s.!]*(?:please|thanks)?[\s.!]*", after, re.I):
            return None  # more words after the text: another ask, or a text this reader does not see whole
        return _docstring(text, match, names)
    return None


def _docstring(text: str, match: re.Match[str], names: Names) -> Operation | None:
    text = text.strip()
    if not text:
        return None
    if match.group("module"):
        return AddDocstring(text=text, path=next(iter(names.trees))) if len(names.trees) == 1 else None
    target = names.the_scope(match.group("target"))
    return None if target is None else AddDocstring(text=text, target=target.dotted, path=target.path)
