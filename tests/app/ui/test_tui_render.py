"""The hunk renderer: marks, line numbers, syntax colours by file type, word highlights, line mode."""

from __future__ import annotations

from textwrap import dedent

from rich.style import Style
from rich.text import Text

from specdraft.core.diffs import parse_diff
from specdraft.ui.tui.render import LineMode, hunk_header, lexer_for, render_hunk_lines
from specdraft.ui.tui.themes import load_themes

COLORS = load_themes()["dark"].diff
HIGH_CONTRAST = load_themes()["high-contrast"].diff


def render_hunk(hunk, colors, *, syntax, line_mode=None, width=0) -> Text:
    """Every line of the hunk as the TUI renders it, joined into one Text."""
    lines = render_hunk_lines(hunk, colors, syntax=syntax, line_mode=line_mode, width=width)
    return Text("\n", no_wrap=True, end="").join(list(lines))


def one_hunk(path: str, body: str):
    text = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n" + dedent(body)
    return parse_diff(text.encode())[0].hunks[0]


PY_HUNK = """\
@@ -1,3 +1,3 @@
 def total(items):
-    return sum(items)
+    return sum(items) + tax
 # end
"""


def styles_at(text, offset: int) -> Style:
    """The combined style of the character at ``offset``."""
    style = Style.parse(str(text.style)) if text.style else Style()
    for span in text.spans:
        if span.start <= offset < span.end:
            style += span.style if isinstance(span.style, Style) else Style.parse(span.style)
    return style


def test_lines_have_numbers_and_marks():
    hunk = one_hunk("calc.py", PY_HUNK)
    lines = render_hunk(hunk, COLORS, syntax=None).plain.splitlines()
    assert lines[0].startswith("  1   1   def total(items):")
    assert lines[1].startswith("  2     -     return sum(items)")
    assert lines[2].startswith("      2 +     return sum(items) + tax")
    assert lines[3].startswith("  3   3   # end")


def test_changed_words_are_highlighted_and_unchanged_are_not():
    hunk = one_hunk("calc.py", PY_HUNK)
    text = render_hunk(hunk, COLORS, syntax="one-dark")
    plain = text.plain
    added_line_start = plain.index("      2 +")
    tax = plain.index("tax", added_line_start)
    sum_word = plain.index("sum", added_line_start)
    assert styles_at(text, tax).bgcolor.name == COLORS.added_word
    assert styles_at(text, tax).bold
    assert styles_at(text, sum_word).bgcolor.name == COLORS.added_bg


def test_high_contrast_changed_words_are_underlined_too():
    hunk = one_hunk("calc.py", PY_HUNK)
    text = render_hunk(hunk, HIGH_CONTRAST, syntax="github-dark")
    tax = text.plain.index("tax")
    style = styles_at(text, tax)
    assert style.underline and style.bold and style.bgcolor.name == HIGH_CONTRAST.added_word


def test_syntax_colours_follow_the_file_type():
    python = render_hunk(one_hunk("calc.py", PY_HUNK), COLORS, syntax="one-dark")
    plain_text = render_hunk(one_hunk("calc.txt", PY_HUNK), COLORS, syntax="one-dark")
    offset = python.plain.index("def")
    assert python.plain == plain_text.plain
    assert styles_at(python, offset).color != styles_at(plain_text, offset).color
    assert lexer_for("calc.py").name == "Python" and lexer_for("Makefile").name == "Makefile"
    from pygments.lexers import get_lexer_for_filename

    for name in ("x.h", "x.cpp", "x.ts", "x.rs", "x.toml", "x.md", "Dockerfile", "x.sh"):
        assert lexer_for(name).name == get_lexer_for_filename(name).name, name
    assert lexer_for("no-such.zzz").name == "Text only"


def test_multiline_strings_colour_as_one_block():
    hunk = one_hunk(
        "doc.py",
        '''\
        @@ -1,3 +1,3 @@
         x = """
        -old words
        +new words
         """
        ''',
    )
    text = render_hunk(hunk, COLORS, syntax="one-dark")
    inside = text.plain.index("new words")
    outside = text.plain.index("x =")
    assert styles_at(text, inside).color != styles_at(text, outside).color  # a string, not a name


def test_line_mode_shows_the_cursor_and_the_selection():
    hunk = one_hunk("calc.py", PY_HUNK)
    text = render_hunk(hunk, COLORS, syntax=None, line_mode=LineMode(cursor=2, selected=frozenset({1})))
    lines = text.plain.splitlines()
    assert lines[0].startswith("     ")
    assert lines[1].startswith(" [x]")
    assert lines[2].startswith("▶[ ]")
    unselected = styles_at(text, text.plain.index("tax"))
    assert unselected.dim and unselected.strike  # an unselected + line will not be applied


def test_changed_lines_fill_the_width():
    hunk = one_hunk("calc.py", PY_HUNK)
    lines = render_hunk(hunk, COLORS, syntax=None, width=80).plain.splitlines()
    assert [len(line) for line in lines[1:3]] == [80, 80]
    assert len(lines[0]) < 80


def test_tabs_are_expanded_and_missing_newline_is_shown():
    hunk = one_hunk(
        "t.c",
        "@@ -1 +1 @@\n-\tint a;\n\\ No newline at end of file\n+\tint b;\n\\ No newline at end of file\n",
    )
    plain = render_hunk(hunk, COLORS, syntax=None).plain
    assert "\t" not in plain and "-     int a;" in plain
    assert plain.count("no newline at end of file") == 2


def test_binary_and_meta_hunks_are_described():
    files = parse_diff(
        b"diff --git a/logo.png b/logo.png\nindex 1..2 100644\nBinary files a/logo.png and b/logo.png differ\n"
        b"diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n"
    )
    binary = render_hunk(files[0].hunks[0], COLORS, syntax="one-dark").plain
    meta = render_hunk(files[1].hunks[0], COLORS, syntax="one-dark").plain
    assert "binary file" in binary and "whole" in binary
    assert "mode 100644 → 100755" in meta
    assert hunk_header(files[1].hunks[0]) == "meta change: no lines to show"


def test_hunk_header_is_git_style():
    hunk = one_hunk("calc.py", PY_HUNK.replace("@@ -1,3 +1,3 @@", "@@ -1,3 +1,3 @@ class A:"))
    assert hunk_header(hunk) == "@@ -1,3 +1,3 @@ class A:"


def test_word_highlights_only_for_similar_pairs():
    from specdraft.core.diffs import candidate_pairs, lines_are_similar
    from specdraft.ui.tui.render import HunkLines

    hunk = one_hunk(
        "m.py",
        """\
        @@ -1,2 +1,2 @@
        -total = price * count
        -import os
        +total = price * amount
        +class Completely(Different): pass
        """,
    )
    lines = HunkLines(hunk, COLORS, syntax=None)
    highlighted = {i for i in range(len(lines)) if any(
        isinstance(span.style, Style) and span.style.bgcolor and span.style.bgcolor.name in (COLORS.added_word, COLORS.removed_word)
        for span in lines[i].spans
    )}
    text = [line.text for line in hunk.lines]
    paired = {i for old, new in candidate_pairs(hunk) if lines_are_similar(text[old], text[new]) for i in (old, new)}
    assert highlighted == paired == {0, 2}


def test_a_huge_hunk_renders_only_what_is_asked_for():
    from specdraft.ui.tui.render import HunkLines

    body = "".join(f"-    value_{i} = compute(x)\n+    value_{i} = compute(y)\n" for i in range(3000))
    hunk = one_hunk("big.py", "@@ -1,3000 +1,3000 @@\n" + body)
    lines = HunkLines(hunk, COLORS, syntax="one-dark")
    first_screen = [lines[i] for i in range(40)]
    assert "compute(x)" in first_screen[0].plain and "compute(y)" in first_screen[1].plain
    assert len(lines._old.done) < 100 and len(lines._word_ranges) <= 40  # the rest is not made yet
    assert "value_2999" in lines[-1].plain
