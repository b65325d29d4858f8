"""Text from outside made safe to show in a terminal: control characters made visible.

Every byte that a model, a server, a patch, a record or a file hands to specdraft may hold
terminal escape sequences (``ESC [ 2 K`` erases the line just printed, OSC sets the title or
the clipboard) or Unicode controls that reorder what is shown (bidi overrides: "Trojan
source"). Shown raw, they can hide the very line a reviewer is asked to accept. ``visible``
writes each such character as a Python-style escape (``\\x1b``, ``\\u202e``) so that it is
seen, and never interpreted; printable text, including tabs, is left as it is.
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls; Unicode's bidi embeddings, overrides and
# isolates, and the line and paragraph separators (a terminal may break the line at them)
_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
_UNSAFE = re.compile(f"[{_CONTROL}]")
_UNSAFE_OR_NEWLINE = re.compile(f"[{_CONTROL}\n]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char == "\n":
        return "\\n"
    if char == "\r":
        return "\\r"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, keep_newlines: bool = True) -> str:
    """``text`` with every control character written as an escape (``\\x1b``); tabs stay, and
    newlines stay unless ``keep_newlines`` is false (one line of a status bar, a file name)."""
    pattern = _UNSAFE if keep_newlines else _UNSAFE_OR_NEWLINE
    return pattern.sub(_escape, text)


def has_controls(text: str) -> bool:
    """Whether ``visible`` would change ``text`` (newlines aside)."""
    return _UNSAFE.search(text) is not None
