"""The diff view: the current hunk with its file's context (path, status, hunk n of m, decision).

The hunks next to the one shown are rendered ahead, while the app is idle (``prepare``), so
that j, k, y and n usually find the next hunk's rows drawn already.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from specdraft.core.diffs import FileDiff
from specdraft.core.session import Decision, HunkState
from specdraft.core.visible import visible
from specdraft.ui.tui.render import LineMode, hunk_header, render_hunk_lines
from specdraft.ui.tui.themes import DiffColors
from specdraft.ui.tui.widgets.lines_view import Prepared, TextLinesView

PREPARED_HUNKS = 6  # hunks rendered ahead and kept (the neighbours of the one shown)

BADGES = {
    Decision.PENDING: ("pending", "dim"),
    Decision.ACCEPTED: ("✓ accepted", "bold"),
    Decision.REJECTED: ("✗ rejected", "bold"),
    Decision.EDITED: ("✎ edited", "bold"),
}


class HunkBody(TextLinesView):
    """The hunk's lines (Line API: only the visible ones are drawn); never takes focus."""


class DiffView(Vertical):
    DEFAULT_CSS = """
    DiffView {
        border: round $panel;
        border-title-color: $text-muted;
        height: 1fr;
    }
    DiffView > #file-header { height: 2; padding: 0 1; }
    DiffView > HunkBody { height: 1fr; }
    """

    _last: tuple | None = None  # the arguments of the last show(), redrawn on resize
    wrap = True  # long lines go on in the rows below (w toggles); else they are cut at the edge
    _drawn_width: int | None = None  # the body's width when it was drawn (None: not drawn yet)

    def __init__(self, *children, **options) -> None:
        super().__init__(*children, **options)
        # (id of the hunk, id of the colours, syntax, width) -> (hunk, colours, rows): the
        # hunk and colours are kept so that their ids stay theirs
        self._prepared: dict[tuple, tuple[object, DiffColors, Prepared]] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="file-header")
        yield HunkBody(id="hunk-body")

    def show(
        self,
        file: FileDiff | None,
        unit: HunkState | None,
        position: tuple[int, int],
        colors: DiffColors,
        *,
        syntax: str | None,
        line_mode: LineMode | None,
        scroll_home: bool,
    ) -> None:
        """Render one unit (only this one: the view is lazy by design)."""
        self._last = (file, unit, position, colors, syntax, line_mode)
        header = self.query_one("#file-header", Static)
        body = self.query_one(HunkBody)
        if file is None or unit is None:
            header.update("", layout=False)
            body.set_lines([Text("nothing to review", style="dim italic")])
            return
        hunk = shown_hunk(unit)
        header.update(file_header(file, unit, position, colors), layout=False)
        width = body.scrollable_content_region.width
        self._drawn_width = width
        if width <= 0:  # not laid out yet (at start-up): drawn again once the width is known
            self._drawn_width = None
            self.call_after_refresh(self.on_resize)
        prepared = self._prepared.get((id(hunk), id(colors), syntax, width, self.wrap)) if line_mode is None else None
        if prepared is not None and prepared[0] is hunk and prepared[1] is colors:
            lines = prepared[2].lines
            body.set_lines(lines, width=getattr(lines, "width", None), prepared=prepared[2])
        else:
            lines = render_hunk_lines(hunk, colors, syntax=syntax, line_mode=line_mode, width=width, wrap=self.wrap)
            body.set_lines(lines, width=getattr(lines, "width", None))
        title = f"hunk {position[0]}/{position[1]}"
        if self.border_title != title:  # setting it repaints the whole view, border and all
            self.border_title = title
        if scroll_home:
            body.scroll_home(animate=False)

    def prepare(self, units: list[HunkState], colors: DiffColors, *, syntax: str | None) -> None:
        """Render the first screen of each of ``units`` now (out of line mode), so that showing
        one of them later costs no rendering; the ones prepared before are kept up to a few."""
        body = self.query_one(HunkBody)
        width = body.scrollable_content_region.width
        if width <= 0:
            return
        for unit in units:
            hunk = shown_hunk(unit)
            key = (id(hunk), id(colors), syntax, width, self.wrap)
            known = self._prepared.pop(key, None)
            if known is None or known[0] is not hunk or known[1] is not colors:
                lines = render_hunk_lines(hunk, colors, syntax=syntax, width=width, wrap=self.wrap)
                known = (hunk, colors, body.prepare(lines))
            self._prepared[key] = known  # the most recent last
        while len(self._prepared) > PREPARED_HUNKS:
            del self._prepared[next(iter(self._prepared))]

    def forget(self) -> None:
        """Forget the hunk last shown: the caller draws something else in the body (a failed
        block), which a resize must not replace with that hunk."""
        self._last = None

    def on_resize(self) -> None:
        """Changed lines are padded to the view's width: redraw at the new width."""
        last = self._last
        if last is not None and self.query_one(HunkBody).scrollable_content_region.width != self._drawn_width:
            file, unit, position, colors, syntax, line_mode = last
            self.show(file, unit, position, colors, syntax=syntax, line_mode=line_mode, scroll_home=False)

    def keep_line_visible(self, line: int) -> None:
        """Scroll so that hunk line ``line`` (0-based) is on screen (the line-mode cursor)."""
        body = self.query_one(HunkBody)
        row_of = getattr(body.lines, "row_of", None)  # wrapped: a line may take several rows
        body.scroll_row_visible(row_of(line) if row_of else line)

    def page(self, direction: int) -> None:
        scroll = self.query_one(HunkBody)
        if direction > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)


def shown_hunk(unit: HunkState):
    """The hunk the view shows for a unit: the human's edit when there is one."""
    return unit.edited if unit.decision is Decision.EDITED and unit.edited else unit.hunk


def file_header(file: FileDiff, unit: HunkState, position: tuple[int, int], colors: DiffColors) -> Text:
    """Two lines: path (with rename, mode, status) and decision; then the hunk's @@ line."""
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    title = Style(color=colors.hunk_header, bold=True)
    if file.status in ("renamed", "copied") and file.old_path and file.new_path:
        text.append(f"{visible(file.old_path, keep_newlines=False)} → {visible(file.new_path, keep_newlines=False)}",
                    title)  # fmt: skip
        if file.similarity is not None:
            text.append(f"  {file.status} ({file.similarity}% similar)", "dim")
        else:
            text.append(f"  {file.status}", "dim")
    else:
        text.append(visible(file.path, keep_newlines=False), title)
        if file.status != "modified":
            text.append(f"  {file.status}", "dim")
    if file.old_mode and file.new_mode and file.old_mode != file.new_mode:
        text.append(f"  mode {file.old_mode} → {file.new_mode}", "dim")
    if file.binary:
        text.append("  binary", "dim")
    label, style = BADGES[unit.decision]
    text.append(f"   [{label}]", style)
    if unit.hunk.parent_id:
        text.append("  (split)", "dim")
    text.append("\n")
    text.append(hunk_header(unit.hunk), Style(color=colors.hunk_header))
    return text

