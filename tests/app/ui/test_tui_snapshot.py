"""Snapshot tests of the review screen (pytest-textual-snapshot); update with --snapshot-update."""

from __future__ import annotations

from tests.app.tui_support import make_app

SIZE = (120, 40)


def test_review_screen(snap_compare):
    """After one accept: progress in the file list and status bar, the second hunk shown."""
    assert snap_compare(make_app(), press=["y"], terminal_size=SIZE)


def test_line_mode_high_contrast(snap_compare):
    """Line mode on notes.md with one line deselected, in the colour-blind-safe theme."""
    app = make_app(theme="high-contrast")
    assert snap_compare(app, press=["J", "J", "l", "j", "space"], terminal_size=SIZE)


def test_long_line_wrapped(snap_compare):
    """A line longer than the view goes on in the rows below, under its code (issue 41)."""
    from tests.app.ui.test_tui_newcomer import long_app

    assert snap_compare(long_app(), terminal_size=(100, 24))
