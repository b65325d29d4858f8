"""The Textual interface of ``specdraft review``; the entry point is ``app.tui.app.run_review_tui``."""
