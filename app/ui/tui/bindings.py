"""The review keys: one table of binding ids, default keys and actions, remappable from config.

Users remap by id in the ``[keys]`` table of their config (``accept = "Y"``); Textual's keymap
swaps the keys at start-up, and the footer, the help screen and the command palette all read
the bindings from here, so they always show the keys in force (the help screen lists the
screen's active bindings, so a key added here, or to an app, is listed without another edit).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from textual.binding import Binding

from specdraft.core.errors import UserError


@dataclass(frozen=True)
class KeySpec:
    id: str
    keys: str  # comma-separated Textual key names
    action: str
    description: str
    help: str  # one line for the help screen and the command palette
    show: bool = True  # in the footer
    key_display: str | None = None


KEYS: tuple[KeySpec, ...] = (
    KeySpec("accept", "y", "accept", "accept", "accept this hunk (in line mode: the selected lines)"),
    KeySpec("reject", "n", "reject", "reject", "reject this hunk"),
    KeySpec("edit", "e", "edit", "edit", "edit this hunk in $VISUAL / $EDITOR (or inside the TUI when neither is set)"),
    KeySpec("edit-inside", "E", "edit_inside", "edit here", "edit this hunk in the editor inside the TUI", show=False),
    KeySpec("split", "s", "split", "split", "split this hunk at the context lines between its changes"),
    KeySpec("line-mode", "l", "line_mode", "lines", "enter or leave line mode (pick single lines; space toggles)"),
    KeySpec("leave-line-mode", "escape", "leave_line_mode", "leave line mode", "leave line mode", show=False),
    KeySpec("toggle-line", "space", "toggle_line", "toggle", "line mode: toggle the line under the cursor (enters line mode)", show=False),
    KeySpec("accept-file", "a", "accept_file", "accept file", "accept this and the rest of the file's undecided hunks"),
    KeySpec("reject-file", "d", "reject_file", "reject file", "reject this and the rest of the file's undecided hunks"),
    KeySpec("undo", "u", "undo", "undo", "undo the last decision"),
    KeySpec("redo", "U,ctrl+r", "redo", "redo", "redo what undo undid", show=False),
    KeySpec("next-hunk", "j,down", "next_hunk", "next", "next hunk (line mode: next line)", show=False, key_display="j"),
    KeySpec("prev-hunk", "k,up", "prev_hunk", "previous", "previous hunk (line mode: previous line)", show=False, key_display="k"),
    KeySpec("next-file", "J", "next_file", "next file", "first hunk of the next file", show=False),
    KeySpec("prev-file", "K", "prev_file", "previous file", "first hunk of the previous file", show=False),
    KeySpec("first", "g,home", "first", "first", "first hunk", show=False),
    KeySpec("last", "G,end", "last", "last", "last hunk", show=False),
    KeySpec("scroll-down", "pagedown,ctrl+d", "scroll_diff(1)", "scroll down", "scroll the diff down a page", show=False),
    KeySpec("scroll-up", "pageup,ctrl+u", "scroll_diff(-1)", "scroll up", "scroll the diff up a page", show=False),
    KeySpec("wrap", "w", "toggle_wrap", "wrap", "wrap long lines (the default), or cut them at the edge"),
    KeySpec("reject-note", "r", "reject_with_note", "reject + note", "specdraft edit: reject this hunk with a note for the model; the undecided hunks are redrafted with it"),
    KeySpec("redraft-file", "R", "redraft_file", "redraft file", "specdraft edit: redraft this file from disk (after it changed since its draft)", show=False),
    KeySpec("apply-quit", "q", "apply_quit", "apply & quit", "apply the accepted hunks and quit (asks first)"),
    KeySpec("abort-quit", "Q,ctrl+c", "abort_quit", "quit, no apply", "quit without applying anything (asks first)", show=False),
    KeySpec("help", "question_mark,f1", "help", "help", "show every key", key_display="?"),
)

EDIT_ONLY = frozenset({"reject-note", "redraft-file"})  # keys of specdraft edit: hidden where there is no draft

BINDING_IDS = tuple(spec.id for spec in KEYS)
SPEC_BY_ID = {spec.id: spec for spec in KEYS}
KEY_ORDER = {spec.id: position for position, spec in enumerate(KEYS)}  # footer and help order


def review_bindings(read_only: bool = False) -> list[Binding]:
    """Textual bindings (with ids) for the review screen."""
    bindings = []
    for spec in KEYS:
        description = spec.description
        if read_only and spec.id == "apply-quit":
            description = "finish"
        if read_only and spec.id == "abort-quit":
            description = "quit"
        bindings.append(
            Binding(
                spec.keys,
                spec.action,
                description,
                show=spec.show,
                key_display=spec.key_display,
                id=spec.id,
                priority=spec.id == "abort-quit",  # ctrl+c must reach us, not a widget's copy
                tooltip=spec.help,
            )
        )
    return bindings


def check_keymap(keys: Mapping[str, str]) -> dict[str, str]:
    """The user's ``[keys]`` table as a Textual keymap; unknown ids are a UserError."""
    unknown = sorted(set(keys) - set(BINDING_IDS))
    if unknown:
        raise UserError(
            f"unknown key binding id {', '.join(map(repr, unknown))} in [keys]; "
            f"the ids are: {', '.join(BINDING_IDS)}"
        )
    return dict(keys)
