"""Editing a hunk as text (the git add -p way): the text to edit, and checking what came back.

Thin wrappers over app.diffs' edit helpers; a broken edit raises UserError with the reason and
leaves the session unchanged.
"""

from __future__ import annotations

from app import diffs
from app.errors import UserError
from app.review import HunkState, ReviewSession


def edit_text(unit: HunkState) -> str:
    """The text the user edits: the hunk (or their earlier edit of it) with git's guide."""
    return diffs.hunk_edit_text(unit.edited or unit.hunk)


def apply_edit(session: ReviewSession, unit: HunkState, text: str) -> None:
    """Parse the edited text against the original hunk and record it; UserError if broken."""
    try:
        edited = diffs.parse_edited_hunk(unit.hunk, text)
    except ValueError as error:
        raise UserError(str(error)) from None
    session.edit(edited)
