"""A scrollable list of Rich text lines drawn with Textual's Line API: only visible lines render.

Each line is turned into a Strip the first time it is on screen and cached until it changes,
so redrawing after a key costs the few lines that changed, whatever the length of the list.
``prepare`` makes the strips of lines not shown yet (the diff view's next hunk, while the app
is idle), so that showing them later costs no rendering at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


class TextLinesView(ScrollView, can_focus=False):
    """Shows ``lines`` (one Rich Text per row); ``highlight`` marks one row (a cursor)."""

    DEFAULT_CSS = """
    TextLinesView { overflow: auto auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines: Sequence[Text] = []
        self._strips: dict[int, Strip] = {}  # line index -> its whole line, uncropped
        # line index -> the row as drawn (cropped, padded, in the widget's style), for _drawn_as
        self._drawn: dict[int, Strip] = {}
        self._drawn_as: tuple | None = None  # (scroll_x, width, base style) of the rows in _drawn
        self.highlight_row: int | None = None
        self.highlight_style = Style(reverse=True)

    @property
    def lines(self) -> Sequence[Text]:
        return self._lines

    def set_lines(
        self, lines: Sequence[Text], *, width: int | None = None, prepared: Prepared | None = None
    ) -> None:
        """Replace every line (one hunk, or the whole file list).

        ``lines`` may be lazy (a Sequence that makes each Text when asked): only the rows on
        screen are asked for, provided ``width`` (the widest line) is given. ``prepared``:
        what ``prepare(lines)`` made earlier, used when it is still right for this view.
        """
        self._lines = lines
        if prepared is not None and prepared.lines is lines:
            # render_line checks drawn_as against the view as it is then
            self._strips, self._drawn, self._drawn_as = (
                prepared.strips,
                prepared.drawn,
                prepared.drawn_as,
            )
            if self.highlight_row is not None:  # prepared without it
                self._strips.pop(self.highlight_row, None)
                self._drawn.pop(self.highlight_row, None)
        else:
            self._strips = {}
            self._drawn = {}
        longest = width if width is not None else max((line.cell_len for line in lines), default=0)
        size = Size(longest, len(lines))
        room = self.scrollable_content_region.size
        if (
            self.scrollbars_enabled == (False, False)
            and size.width <= room.width
            and size.height <= room.height
        ):
            # no scrollbar before or after: nothing to lay out again (a layout costs a second
            # screen update, 16 ms later, for the scrollbars), only the rows to redraw
            self.set_reactive(TextLinesView.virtual_size, size)
        else:
            self.virtual_size = size
        self.refresh()

    def set_line(self, index: int, line: Text) -> None:
        """Replace one line (of a list); only its row is redrawn."""
        assert isinstance(self._lines, list), "set_line needs the lines as a list"
        self._lines[index] = line
        self._strips.pop(index, None)
        self._drawn.pop(index, None)
        if line.cell_len > self.virtual_size.width:
            self.virtual_size = Size(line.cell_len, self.virtual_size.height)
        self._refresh_row(index)

    def set_highlight(self, row: int | None) -> None:
        if row == self.highlight_row:
            return
        previous, self.highlight_row = self.highlight_row, row
        for index in (previous, row):
            if index is not None:
                self._strips.pop(index, None)
                self._drawn.pop(index, None)
                self._refresh_row(index)

    def scroll_row_visible(self, row: int, *, center: bool = False) -> None:
        height = max(1, self.scrollable_content_region.height)
        top = int(self.scroll_y)
        if center or not top <= row < top + height:
            target = row - height // 2 if center else (row if row < top else row - height + 1)
            self.scroll_to(y=max(0, target), animate=False)

    def _refresh_row(self, index: int) -> None:
        row = index - int(self.scroll_y)
        if 0 <= row < self.size.height:
            self.refresh_line(row)

    def _strip(self, index: int) -> Strip:
        strip = self._strips.get(index)
        if strip is None:
            text = self._lines[index]
            if index == self.highlight_row:
                text = text.copy()
                text.stylize(self.highlight_style)
            segments = [s for s in text.render(self.app.console) if s.text != "\n"]
            strip = Strip(segments)
            self._strips[index] = strip
        return strip

    def _draw_key(self) -> tuple:
        """What a drawn row depends on besides its line: the scroll, the width, the style."""
        return (
            int(self.scroll_offset.x),
            self.scrollable_content_region.width,
            self._base_style or self.rich_style,
        )

    def prepare(self, lines: Sequence[Text]) -> Prepared:
        """The rows ``lines`` would show first (scrolled home, no highlight), drawn now, ahead of
        ``set_lines(lines, prepared=...)``: the diff view prepares the hunks next to the one shown
        while the app is idle."""
        scroll_x, width, base = key = (0, self.scrollable_content_region.width, self.rich_style)
        prepared = Prepared(lines, {}, {}, key)
        console = self.app.console
        for index in range(min(len(lines), max(self.size.height, 1))):
            strip = Strip([s for s in lines[index].render(console) if s.text != "\n"])
            prepared.strips[index] = strip
            prepared.drawn[index] = (
                strip.crop(scroll_x, scroll_x + width).extend_cell_length(width).apply_style(base)
            )
        return prepared

    _base_style: Style | None = None  # rich_style, while render_lines draws a frame

    def render_lines(self, crop):  # type: ignore[no-untyped-def]
        # rich_style walks every ancestor's styles: once per frame, not once per row
        self._base_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._base_style = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        key = self._draw_key()
        if key != self._drawn_as:
            self._drawn, self._drawn_as = {}, key
        _scroll_x, width, base = key
        if index >= len(self._lines):  # below the last line: one blank row, drawn once
            index = -1
            drawn = self._drawn.get(index)
            if drawn is None:
                drawn = self._drawn[index] = Strip([Segment(" " * width, base)], width)
            return drawn
        drawn = self._drawn.get(index)
        if drawn is None:
            strip = self._strip(index).crop(scroll_x, scroll_x + width)
            drawn = self._drawn[index] = strip.extend_cell_length(width).apply_style(base)
        return drawn


@dataclass
class Prepared:
    """Rows of ``lines`` made ahead of showing them (``TextLinesView.prepare``)."""

    lines: Sequence[Text]
    strips: dict[int, Strip]  # as TextLinesView._strips
    drawn: dict[int, Strip]  # as TextLinesView._drawn, for drawn_as
    drawn_as: tuple
