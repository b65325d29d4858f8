"""The Textual interface of ``specdraft review``; the entry point is ``specdraft.ui.tui.app.run_review_tui``."""
