"""specdraft's user-facing side: the review loop, the edit flow, git, and the terminal UI."""

__version__ = "0.1.0"
