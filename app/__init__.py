"""specdraft's user-facing side: the review loop, the edit flow, git, and the terminal UI."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """``__version__``, read only when asked (importlib.metadata costs start-up): the installed
    distribution's version, which setuptools-scm takes from the git tag (pyproject.toml)."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("specdraft")
        except PackageNotFoundError:  # run from a source tree that was never installed
            return "0+unknown"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
