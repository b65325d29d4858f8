"""Render rows of data as GitHub-flavoured Markdown tables with aligned columns."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

DEFAULT_ALIGN = "left"
MIN_COLUMN_WIDTH = 3
MAX_CELL_WIDTH = 40
ELLIPSIS = "..."

_RULE_ENDS = {"left": (":", "-"), "right": ("-", ":"), "center": (":", ":")}


class TableError(ValueError):
    """Raised when a row does not fit the table's header."""


def escape_cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def truncate(text: str, width: int = MAX_CELL_WIDTH) -> str:
    if len(text) <= width:
        return text
    return text[: width - len(ELLIPSIS)] + ELLIPSIS


def format_cell(value, precision=2):
    """Render one value as cell text: floats rounded, None as an empty cell."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.{precision}f}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return truncate(escape_cell(str(value)))


class Column:
    def __init__(self, title, align=DEFAULT_ALIGN):
        if align not in _RULE_ENDS:
            raise TableError(f"unknown alignment {align!r} for column {title!r}")
        self.title = title
        self.align = align
        self.width = max(len(title), MIN_COLUMN_WIDTH)

    def fit(self, cell):
        self.width = max(self.width, len(cell))

    def pad(self, cell):
        if self.align == "right":
            return cell.rjust(self.width)
        if self.align == "center":
            return cell.center(self.width)
        return cell.ljust(self.width)

    def rule(self):
        first, last = _RULE_ENDS[self.align]
        return first + "-" * (self.width - 2) + last


class MarkdownTable:
    """A table filled row by row; render() pads every column to its widest cell."""

    def __init__(self, headers: Sequence[str], align: dict[str, str] | None = None):
        aligns = align or {}
        self.columns = [Column(title, aligns.get(title, DEFAULT_ALIGN)) for title in headers]
        self.rows: list[list[str]] = []

    def add_row(self, values, precision=2):
        if len(values) != len(self.columns):
            raise TableError(f"expected {len(self.columns)} cells, got {len(values)}")
        cells = [format_cell(value, precision) for value in values]
        for column, cell in zip(self.columns, cells):
            column.fit(cell)
        self.rows.append(cells)

    def add_rows(self, rows: Iterable[Sequence[object]]) -> None:
        for row in rows:
            self.add_row(row)

    def render_line(self, cells):
        padded = [column.pad(cell) for column, cell in zip(self.columns, cells)]
        return "| " + " | ".join(padded) + " |"

    def render(self):
        lines = [self.render_line([column.title for column in self.columns])]
        lines.append(self.render_line([column.rule() for column in self.columns]))
        lines.extend(self.render_line(cells) for cells in self.rows)
        return "\n".join(lines) + "\n"

    def __str__(self):
        return self.render()


def from_dicts(records, columns=None, align=None):
    records = list(records)
    if columns is None:
        columns = list(records[0]) if records else []
    table = MarkdownTable(columns, align=align)
    for record in records:
        table.add_row([record.get(name) for name in columns])
    return table


def render_records(records, columns=None, align=None):
    if not records:
        return ""
    return from_dicts(records, columns).render()
