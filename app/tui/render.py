"""One hunk as Rich text: line numbers, +/- marks, syntax colours by file type, word highlights.

Only the hunk on screen is ever rendered (a 2,000-hunk review renders one at a time). Pure
functions of the hunk and the theme's colours, so they can be tested and timed without an app.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath

from pygments.lexer import Lexer
from pygments.token import Token, _TokenType
from rich.style import Style
from rich.syntax import PygmentsSyntaxTheme
from rich.text import Text

from app.diffs import Hunk, pair_lines, word_diff
from app.tui.themes import DiffColors

TAB = "    "


@dataclass(frozen=True)
class LineMode:
    """What line mode shows: the cursor (an index into hunk.lines) and the selected lines."""

    cursor: int
    selected: frozenset[int]


@lru_cache(maxsize=256)
def lexer_for(path: str) -> Lexer:
    """The pygments lexer for a file name (by extension or name), plain text when unknown."""
    from pygments.lexers import TextLexer, get_lexer_for_filename
    from pygments.util import ClassNotFound

    name = PurePosixPath(path).name
    try:
        return get_lexer_for_filename(name, stripnl=False, ensurenl=False, tabsize=0)
    except ClassNotFound:
        return TextLexer(stripnl=False, ensurenl=False)


@lru_cache(maxsize=16)
def _syntax_theme(style_name: str) -> PygmentsSyntaxTheme:
    return PygmentsSyntaxTheme(style_name)


@lru_cache(maxsize=4096)
def token_style(style_name: str, token_type: _TokenType) -> Style:
    """Foreground, bold and italic of a token in a pygments style (its background dropped)."""
    style = _syntax_theme(style_name).get_style_for_token(token_type)
    return Style(color=style.color, bold=style.bold, italic=style.italic)


def _display(text: str) -> str:
    return text.replace("\t", TAB)


def _highlight_side(
    lines: list[str], path: str, style_name: str | None
) -> list[list[tuple[str, Style]]]:
    """Lex one side of a hunk as a block (so strings and comments spanning lines colour right)
    and cut the tokens back into lines."""
    if style_name is None:
        return [[(line, Style.null())] for line in lines]
    per_line: list[list[tuple[str, Style]]] = [[]]
    source = "\n".join(lines)
    for token_type, value in lexer_for(path).get_tokens(source):
        style = token_style(style_name, token_type) if token_type is not Token.Text else Style.null()
        parts = value.split("\n")
        for number, part in enumerate(parts):
            if number:
                per_line.append([])
            if part:
                per_line[-1].append((part, style))
    while len(per_line) < len(lines):
        per_line.append([])
    return per_line[: len(lines)]


def _changed_ranges(spans: Iterable) -> list[tuple[int, int]]:
    ranges, offset = [], 0
    for span in spans:
        text = _display(span.text)
        if span.changed and text.strip():
            ranges.append((offset, offset + len(text)))
        offset += len(text)
    return ranges


def render_hunk(
    hunk: Hunk,
    colors: DiffColors,
    *,
    syntax: str | None,
    line_mode: LineMode | None = None,
    width: int = 0,
) -> Text:
    """``render_hunk_lines`` joined into one Text (for tests and simple displays)."""
    return Text("\n", no_wrap=True, end="").join(
        render_hunk_lines(hunk, colors, syntax=syntax, line_mode=line_mode, width=width)
    )


def render_hunk_lines(
    hunk: Hunk,
    colors: DiffColors,
    *,
    syntax: str | None,
    line_mode: LineMode | None = None,
    width: int = 0,
) -> list[Text]:
    """The hunk's lines, one Text each: ``old new  mark code``, with word highlights.

    ``syntax`` is a pygments style name (None: no syntax colours). In line mode each change line
    gets ``[x]``/``[ ]`` and the cursor line a marker and background. Changed lines are padded
    to ``width`` (or the longest line) so that their background reads as a band.
    """
    if hunk.kind != "text":
        return render_special(hunk, colors).split("\n")
    texts = [_display(line.text) for line in hunk.lines]
    old_rows = [i for i, line in enumerate(hunk.lines) if line.kind != "+"]
    new_rows = [i for i, line in enumerate(hunk.lines) if line.kind != "-"]
    old_tokens = dict(zip(old_rows, _highlight_side([texts[i] for i in old_rows], hunk.path, syntax), strict=True))
    new_tokens = dict(zip(new_rows, _highlight_side([texts[i] for i in new_rows], hunk.path, syntax), strict=True))

    word_ranges: dict[int, list[tuple[int, int]]] = {}
    for minus, plus in pair_lines(hunk):
        old_spans, new_spans = word_diff(hunk.lines[minus].text, hunk.lines[plus].text)
        word_ranges[minus] = _changed_ranges(old_spans)
        word_ranges[plus] = _changed_ranges(new_spans)

    number_width = max(
        len(str(max((line.old_lineno or 0 for line in hunk.lines), default=0))),
        len(str(max((line.new_lineno or 0 for line in hunk.lines), default=0))),
        3,
    )
    number_style = Style(color=colors.line_number)
    word_extra = Style.parse(colors.word_style)
    styles = {
        "+": (Style(color=colors.added, bold=True), Style(bgcolor=colors.added_bg), Style(bgcolor=colors.added_word) + word_extra),
        "-": (Style(color=colors.removed, bold=True), Style(bgcolor=colors.removed_bg), Style(bgcolor=colors.removed_word) + word_extra),
        " ": (Style(color=colors.context), Style(), Style()),
    }
    rows: list[tuple[Text, Style | None]] = []
    for index, line in enumerate(hunk.lines):
        mark_style, line_bg, word_bg = styles[line.kind]
        row = Text(no_wrap=True, end="")
        if line_mode is not None:
            at_cursor = index == line_mode.cursor
            row.append("▶" if at_cursor else " ", Style(color=colors.hunk_header, bold=True))
            if line.kind == " ":
                row.append("    ")
            else:
                chosen = index in line_mode.selected
                row.append("[x] " if chosen else "[ ] ", Style(bold=chosen, dim=not chosen))
        old = str(line.old_lineno) if line.old_lineno is not None else ""
        new = str(line.new_lineno) if line.new_lineno is not None else ""
        row.append(f"{old:>{number_width}} {new:>{number_width}} ", number_style)
        code_start = len(row)
        row.append(f"{line.kind} ", mark_style)
        code_offset = len(row)
        tokens = (old_tokens if line.kind == "-" else new_tokens).get(index, [])
        if line.kind == " " and syntax is None:
            tokens = [(texts[index], Style(color=colors.context))]
        for piece, style in tokens:
            row.append(piece, style)
        if line.kind != " ":
            row.stylize(line_bg, code_start)
            for start, end in word_ranges.get(index, []):
                row.stylize(word_bg, code_offset + start, code_offset + end)
            if line_mode is not None and index not in line_mode.selected:
                row.stylize(Style(dim=True, strike=line.kind == "+"), code_offset)
        if line.missing_newline:
            row.append("  ⏎̸ no newline at end of file", Style(color=colors.line_number, italic=True))
        if line_mode is not None and index == line_mode.cursor:
            row.stylize(Style(bgcolor=colors.cursor_bg), 0, code_start)
        rows.append((row, line_bg if line.kind != " " else None))
    target = max([width, *(len(row) for row, _bg in rows)])
    out = []
    for row, background in rows:
        if background is not None and len(row) < target:
            row.append(" " * (target - len(row)), background)
        out.append(row)
    return out


def render_special(hunk: Hunk, colors: DiffColors) -> Text:
    """A binary or meta hunk (mode change, rename, empty file): what it is, decided whole."""
    label = "binary file" if hunk.kind == "binary" else "file change"
    text = Text(no_wrap=True, end="")
    text.append(f"  {label}: ", Style(color=colors.hunk_header, bold=True))
    text.append(hunk.description or hunk.path, Style(color=colors.context, bold=True))
    text.append("\n\n  no lines to show; y / n accepts or rejects it whole", Style(color=colors.line_number, italic=True))
    return text


def hunk_header(hunk: Hunk) -> str:
    """The ``@@ -a,b +c,d @@ section`` line as git prints it."""
    if hunk.kind != "text":
        return f"{hunk.kind}: {hunk.description}".strip()
    header = f"@@ -{hunk.old_start},{hunk.old_count} +{hunk.new_start},{hunk.new_count} @@"
    return f"{header} {hunk.section}".rstrip()
