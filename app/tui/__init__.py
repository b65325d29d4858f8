"""The Textual interface of ``specdraft review``; the entry point is ``app.tui.app.run_review_tui``.

Importing this package is cheap (Textual is imported by ``app.tui.app``); ``preload()`` starts
that import in a background thread so that it overlaps slow work such as ``git diff``.
"""

from __future__ import annotations

import threading


def preload() -> threading.Thread:
    """Import the TUI (Textual, ~0.3 s) in a daemon thread; joining is optional."""

    def load() -> None:
        try:
            import app.tui.app  # noqa: F401
        except Exception:  # reported properly when the TUI is really imported
            pass

    thread = threading.Thread(target=load, name="specdraft-tui-preload", daemon=True)
    thread.start()
    return thread
