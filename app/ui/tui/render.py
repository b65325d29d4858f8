"""One hunk as Rich text: line numbers, +/- marks, syntax colours by file type, word highlights.

Only the hunk on screen is ever rendered (a 2,000-hunk review renders one at a time). Pure
functions of the hunk and the theme's colours, so they can be tested and timed without an app.
Every line is shown with its control characters as escapes (specdraft.core.visible): the text
is a model's or a file's, never a terminal's instructions.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath

from pygments.lexer import Lexer
from pygments.token import Token, _TokenType
from rich.cells import cell_len, get_character_cell_size
from rich.style import Style
from rich.syntax import PygmentsSyntaxTheme
from rich.text import Text

from specdraft.core.diffs import Hunk, candidate_pairs, lines_are_similar, word_diff
from specdraft.core.visible import visible
from specdraft.ui.tui.themes import DiffColors

TAB = "    "
NO_NEWLINE = "  ⏎ no newline at end of file"


@dataclass(frozen=True)
class LineMode:
    """What line mode shows: the cursor (an index into hunk.lines) and the selected lines."""

    cursor: int
    selected: frozenset[int]


@lru_cache(maxsize=1)
def _lexers_by_extension() -> dict[str, str | None]:
    """File extension -> the alias of the one lexer claiming it (None: several claim it).

    ``get_lexer_for_filename`` compiles a pattern for each of pygments' ~1,000 file-name
    globs (a few hundred ms at start-up); plain ``*.ext`` globs can be looked up directly.
    """
    from pygments.lexers._mapping import LEXERS

    index: dict[str, str | None] = {}
    for _module, _name, aliases, filenames, _mimetypes in LEXERS.values():
        for pattern in filenames:
            extension = pattern[2:].lower()
            if not pattern.startswith("*.") or any(c in extension for c in "*?[]") or not aliases:
                continue
            index[extension] = aliases[0] if extension not in index else None
    return index


@lru_cache(maxsize=256)
def lexer_for(path: str) -> Lexer:
    """The pygments lexer for a file name (by extension or name), plain text when unknown."""
    from pygments.lexers import TextLexer, get_lexer_by_name, get_lexer_for_filename
    from pygments.util import ClassNotFound

    name = PurePosixPath(path).name
    options = {"stripnl": False, "ensurenl": False, "tabsize": 0}
    _stem, dot, extension = name.rpartition(".")
    alias = _lexers_by_extension().get(extension.lower()) if dot else None
    try:
        if alias:
            return get_lexer_by_name(alias, **options)
        return get_lexer_for_filename(name, **options)  # Makefile, shared extensions, ...
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
    """A line as shown: control characters as escapes (a CR too: one line), tabs as spaces."""
    return visible(text, keep_newlines=False).replace("\t", TAB)


class _LazySide:
    """Syntax tokens of one side of a hunk (old: context and ``-``; new: context and ``+``),
    lexed as one block so that strings and comments spanning lines colour right, but only as
    far as the lines asked for so far: a 10,000-line hunk costs what is on screen."""

    def __init__(self, lines: list[str], path: str, style_name: str | None) -> None:
        self.count = len(lines)
        self.style_name = style_name
        self.done: list[list[tuple[str, Style]]] = []
        self._current: list[tuple[str, Style]] = []
        self._tokens = lexer_for(path).get_tokens("\n".join(lines)) if style_name else None
        self._plain = lines

    def line(self, number: int) -> list[tuple[str, Style]]:
        if self._tokens is None:
            return [(self._plain[number], Style.null())]
        while len(self.done) <= number and self._tokens is not None:
            try:
                token_type, value = next(self._tokens)
            except StopIteration:
                self.done.append(self._current)
                self._tokens = None
                break
            style = Style.null() if token_type is Token.Text else token_style(self.style_name, token_type)
            parts = value.split("\n")
            for part_number, part in enumerate(parts):
                if part_number:
                    self.done.append(self._current)
                    self._current = []
                if part:
                    self._current.append((part, style))
        return self.done[number] if number < len(self.done) else []


class HunkLines(Sequence[Text]):
    """The hunk's lines, one Text each (``old new  mark code`` with word highlights), made
    when first asked for and kept: the diff view asks only for the rows on screen.

    ``syntax`` is a pygments style name (None: no syntax colours). In line mode each change line
    gets ``[x]``/``[ ]`` and the cursor line a marker and background. Changed lines are padded
    to ``width`` (or, unless ``wrap``, the longest line) so that their background reads as a band.
    """

    def __init__(
        self,
        hunk: Hunk,
        colors: DiffColors,
        *,
        syntax: str | None,
        line_mode: LineMode | None = None,
        width: int = 0,
        wrap: bool = False,
    ) -> None:
        self.hunk = hunk
        self.colors = colors
        self.syntax = syntax
        self.line_mode = line_mode
        self._cache: dict[int, Text] = {}
        lines = hunk.lines
        self.texts = [_display(line.text) for line in lines]
        self._side_row: list[int] = []  # index of each line within its side
        old_rows = new_rows = 0
        for line in lines:
            if line.kind == "-":
                self._side_row.append(old_rows)
                old_rows += 1
            elif line.kind == "+":
                self._side_row.append(new_rows)
                new_rows += 1
            else:
                self._side_row.append(new_rows)
                old_rows += 1
                new_rows += 1
        self._old = _LazySide([t for t, line in zip(self.texts, lines, strict=True) if line.kind != "+"], hunk.path, syntax)
        self._new = _LazySide([t for t, line in zip(self.texts, lines, strict=True) if line.kind != "-"], hunk.path, syntax)
        # pairs are checked for similarity only when first shown: a huge hunk costs only the
        # pairs on screen
        self._partner = {}
        for minus, plus in candidate_pairs(hunk):
            self._partner[minus], self._partner[plus] = plus, minus
        self._word_ranges: dict[int, list[tuple[int, int]]] = {}
        self.number_width = max(
            len(str(max((line.old_lineno or 0 for line in lines), default=0))),
            len(str(max((line.new_lineno or 0 for line in lines), default=0))),
            3,
        )
        prefix = (5 if line_mode is not None else 0) + 2 * self.number_width + 2 + 2
        self.prefix = prefix  # the columns before the code: cursor, marks, numbers, +/-
        longest = max((len(t) + (30 if line.missing_newline else 0) for t, line in zip(self.texts, lines, strict=True)), default=0)
        self.width = width if wrap and width > 0 else max(width, prefix + longest)
        word_extra = Style.parse(colors.word_style)
        self._styles = {
            "+": (Style(color=colors.added, bold=True), Style(bgcolor=colors.added_bg), Style(bgcolor=colors.added_word) + word_extra),
            "-": (Style(color=colors.removed, bold=True), Style(bgcolor=colors.removed_bg), Style(bgcolor=colors.removed_word) + word_extra),
            " ": (Style(color=colors.context), Style(), Style()),
        }
        self._number_style = Style(color=colors.line_number)

    def __len__(self) -> int:
        return len(self.hunk.lines)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        row = self._cache.get(index)
        if row is None:
            row = self._cache[index] = self._render(index)
        return row

    def background(self, index: int) -> Style:
        """The band behind a line's code (none for context)."""
        return self._styles[self.hunk.lines[index].kind][1]

    def _words(self, index: int) -> list[tuple[int, int]]:
        if index not in self._word_ranges and index in self._partner:
            partner = self._partner[index]
            lines = self.hunk.lines
            minus, plus = (index, partner) if lines[index].kind == "-" else (partner, index)
            if lines_are_similar(lines[minus].text, lines[plus].text):
                old_spans, new_spans = word_diff(lines[minus].text, lines[plus].text)
                self._word_ranges[minus] = _changed_ranges(old_spans)
                self._word_ranges[plus] = _changed_ranges(new_spans)
            else:
                self._word_ranges[minus] = self._word_ranges[plus] = []
        return self._word_ranges.get(index, [])

    def _render(self, index: int) -> Text:
        line = self.hunk.lines[index]
        colors, line_mode = self.colors, self.line_mode
        mark_style, line_bg, word_bg = self._styles[line.kind]
        row = Text(no_wrap=True, end="")
        if line_mode is not None:
            row.append("▶" if index == line_mode.cursor else " ", Style(color=colors.hunk_header, bold=True))
            if line.kind == " ":
                row.append("    ")
            else:
                chosen = index in line_mode.selected
                row.append("[x] " if chosen else "[ ] ", Style(bold=chosen, dim=not chosen))
        old = str(line.old_lineno) if line.old_lineno is not None else ""
        new = str(line.new_lineno) if line.new_lineno is not None else ""
        row.append(f"{old:>{self.number_width}} {new:>{self.number_width}} ", self._number_style)
        code_start = len(row)
        row.append(f"{line.kind} ", mark_style)
        code_offset = len(row)
        if line.kind == " " and self.syntax is None:
            tokens = [(self.texts[index], Style(color=colors.context))]
        else:
            side = self._old if line.kind == "-" else self._new
            tokens = side.line(self._side_row[index])
        for piece, style in tokens:
            row.append(piece, style)
        if line.kind != " ":
            row.stylize(line_bg, code_start)
            for start, end in self._words(index):
                row.stylize(word_bg, code_offset + start, code_offset + end)
            if line_mode is not None and index not in line_mode.selected:
                row.stylize(Style(dim=True, strike=line.kind == "+"), code_offset)
        if line.missing_newline:
            row.append(NO_NEWLINE, Style(color=colors.line_number, italic=True))
        if line_mode is not None and index == line_mode.cursor:
            row.stylize(Style(bgcolor=colors.cursor_bg), 0, code_start)
        if line.kind != " " and len(row) < self.width:
            row.append(" " * (self.width - len(row)), line_bg)
        return row


class WrappedLines(Sequence[Text]):
    """``HunkLines`` cut into rows of ``width`` cells: a long line goes on in the rows below it,
    under its code, the columns of its numbers left blank. The rows of a line are made when one
    of them is first asked for; how many rows each line takes is counted from its text alone."""

    MIN_ROOM = 10  # fewer columns for the code than this: lines are cut, not wrapped

    def __init__(self, lines: HunkLines, width: int) -> None:
        self.lines = lines
        self.width = width
        self.indent = lines.prefix
        room = width - self.indent
        self._starts: list[int] = []  # the first row of each line
        total = 0
        for text, line in zip(lines.texts, lines.hunk.lines, strict=True):
            self._starts.append(total)
            cells = self.indent + cell_len(text) + (len(NO_NEWLINE) if line.missing_newline else 0)
            total += 1 if cells <= width or room < self.MIN_ROOM else 1 + -(-(cells - width) // room)
        self._count = total
        self._rows: dict[int, list[Text]] = {}  # line index -> its rows

    def __len__(self) -> int:
        return self._count

    def row_of(self, line: int) -> int:
        """The first row of hunk line ``line`` (the line-mode cursor's)."""
        return self._starts[line] if 0 <= line < len(self._starts) else line

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < self._count:
            raise IndexError(index)  # iterating (a Sequence's __iter__) stops here
        line = bisect_right(self._starts, index) - 1
        rows = self._rows.get(line)
        if rows is None:
            rows = self._rows[line] = self._wrap(line)
        part = index - self._starts[line]
        return rows[part] if part < len(rows) else Text(no_wrap=True, end="")

    def _wrap(self, line: int) -> list[Text]:
        whole = self.lines[line]
        width, indent = self.width, self.indent
        if whole.cell_len <= width or width - indent < self.MIN_ROOM:
            return [whole]
        offsets = _cell_offsets(whole.plain, width, width - indent)
        background = self.lines.background(line)
        rows = []
        for number, piece in enumerate(whole.divide(offsets)):
            if number:
                row = Text(" " * indent, style=background, no_wrap=True, end="")
                row.append_text(piece)
                piece = row
            if self.lines.hunk.lines[line].kind != " " and piece.cell_len < width:
                piece.append(" " * (width - piece.cell_len), background)
            rows.append(piece)
        return rows


def _cell_offsets(text: str, first: int, rest: int) -> list[int]:
    """Where to cut ``text`` (character offsets) into a first row of ``first`` cells and
    rows of ``rest`` cells after it; a wide character never straddles a cut."""
    if cell_len(text) == len(text):
        return list(range(first, len(text), rest))
    offsets, room, used = [], first, 0
    for offset, character in enumerate(text):
        size = get_character_cell_size(character)
        if used + size > room:
            offsets.append(offset)
            room, used = rest, 0
        used += size
    return offsets


def _changed_ranges(spans: Iterable) -> list[tuple[int, int]]:
    ranges, offset = [], 0
    for span in spans:
        text = _display(span.text)
        if span.changed and text.strip():
            ranges.append((offset, offset + len(text)))
        offset += len(text)
    return ranges


def render_hunk_lines(
    hunk: Hunk,
    colors: DiffColors,
    *,
    syntax: str | None,
    line_mode: LineMode | None = None,
    width: int = 0,
    wrap: bool = False,
) -> Sequence[Text]:
    """The hunk's lines as a lazy sequence (``HunkLines``; with ``wrap`` and a width known,
    ``WrappedLines``: long lines go on in the rows below); binary and meta hunks as a list."""
    if hunk.kind != "text":
        return render_special(hunk, colors).split("\n")
    if wrap and width > 0:
        return WrappedLines(HunkLines(hunk, colors, syntax=syntax, line_mode=line_mode, width=width, wrap=True), width)
    return HunkLines(hunk, colors, syntax=syntax, line_mode=line_mode, width=width)


def render_special(hunk: Hunk, colors: DiffColors) -> Text:
    """A binary or meta hunk (mode change, rename, empty file): what it is, decided whole."""
    label = "binary file" if hunk.kind == "binary" else "file change"
    text = Text(no_wrap=True, end="")
    text.append(f"  {label}: ", Style(color=colors.hunk_header, bold=True))
    text.append(visible(hunk.description or hunk.path, keep_newlines=False), Style(color=colors.context, bold=True))
    text.append("\n\n  y / n accepts or rejects it whole", Style(color=colors.line_number, italic=True))
    return text


def hunk_header(hunk: Hunk) -> str:
    """The ``@@ -a,b +c,d @@ section`` line as git prints it."""
    if hunk.kind != "text":
        return f"{hunk.kind} change: no lines to show"
    header = f"@@ -{hunk.old_start},{hunk.old_count} +{hunk.new_start},{hunk.new_count} @@"
    return f"{header} {visible(hunk.section, keep_newlines=False)}".rstrip()
