"""Messages the review UI passes around; small dataclasses, one place.

Workers (drafting, later) post ``SessionGrew`` when they add files or hunks to the session
being shown; the review screen redraws the file list and the status bar without blocking.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class SessionGrew(Message):
    """New files or hunks were added to the session (from a worker); redraw the lists."""

    note: str = ""  # shown as a notification when not empty, e.g. "3 new hunks in app.py"


@dataclass
class FileChosen(Message):
    """The user picked a file in the file list (a click); move to its first hunk."""

    file_index: int
