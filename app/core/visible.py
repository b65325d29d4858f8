"""Text from outside made safe to show in a terminal: control characters made visible.

Every byte that a model, a server, a patch, a record or a file hands to specdraft may hold
terminal escape sequences (``ESC [ 2 K`` erases the line just printed, OSC sets the title or
the clipboard) or Unicode controls that reorder what is shown (bidi overrides: "Trojan
source"). Shown raw, they can hide the very line a reviewer is asked to accept. ``visible``
writes each such character as a Python-style escape (``\\x1b``, ``\\u202e``) so that it is
seen, and never interpreted; printable text, including tabs, is left as it is.
``visible_bytes`` does the same to bytes that are printed as they are (plain mode, which prints
what ``git add -p`` prints), leaving every other byte, UTF-8 or not, untouched.
"""

from __future__ import annotations

import re

# C0 controls but tab, newline and CR, DEL, C1 controls; Unicode's bidi embeddings, overrides
# and isolates, and the line and paragraph separators (a terminal may break the line at them)
_CONTROL = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
_RAW_C1 = "\udc80-\udc9f"  # bytes that are no UTF-8 (surrogateescape) but C1 controls on their own
# with newlines kept, so is the CR of a CRLF (the cursor goes back over nothing before the line
# ends): a CRLF file shows as git shows it; a CR anywhere else is escaped
_UNSAFE = re.compile(f"[{_CONTROL}]|\r(?!\n)")
_UNSAFE_OR_NEWLINE = re.compile(f"[{_CONTROL}\r\n]")
_UNSAFE_BYTES = re.compile(f"[{_CONTROL}{_RAW_C1}]|\r(?!\n)")
_UNSAFE_BYTES_OR_NEWLINE = re.compile(f"[{_CONTROL}{_RAW_C1}\r\n]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char == "\n":
        return "\\n"
    if char == "\r":
        return "\\r"
    if 0xDC80 <= code <= 0xDCFF:  # a byte that is no UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, keep_newlines: bool = True) -> str:
    """``text`` with every control character written as an escape (``\\x1b``); tabs stay, and
    newlines (with the CR of a CRLF) stay unless ``keep_newlines`` is false (one line of a
    status bar, a file name)."""
    pattern = _UNSAFE if keep_newlines else _UNSAFE_OR_NEWLINE
    return pattern.sub(_escape, text)


def visible_bytes(data: bytes, keep_newlines: bool = True) -> bytes:
    """``visible`` for bytes printed as they are: UTF-8 and any other byte that is no control
    (a Latin-1 file's ``\\xe9``) are left as they are, byte for byte; controls, including a
    lone C1 byte (``\\x9b``, CSI in some terminals), become escapes."""
    text = data.decode("utf-8", "surrogateescape")
    pattern = _UNSAFE_BYTES if keep_newlines else _UNSAFE_BYTES_OR_NEWLINE
    return pattern.sub(_escape, text).encode("utf-8", "surrogateescape")


def has_controls(text: str) -> bool:
    """Whether ``visible`` would change ``text`` (newlines aside)."""
    return _UNSAFE.search(text) is not None
