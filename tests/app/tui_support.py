"""Shared fixtures for the TUI tests: a fixed diff, a session over it, and what the screen shows."""

from __future__ import annotations

from textwrap import dedent

from textual.widgets import Static

from specdraft.core.config import Settings
from specdraft.core.diffs import parse_diff
from specdraft.core.session import Effects, ReviewSession
from specdraft.ui.tui.app import ReviewApp, build_app
from specdraft.ui.tui.themes import load_themes
from specdraft.ui.tui.widgets.lines_view import TextLinesView

# `git diff` of a small repo: calc.py (3 hunks, the first splittable in two), a binary file,
# notes.md (1 hunk, splittable), and a mode change. 6 units in all.
SAMPLE_DIFF = dedent(
    """\
    diff --git a/calc.py b/calc.py
    index 3656d9a..f77c931 100644
    --- a/calc.py
    +++ b/calc.py
    @@ -1,11 +1,11 @@
     def f0(x):
    -    return x + 0
    +    return x - 10  # changed0
    ⎵
     def f1(x):
         return x + 1
    ⎵
     def f2(x):
    -    return x + 2
    +    return x * 2
    ⎵
     def f3(x):
         return x + 3
    @@ -14,6 +14,7 @@ def f4(x):
         return x + 4
    ⎵
     def f5(x):
    +    # new comment
         return x + 5
    ⎵
     def f6(x):
    @@ -29,7 +30,7 @@ def f9(x):
         return x + 9
    ⎵
     def f10(x):
    -    return x + 10
    +    return x - 10  # changed
    ⎵
     def f11(x):
         return x + 11
    diff --git a/logo.bin b/logo.bin
    index c866266..5663091 100644
    Binary files a/logo.bin and b/logo.bin differ
    diff --git a/notes.md b/notes.md
    index 2a42d85..61ef8ea 100644
    --- a/notes.md
    +++ b/notes.md
    @@ -1,4 +1,5 @@
     # Notes
    ⎵
    -first line
    +first line changed
     second line
    +third line
    diff --git a/run.sh b/run.sh
    old mode 100644
    new mode 100755
    """
).replace("⎵", " ").encode()  # ⎵: an empty context line (a lone space, which editors strip)

THEMES = load_themes()  # built-in only: tests never read the user's config directory


def make_session() -> ReviewSession:
    return ReviewSession(parse_diff(SAMPLE_DIFF), source="test")


def make_app(
    session: ReviewSession | None = None,
    *,
    read_only: bool = False,
    theme: str | None = None,
    keys: dict[str, str] | None = None,
    editor: str = "internal",
    environ: dict[str, str] | None = None,
    effects: Effects | None = None,
) -> ReviewApp:
    settings = Settings(keys=dict(keys or {}), editor=editor)
    return build_app(
        session or make_session(),
        title="specdraft review: test",
        theme=theme,
        read_only=read_only,
        settings=settings,
        themes=THEMES,
        environ=environ or {},
        effects=effects,
    )


def shown(app: ReviewApp, selector: str) -> str:
    """The plain text a Static (or a lines view) on the current screen shows."""
    widget = app.screen.query_one(selector)
    if isinstance(widget, TextLinesView):
        return "\n".join(line.plain for line in widget.lines)
    content = app.screen.query_one(selector, Static).content
    return getattr(content, "plain", None) or str(content)


def file_rows(app: ReviewApp) -> list[str]:
    from specdraft.ui.tui.widgets.file_list import FileList

    return [line.plain for line in app.screen.query_one(FileList).lines]


def footer_text(app: ReviewApp) -> str:
    from textual.widgets import Footer

    footer = app.screen.query_one(Footer)
    return " ".join(
        f"{getattr(item, 'key_display', '')}:{getattr(item, 'description', '')}"
        for item in footer.query("FooterKey")
    )
