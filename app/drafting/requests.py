"""Asking a backend for an edit: instruction + context files -> prompts -> streamed answers -> edits.

Pure Python at import (no torch, no textual): the backend is any specdraft.engine.interface.Backend.

How a model is asked is the model's choice (``Backend.edit_format``; the user's when the
edit_format setting or --format names one), not where it runs:

* "builtin" (the builtin pair) and "whole" (an instruct checkpoint run locally): one request per
  file, asking for the whole new file, with the file's text as ``reference`` (the speculative
  edit drafter copies it). The builtin pair gets its own edit prompt (specdraft.engine.editprompt)
  and answers with the text alone; an instruct model gets a chat in its own template and answers
  with the file in a code fence (read as any whole-file answer). A file too long for the model's
  window is rewritten in windows of lines, each its own request; windows holding nothing the
  instruction names stay as they are (``windows_about``), unless no window holds any of it.
  Blank lines at a window's edges are not sent (``specdraft.engine.editprompt.blank_edges``) and
  stay as they are. In the builtin pair's answers, a change that neither removes nor adds anything
  the instruction names is put back as it was (``put_back_unrelated``: the small pair garbles a
  word beside the edit now and then); ``DraftedEdits.put_back`` counts them. In a Python file, a
  change of theirs that breaks the syntax of a window that parsed goes back too
  (``put_back_unparsable``; ``DraftedEdits.unparsable``), and so does a `def` or `class` line that
  renames what it defines, a name the instruction never mentions, to a new name the instruction
  gives (``put_back_misplaced_renames``: asked to rename `parse_tags`, the pair now and then
  renames the function beside it; ``DraftedEdits.misplaced``), and a line it rewrote into one
  that writes a name found nowhere in the file or the instruction (``put_back_invented_names``:
  `SLOT_LAINUTES` for `SLOT_LENGTH_MINUTES`; ``DraftedEdits.invented``), and a change that leaves a
  name the file uses bound nowhere (``put_back_unbinding``: a dropped `def` line joins its body to
  the function above; ``DraftedEdits.unbound``), and one that does what the instruction does not
  ask (``put_back_astray``: lines dropped where nothing is to go, a new value over a number that
  is not the old one said, a parameter added to a function it does not name; ``DraftedEdits.astray``).
  Where none of the app's readers reads the instruction (the pair's draft is all there is), a
  change that does not show what it asks goes back too (``put_back_unshown``, the test of a
  guess; ``DraftedEdits.unshown``), after the rules above. Where the builtin pair changed nothing
  at all (the user asked for a change), its likeliest changes are tried (the local engine's
  ``alternatives``: where it most nearly wrote something else), and the first that survives those
  rules and shows what was asked goes in, marked as a guess (``DraftedEdits.likeliest``).
  Where the instruction reads as a rename in a Python file ("rename parse_tags to split_tags",
  "in load_items, rename the `path` param to `store_path`", "use the name X instead of Y":
  ``asked_rename``), the rename is made by Python's scopes on every line the builtin pair left
  undone, and a line it rewrote to write the new name where the old one does not stand goes
  back (``finish_rename``; ``DraftedEdits.renamed``): the small pair often renames a definition
  and not its uses in other windows, renames nothing, or renames the function beside the one
  named. Likewise a value the instruction gives plainly ("from 40 to 48", "utf-8 -> latin-1",
  "2 hours, not 4", "set WINDOW_SECONDS to 30", "`count` to 10", "set the tax rate to 19%":
  ``asked_value``) is written over the one literal it means, as that literal is written (its
  quotes, its places, a percentage as a fraction), and a line of the pair's that wrote it over
  another literal goes back (``finish_value``; ``DraftedEdits.valued``). This is what a
  reviewer would do by hand, and it is never guessed: an instruction that could mean two
  renames or two literals, or whose names Python's scopes leave unclear, is left to the model.
  So is an import it asks of the standard library ("import threading", "we need Any from
  typing", "pull in the logging module": ``asked_import``), placed as isort places it among the
  file's first imports where the pair did not write it there (``finish_import``;
  ``DraftedEdits.imported``), and a statement it asks to delete ("remove the log.info call in
  move_to", "drop the `self.hits += 1` from resolve()": ``asked_deletion``), deleted where the
  pair left it (``finish_deletion``; ``DraftedEdits.deleted``), and a parameter to remove
  ("drop the unused `width` parameter from format_item()": ``asked_parameter_removal``;
  ``DraftedEdits.dropped``), and a keyword parameter to add
  ("add a keyword parameter headers=None to fetch_json and pass it through to build_request",
  "... and use it instead of the constant": ``asked_parameter``), added and used where the pair
  did not (``finish_parameter``; ``DraftedEdits.parameter``), and a try/except around one
  statement ("Ignore OSError raised by `sleep(wait)`", "catch json.JSONDecodeError around
  json.load and set raw = {}": ``asked_wrap``, ``finish_wrap``; ``DraftedEdits.wrapped``), and a
  function's type hints ("text is a str and it returns list[str]", "float in, str out":
  ``asked_hints``, ``finish_hints``; ``DraftedEdits.hinted``), and a docstring whose text it
  gives ('hypotenuse needs a docstring: "..."': ``asked_docstring``; ``DraftedEdits.documented``)
  and a statement to insert where it says ("at the end of reschedule, add logger.info(...)",
  "right after the Booking is created, add ...: booking.attendees.append(owner)":
  ``asked_insertion``; ``DraftedEdits.inserted``), both written where the pair did not
  (``finish_insertion``). Elsewhere (an instruction not read so, or a redraft whose notes the instruction does
  not hold), where the builtin pair renamed a name the instruction gives to a new name it gives
  in some lines and left the name's other uses as they were, the rename is carried to them
  (``carry_renames``, by Python's scopes; ``DraftedEdits.carried``).
  In a redraft, the reviewer's notes that correct a name, number or text of the instruction
  ("call it `allocate_id`, not `new_id`", "3, not 2", 'say "..." instead') are read as such
  (``corrected_instruction``) and the builtin pair is asked the instruction corrected, the
  rejected hunks left out when every note read so (``DraftedEdits.asked_as``): it follows an
  instruction far better than a note beside a diff.
  To a server, ``reference`` goes as an OpenAI predicted output (specdraft.engine.remote).
* "search-replace" (a model server's default) and "udiff": one request for all files, asking for
  SEARCH/REPLACE blocks or a unified diff (specdraft.drafting.edits' format instructions).
* An answer that holds no edit specdraft can read (chatter, an empty answer, an answer in another
  shape) is an ``EditFailure`` that quotes its beginning and names the format asked for
  (``unreadable``): it is never taken for "no change".
* ``DraftedEdits``: what one draft amounts to (specdraft.drafting.edits.EditResult, the stats of
  each request). A draft that did not finish cleanly (cancelled, cut at a length limit) is not
  ``complete``; callers apply nothing from it. Blocks that failed (a SEARCH text matching nothing
  or more than once, a cut-off file) are ``EditFailure`` records: they are shown with the model's
  text and the reason, and never become review units, so nothing of them can enter the applied
  patch.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from specdraft.core.diffs import Hunk
from specdraft.core.errors import UserError
from specdraft.drafting.edits import (
    EditFailure,
    EditResult,
    confine,
    format_instructions,
    parse_edits,
    rewrite,
)
from specdraft.engine.editprompt import (
    ASKED_READERS,
    AskedDeletion,
    AskedHints,
    AskedImport,
    AskedInsertion,
    AskedParameter,
    AskedRename,
    AskedValue,
    AskedWrap,
    CarriedRename,
    carry_renames,
    corrected_instruction,
    feedback_without_diffs,
    finish_deletion,
    finish_hints,
    finish_import,
    finish_insertion,
    finish_parameter,
    finish_rename,
    finish_value,
    finish_wrap,
    named_definitions,
    put_back_astray,
    put_back_invented_names,
    put_back_misplaced_renames,
    put_back_unbinding,
    put_back_unparsable,
    put_back_unrelated,
    put_back_unshown,
    redraft_feedback,
    shows_what_was_asked,
    windows_about,
)
from specdraft.engine.errors import EngineError

MARGIN_TOKENS = 32  # room for the end token and the model's own slack in a window
SERVER_MAX_NEW_TOKENS = 4096
EDIT_SYSTEM = (
    "You are a careful programmer. You edit files in a git repository exactly as the user asks, "
    "and change nothing else.\n\n"
)

# (event, payload): "start" label, "piece" stats, "done" stats, "kept" a line on windows not sent
ProgressCallback = Callable[[str, Any], None]

# what each edit format asks the model for, as a failure names it
ASKED_FOR = {
    "builtin": "the file's new text (the builtin pair's edit prompt)",
    "whole": "the whole file in a code fence after its path",
    "search-replace": "SEARCH/REPLACE blocks, each after its file's path",
    "udiff": "a unified diff in a ```diff fence",
}
EXCERPT_CHARS = 160  # of an unreadable answer, quoted in its failure


def unreadable(path: str | None, answer: str, edit_format: str) -> EditFailure:
    """The failure for an answer that holds no edit specdraft can read: what was asked for, and how
    the answer begins (the review shows the whole answer with it)."""
    flat = " ".join(answer.split())
    if not flat:
        said = "the answer is empty"
    else:
        quoted = flat if len(flat) <= EXCERPT_CHARS else flat[: EXCERPT_CHARS - 1] + "…"
        said = f"the answer begins: {quoted!r}"
    return EditFailure(path, answer, (
        f"no edit specdraft can read in the model's answer (asked for {ASKED_FOR.get(edit_format, edit_format)}, "
        f"--format {edit_format}); {said}; nothing of it is used: redraft, or try another --format"
    ))  # fmt: skip


@dataclass(frozen=True)
class SourceFile:
    """One context file as the prompt shows it (its bytes are the draft's base)."""

    path: str  # relative to the repository root, "/" separated
    data: bytes

    @property
    def text(self) -> str:
        return self.data.decode("utf-8", "surrogateescape")


def read_sources(repo_root: str | Path, paths: Sequence[str]) -> list[SourceFile]:
    """The context files, confined to the repository; UserError for what cannot be drafted."""
    root = Path(repo_root).resolve()
    sources: list[SourceFile] = []
    seen: set[str] = set()
    for name in paths:
        absolute = os.path.abspath(name)  # relative to the current directory, ".." folded
        relative_name = os.path.relpath(absolute, root).replace(os.sep, "/")
        target = confine(root, relative_name)  # refuses "../", ".git", links out of the tree
        relative = target.relative_to(root).as_posix()
        if relative in seen:
            continue
        if target.is_dir():
            raise UserError(f"{name} is a directory: give the files to edit")
        try:
            data = target.read_bytes()
        except FileNotFoundError:
            raise UserError(f"{name} does not exist: give existing files (the model may create new ones)") from None
        except OSError as error:
            raise UserError(f"cannot read {name}: {error.strerror or error}") from None
        if b"\x00" in data[:8000]:
            raise UserError(f"{name} is a binary file: specdraft drafts text files only")
        seen.add(relative)
        sources.append(SourceFile(relative, data))
    return sources


def fence_for(text: str) -> str:
    """A Markdown code fence longer than any run of backticks in ``text``."""
    fence = "```"
    while fence in text:
        fence += "`"
    return fence


def file_block(path: str, text: str) -> str:
    """A file as prompts to chat models show it: its path on a line, then its text in a fence."""
    body = text if text.endswith("\n") or not text else text + "\n"
    fence = fence_for(text)
    return f"{path}\n{fence}{language_of(path)}\n{body}{fence}"


def language_of(path: str) -> str:
    """The code fence's language name for a path, by its suffix ("" when unknown)."""
    suffix = Path(path).suffix.lower()
    return {".py": "python", ".js": "javascript", ".ts": "typescript", ".rs": "rust", ".go": "go",
            ".c": "c", ".h": "c", ".cpp": "cpp", ".java": "java", ".md": "markdown", ".sh": "bash",
            ".toml": "toml", ".json": "json", ".yaml": "yaml", ".yml": "yaml"}.get(suffix, "")  # fmt: skip


def feedback_text(rejected: Sequence[tuple[Hunk, str]], edited: Sequence[Hunk]) -> str:
    """The human's corrections of an earlier draft, as the prompt states them (in the words the
    builtin models were trained on: specdraft.engine.editprompt.redraft_feedback)."""

    def patch(hunk: Hunk) -> str:
        return hunk.patch_bytes().decode("utf-8", "replace")

    return redraft_feedback([(hunk.path, patch(hunk), note) for hunk, note in rejected],
                            [(hunk.path, patch(hunk)) for hunk in edited])  # fmt: skip


# ---------------------------------------------------------------------------------------------
# one draft


@dataclass
class DraftedEdits:
    """What one draft amounts to: the edits, the failed blocks, and each request's statistics."""

    result: EditResult
    stats: list[Any] = field(default_factory=list)  # specdraft.engine.backends.DraftStats per request
    # requests whose answer was not needed: a window cut at the length limit, or unreadable, in a
    # file where the app made what the instruction asks itself (`_asked_edit`); path: how many
    unused: dict[str, int] = field(default_factory=dict)
    model: str = ""
    kept_windows: dict[str, tuple[int, int]] = field(default_factory=dict)  # path: (windows kept as they are, windows)
    # path: how many of the builtin pair's changes named nothing of the instruction and were put back
    put_back: dict[str, int] = field(default_factory=dict)
    # path: how many of the builtin pair's `def` or `class` lines that renamed what they define, a
    # name the instruction never mentions, to a new name it gives, were put back
    misplaced: dict[str, int] = field(default_factory=dict)
    # path: how many of the builtin pair's rewritten lines that wrote a name found nowhere in the
    # file or the instruction were put back
    invented: dict[str, int] = field(default_factory=dict)
    # path: how many of the builtin pair's changes broke the Python syntax and were put back
    unparsable: dict[str, int] = field(default_factory=dict)
    # path: how many of the builtin pair's changes left a name the file uses bound nowhere and
    # were put back
    unbound: dict[str, int] = field(default_factory=dict)
    # path: how many of the builtin pair's changes that did what the instruction does not ask
    # (`put_back_astray`) were put back
    astray: dict[str, int] = field(default_factory=dict)
    # path: how many of the builtin pair's changes that did not show what the instruction asks,
    # where no reader read it (`put_back_unshown`), were put back
    unshown: dict[str, int] = field(default_factory=dict)
    # path: how many of the builtin pair's changes beside the edit the instruction asks plainly
    # (`_asked_edit`) were put back: that edit is the whole of what it asks
    beside: dict[str, int] = field(default_factory=dict)
    # path: (the window, the log-probability of the answer's start) where, the model having changed
    # nothing, its likeliest change went in instead (EditRequester._likeliest_change)
    likeliest: dict[str, tuple[str, float]] = field(default_factory=dict)
    # path: the renames the model made there and specdraft carried to the lines it left as they
    # were (specdraft.engine.editprompt.carry_renames)
    carried: dict[str, list[CarriedRename]] = field(default_factory=dict)
    # path: the rename the instruction asks there (specdraft.engine.editprompt.asked_rename), with
    # the lines specdraft renamed by Python's scopes that the model left as they were
    renamed: dict[str, CarriedRename] = field(default_factory=dict)
    # path: (how many lines got the value the instruction asks (asked_value) where the model did not
    # write it, how many of the model's lines writing it elsewhere went back)
    valued: dict[str, tuple[int, int]] = field(default_factory=dict)
    # path: the import statement the instruction asks (asked_import), placed where isort puts it
    # where the model did not write it there
    imported: dict[str, str] = field(default_factory=dict)
    # path: the statement the instruction asks to delete (asked_deletion), deleted where the model left it
    deleted: dict[str, str] = field(default_factory=dict)
    # path: (the parameter the instruction asks to add (asked_parameter), how many of its lines
    # specdraft wrote where the model did not)
    parameter: dict[str, tuple[str, int]] = field(default_factory=dict)
    # path: the parameter the instruction asks to remove (asked_parameter_removal), removed where the model left it
    dropped: dict[str, str] = field(default_factory=dict)
    # path: the exception of the try/except the instruction asks (asked_wrap), written where the model did not
    wrapped: dict[str, str] = field(default_factory=dict)
    # path: the `def` line with the type hints the instruction asks (asked_hints), written where the model did not
    hinted: dict[str, str] = field(default_factory=dict)
    # path: the docstring the instruction asks (asked_docstring), written where the model did not
    documented: dict[str, str] = field(default_factory=dict)
    # path: the statement the instruction asks to insert (asked_insertion), written where the model did not
    inserted: dict[str, str] = field(default_factory=dict)
    # the instruction as the reviewer's notes on a redraft correct it, where they read as
    # corrections ("call it `allocate_id`, not `new_id`"): what the builtin pair was asked
    asked_as: str = ""
    # path: (the line ranges [start, end) the file was cut into, the numbers of those requested)
    windows: dict[str, tuple[list[tuple[int, int]], list[int]]] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """Every request finished cleanly (those whose answer was not needed aside: `unused`): only
        then may anything of the draft be applied."""
        return bool(self.stats or self.unused) and all(stats.complete for stats in self.stats)

    @property
    def failures(self) -> list[EditFailure]:
        return self.result.failures

    @property
    def finish_reasons(self) -> list[str]:
        return [stats.finish_reason for stats in self.stats if not stats.complete]

    def summary(self) -> str:
        """One line for a status bar: the requests' statistics added up, and the windows kept."""
        if not self.stats:
            text = "no request"
        elif len(self.stats) == 1:
            text = self.stats[0].summary()
        else:
            text = f"{len(self.stats)} requests, " + _added_up(self.stats).summary()
        kept = sum(count for count, _ in self.kept_windows.values())
        if kept:
            text += f"; {kept} window{'s' if kept != 1 else ''} naming nothing of the instruction kept as they are"
        for name, said in PUT_BACK.items():
            count = sum(getattr(self, name).values())
            if count:
                text += f"; {count} change{'s' if count != 1 else ''} {said} put back"
        for window, _ in self.likeliest.values():
            text += f"; the model changed nothing: {window} has its likeliest change, a guess"
        for renames in self.carried.values():
            text += "".join(f"; {carried_text(rename)}" for rename in renames)
        for rename in self.renamed.values():
            text += f"; {renamed_text(rename)}"
        for lines, went_back in self.valued.values():
            text += f"; {valued_text(lines, went_back)}"
        for statement in self.imported.values():
            text += f"; {imported_text(statement)}"
        for statement in self.deleted.values():
            text += f"; {deleted_text(statement)}"
        for name, lines in self.parameter.values():
            text += f"; {parameter_text(name, lines)}"
        for name in self.dropped.values():
            text += f"; {dropped_text(name)}"
        for exception in self.wrapped.values():
            text += f"; {wrapped_text(exception)}"
        for header in self.hinted.values():
            text += f"; {hinted_text(header)}"
        for line in self.documented.values():
            text += f"; {inserted_text(line, docstring=True)}"
        for line in self.inserted.values():
            text += f"; {inserted_text(line)}"
        if self.asked_as:
            text += f"; the reviewer's note read as a correction: asked \"{self.asked_as}\""
        return text


# the put-back rules' counts in DraftedEdits, and what a change they put back did, in words: as
# the status line says it, and as a report of what went back (WENT_BACK)
PUT_BACK = {
    "put_back": "naming nothing of the instruction",
    "misplaced": "renaming a definition the instruction does not mention",
    "invented": "writing a name found nowhere in the file or the instruction",
    "unparsable": "that broke the Python syntax",
    "unbound": "leaving a name the file uses bound nowhere",
    "astray": "doing what the instruction does not ask (lines it does not drop, a value over one it does not name, a parameter of a function it does not name)",
    "unshown": "not showing what the instruction asks, where no reader read it",
    "beside": "beside the edit the instruction asks plainly",
}
# what the app made of an instruction it read plainly (DraftedEdits' fields), as a report of the
# tasks where it did says it
MADE = {
    "renamed": "the instruction's rename was made by Python's scopes on lines the model left as they were",
    "valued": "the instruction's value was written on lines where the model did not write it",
    "imported": "the instruction's import was placed where the model did not write it",
    "deleted": "the statement the instruction asks to delete was deleted where the model left it",
    "parameter": "the parameter the instruction asks was added where the model did not",
    "dropped": "the parameter the instruction asks to remove was removed where the model left it",
    "wrapped": "the try/except the instruction asks was written where the model did not",
    "hinted": "the type hints the instruction asks were written where the model did not",
    "documented": "the docstring the instruction asks was written where the model did not",
    "inserted": "the statement the instruction asks to insert was written where the model did not",
}
WENT_BACK = {
    "put_back": "named nothing of the instruction",
    "misplaced": "renamed a definition the instruction does not mention",
    "invented": "wrote a name found nowhere in the file or the instruction",
    "unparsable": "broke the Python syntax",
    "unbound": "left a name the file uses bound nowhere",
    "astray": "did what the instruction does not ask (dropped lines, a value over one it does not name, a parameter of a function it does not name)",
    "unshown": "did not show what the instruction asks (no reader of the app's read it)",
    "beside": "were beside the edit the instruction asks plainly",
}


def carried_text(rename: CarriedRename) -> str:
    """One carried rename in words, for the status line and the progress lines."""
    lines = f"{rename.lines} more line{'s' if rename.lines != 1 else ''}"
    return f"the model renamed {rename.old} to {rename.new}; specdraft carried it to {lines} the model left as they were"


# what an instruction asks plainly (EditRequester._asked_edit)
AskedEdit = (AskedRename | AskedValue | AskedImport | AskedDeletion | AskedParameter | AskedWrap | AskedHints
             | AskedInsertion)  # fmt: skip


def renamed_text(rename: CarriedRename) -> str:
    """The instruction's rename, made where the model left it undone, in words."""
    lines = f"{rename.lines} line{'s' if rename.lines != 1 else ''}"
    return f"the instruction's rename of {rename.old} to {rename.new} made by Python's scopes on {lines} the model left as they were"


def valued_text(lines: int, went_back: int) -> str:
    """The instruction's value, written where the model did not write it, in words."""
    text = f"the instruction's value written on {lines} line{'s' if lines != 1 else ''} where the model did not write it"
    if went_back:
        text += f", {went_back} of its lines writing it elsewhere put back"
    return text


def imported_text(statement: str) -> str:
    """The instruction's import, placed where the model did not write it, in words."""
    return f"the instruction's `{statement}` placed among the imports where the model did not write it"


def deleted_text(statement: str) -> str:
    """The statement the instruction asks to delete, deleted where the model left it, in words."""
    return f"the instruction's deletion of `{statement}` made where the model left it"


def parameter_text(name: str, lines: int) -> str:
    """The parameter the instruction asks, added where the model did not, in words."""
    return f"the instruction's parameter `{name}` written on {lines} line{'s' if lines != 1 else ''} where the model did not write it"


def dropped_text(name: str) -> str:
    """The parameter the instruction asks to remove, removed where the model left it, in words."""
    return f"the instruction's removal of the parameter `{name}` made where the model left it"


def wrapped_text(exception: str) -> str:
    """The try/except the instruction asks, written where the model did not, in words."""
    return f"the instruction's try/except {exception} written where the model did not write it"


def hinted_text(header: str) -> str:
    """The type hints the instruction asks, written where the model did not, in words."""
    return f"the instruction's type hints written where the model did not write them: `{header}`"


def inserted_text(line: str, docstring: bool = False) -> str:
    """The docstring or statement the instruction asks to insert, written where the model did not, in words."""
    return f"the instruction's {'docstring' if docstring else 'statement'} `{line}` written where the model did not write it"


def _changes_between(old: str, new: str) -> int:
    """How many runs of changed lines turn `old` into `new`."""
    import difflib

    matcher = difflib.SequenceMatcher(None, old.splitlines(keepends=True), new.splitlines(keepends=True), autojunk=False)
    return sum(1 for tag, *_ in matcher.get_opcodes() if tag != "equal")


def _added_up(stats: Sequence[Any]) -> Any:
    """The DraftStats of several requests as one: counts and times added (None stays None)."""
    from dataclasses import replace

    def total(name: str) -> int | None:
        values = [getattr(s, name) for s in stats]
        return None if any(v is None for v in values) else sum(values)

    unfinished = [s.finish_reason for s in stats if not s.complete]
    return replace(stats[0], finish_reason=unfinished[0] if unfinished else stats[0].finish_reason,
                   prompt_tokens=total("prompt_tokens"), new_tokens=total("new_tokens"),
                   elapsed_s=sum(s.elapsed_s for s in stats), drafted_tokens=total("drafted_tokens"),
                   accepted_tokens=total("accepted_tokens"), target_forwards=total("target_forwards"),
                   chars=sum(s.chars for s in stats))  # fmt: skip


# how many of the model's likeliest changes are tried, where it changed nothing (each one request)
LIKELIEST_TRIES = 8


@dataclass
class _Asked:
    """A window the model was asked to rewrite: where its text is in the file's pieces, and the request."""

    piece: int
    label: str
    messages: list[dict[str, str]]
    head: str
    body: str
    tail: str


@dataclass
class _Held:
    """A file the model left as it was, held back until every file has been drafted."""

    source: SourceFile
    pieces: list[str]
    windows: list[_Asked]


class EditRequester:
    """Turns an instruction and context files into DraftedEdits through one backend."""

    def __init__(
        self,
        backend: Any,
        repo_root: str | Path,
        *,
        on_progress: ProgressCallback | None = None,
        cancel: threading.Event | None = None,
        max_new_tokens: int | None = None,
        guess: bool = True,
        carry: bool = True,
        correct: bool = True,
    ):
        self.backend = backend
        self.repo_root = Path(repo_root)
        self.on_progress = on_progress or (lambda event, payload: None)
        # called with each file's EditResult as soon as it is complete (local: per file; server: at the end)
        self.on_result: Callable[[EditResult], None] | None = None
        self.cancel = cancel
        self.max_new_tokens = max_new_tokens
        self.guess = guess  # where the model changed nothing, try its likeliest change (_likeliest_change)
        self.carry = carry  # carry a rename the model made to the lines it left as they were (carry_renames)
        self.correct = correct  # ask a redraft with the instruction as the reviewer's notes correct it

    @property
    def local(self) -> bool:
        return getattr(self.backend, "kind", "remote") == "local"

    def draft(self, instruction: str, sources: Sequence[SourceFile], feedback: str = "") -> DraftedEdits:
        if not instruction.strip():
            raise UserError("the instruction is empty: say what to change")
        if not sources:
            raise UserError("no files to edit: give one or more paths after the instruction")
        asked_as = ""
        if feedback and self.correct and self.backend.edit_format == "builtin":
            corrected, corrections, unread = corrected_instruction(instruction.strip(), feedback,
                                                                   "".join(source.text for source in sources))  # fmt: skip
            if corrections:
                instruction = asked_as = corrected
                if not unread:  # every note is in the instruction now
                    feedback = ""
                self.on_progress("kept", f"the reviewer's note{'s' if len(corrections) != 1 else ''} read as a "
                                         f"correction of the instruction: asked as \"{corrected}\"")  # fmt: skip
        text = instruction.strip() + ("\n\n" + feedback if feedback else "")
        # the model decides how it is asked (Backend.edit_format), not where it runs
        if self.backend.edit_format in ("search-replace", "udiff"):
            return self._draft_all_files(text, sources, self.backend.edit_format)
        draft = self._draft_by_window(text, sources, instruction, feedback)
        draft.asked_as = asked_as
        return draft

    # ---------------------------------------------------------------- a file (or a window of it) per request

    def file_messages(self, instruction: str, body: str, path: str) -> list[dict[str, str]]:
        """One request for ``body`` (a file, or a window of its lines) in the model's own format:
        the builtin pair's edit prompt, or for an instruct model a chat asking for the whole text
        back in a code fence (the speculative edit drafter copies ``body`` either way)."""
        if self.backend.edit_format == "builtin":
            from specdraft.engine.editprompt import build_edit_messages

            return build_edit_messages(instruction, body, path, language_of(path))
        user = f"{instruction}\n\nThe file:\n\n{file_block(path, body)}"
        return [
            {"role": "system", "content": EDIT_SYSTEM + format_instructions("whole")},
            {"role": "user", "content": user},
        ]

    def windows(self, instruction: str, source: SourceFile, starts: Sequence[int] = ()) -> list[tuple[int, int]]:
        """Line ranges [start, end) of ``source`` that each fit one request in the model's window;
        where the file is cut, a window starts at each of ``starts`` (``named_definitions``)."""
        from specdraft.engine.editprompt import statement_starts, window_ranges

        backend = self.backend
        window = backend.context_length
        lines = source.text.splitlines(keepends=True)
        if window is None:
            return [(0, len(lines))]
        whole = self._prompt_tokens(self.file_messages(instruction, source.text, source.path))
        answer = self._tokens(source.text)
        if whole + answer + MARGIN_TOKENS <= window:
            return [(0, len(lines))]
        overhead = self._prompt_tokens(self.file_messages(instruction, "", source.path))
        budget = (window - overhead - MARGIN_TOKENS) // 2  # the window's lines twice: prompt and answer
        if budget < 8:
            raise UserError(
                f"the instruction alone takes {overhead} of {backend.name}'s {window}-token window: "
                "shorten it, or use a model with a larger window (--model DIR or --server URL)"
            )
        costs = [self._tokens(line) + 1 for line in lines]
        for index, cost in enumerate(costs):
            if cost > budget:
                raise UserError(
                    f"{source.path}:{index + 1} is longer ({cost} tokens) than a window of "
                    f"{backend.name} can rewrite ({budget}): use a model with a larger window"
                )
        return window_ranges(lines, costs, budget, statement_starts(source.text, source.path), starts)

    def _tokens(self, text: str) -> int:
        """The backend's token count, or for a server (whose tokenizer is not known here) a rough
        estimate: four characters a token."""
        counted = self.backend.count_tokens(text)
        return counted if counted is not None else (len(text) + 3) // 4

    def _prompt_tokens(self, messages: list[dict[str, str]]) -> int:
        counted = self.backend.count_prompt_tokens(messages)
        return counted if counted is not None else sum(self._tokens(m["content"]) + 4 for m in messages)

    def _draft_by_window(self, prompt: str, sources: Sequence[SourceFile], instruction: str,
                         feedback: str) -> DraftedEdits:  # fmt: skip
        """``prompt``: the instruction with the feedback, as the model is asked; ``instruction`` and
        ``feedback`` apart choose the windows sent (``windows_about``)."""
        from specdraft.engine.editprompt import blank_edges

        merged = EditResult(format="whole")
        draft = DraftedEdits(merged, model=self.backend.name)
        guessing = self.guess and self.backend.edit_format == "builtin" and callable(getattr(self.backend, "alternatives", None))
        held: list[_Held] = []  # files the model left as they were, until every file has been drafted
        changed = False  # whether a file of the draft changed (or failed): then no guess is made
        builtin = self.backend.edit_format == "builtin"
        carrying = self.carry and builtin

        # the rename the instruction asks, by file: made wherever the model left it undone (not in a
        # redraft whose notes the instruction does not hold: the model reads those)
        asked_edits = {source.path: self._asked_edit(instruction, feedback, source) for source in sources}

        def emit(source: SourceFile, pieces: list[str], complete: bool, unread: list[EditFailure]) -> None:
            text = "".join(pieces)
            asked = asked_edits[source.path]
            finishing = complete and not unread
            if asked is not None and complete:
                if unread:  # answers it could not read: not needed, the app makes the edit itself
                    draft.unused[source.path] = draft.unused.get(source.path, 0) + len(unread)
                    unread = []
                text = self._finish_asked(asked, source, text, draft)
            elif carrying and finishing and source.path.endswith((".py", ".pyi")):
                text, renames = carry_renames(instruction, source.text, text, feedback)
                if renames:
                    draft.carried[source.path] = renames
                    for rename in renames:
                        self.on_progress("kept", f"{source.path}: {carried_text(rename)}")
            result = rewrite(self.repo_root, source.path, text, complete=complete,
                             originals={source.path: source.data})  # fmt: skip
            result.failures[:0] = unread
            _merge(merged, result)
            if self.on_result is not None:
                self.on_result(result)

        for source in sources:
            lines = source.text.splitlines(keepends=True)
            asked_for = prompt
            # the builtin pair's windows start at the definitions the instruction names
            starts = named_definitions(instruction, source.text, source.path, feedback) if builtin else []
            try:
                ranges = self.windows(prompt, source, starts)
            except UserError:
                if not feedback:
                    raise
                # a redraft whose rejected hunks leave no room for the file in a small model's
                # window: the notes alone (still too long: the same error, for the shorter prompt)
                asked_for = instruction.strip() + "\n\n" + feedback_without_diffs(feedback)
                ranges = self.windows(asked_for, source, starts)
                self.on_progress("kept", f"{source.path}: the reviewer's notes go without the rejected hunks "
                                         f"(with them, {self.backend.name}'s window has no room for the file)")  # fmt: skip
            originals = ["".join(lines[start:end]) for start, end in ranges]
            sent = windows_about(instruction, originals, feedback)
            if len(sent) < len(ranges):
                draft.kept_windows[source.path] = (len(ranges) - len(sent), len(ranges))
                self.on_progress("kept", f"{source.path}: {len(ranges) - len(sent)} of {len(ranges)} windows "
                                         "name nothing of the instruction and stay as they are")  # fmt: skip
            pieces: list[str] = []
            unread: list[EditFailure] = []  # answers that could not be read: their text stays as it was
            requested: list[int] = []
            asked_windows: list[_Asked] = []
            draft.windows[source.path] = (ranges, requested)
            complete = True
            for number, ((start, end), original) in enumerate(zip(ranges, originals, strict=True)):
                if number not in sent:
                    pieces.append(original)
                    continue
                # the model sees the window without its blank edge lines (as in its training);
                # they go back around its answer as they were
                head, body, tail = blank_edges(original)
                if not body:
                    pieces.append(original)
                    continue
                label = source.path if len(ranges) == 1 else f"{source.path} (lines {start + 1}-{end})"
                asked = asked_for
                if len(ranges) > 1 and self.backend.edit_format != "builtin":  # the pair knows windows
                    asked += f"\n\n(These are lines {start + 1}-{end} of {source.path}: answer with these lines only.)"
                requested.append(number)
                messages = self.file_messages(asked, body, source.path)
                text, stats = self._request(label, messages, body)
                cancelled = self.cancel is not None and self.cancel.is_set()
                if not stats.complete and asked_edits[source.path] is not None and not cancelled:
                    # the app makes what the instruction asks itself: a cut answer costs the file nothing
                    draft.unused[source.path] = draft.unused.get(source.path, 0) + 1
                    self.on_progress("kept", f"{label}: the model's answer did not finish ({stats.finish_reason}); "
                                             "the edit the instruction asks is made without it")  # fmt: skip
                    pieces.append(original)
                    continue
                draft.stats.append(stats)
                if not stats.complete:  # the cut text goes into the failure record, never an edit
                    complete = False
                    pieces.append(head + text)
                    break
                text, failures = self._answer_body(text, body, source.path)
                unread.extend(failures)
                if self.backend.edit_format == "builtin" and not failures:
                    text, counts = _put_back(instruction, body, text, source, feedback, asked_edits[source.path] is not None)
                    for name, count in counts.items():
                        if count:
                            getattr(draft, name)[source.path] = getattr(draft, name).get(source.path, 0) + count
                if body.endswith("\n") and text and not text.endswith("\n"):
                    text += "\n"
                asked_windows.append(_Asked(len(pieces), label, messages, head, body, tail))
                pieces.append(head + text + tail)
            if not complete and self.cancel is not None and self.cancel.is_set():
                return draft  # cancelled: nothing of it counts
            for name, said in PUT_BACK.items():
                count = getattr(draft, name).get(source.path, 0)
                if count:
                    self.on_progress("kept", f"{source.path}: {count} change{'s' if count != 1 else ''} of the "
                                             f"model's {said} put back as they were")  # fmt: skip
            same = complete and not unread and "".join(pieces) == source.text
            if guessing and same and asked_windows and asked_edits[source.path] is None:
                held.append(_Held(source, pieces, asked_windows))
                continue
            changed = changed or not same
            emit(source, pieces, complete, unread)
        if held and not changed:  # the model changed nothing in any file (those not sent stay as they are)
            self._likeliest_change(held, instruction, feedback, draft)
            if not draft.complete:
                return draft  # cancelled: nothing of it counts
        for kept in held:
            emit(kept.source, kept.pieces, True, [])
        return draft

    def _finish_asked(self, asked: AskedEdit, source: SourceFile, text: str, draft: DraftedEdits) -> str:
        """`source` with what the instruction asks plainly (`_asked_edit`): what of it `text` (the
        builtin pair's answer, whole) left undone is recorded in `draft` and said, and so are the
        answer's other changes, which go back (that edit is the whole of what is asked)."""
        if isinstance(asked, AskedRename):
            text, lines, went_back = finish_rename(asked, source.text, text)
            if went_back:
                draft.misplaced[source.path] = draft.misplaced.get(source.path, 0) + went_back
            if lines:
                draft.renamed[source.path] = CarriedRename(asked.old, asked.new, lines)
                self.on_progress("kept", f"{source.path}: {renamed_text(draft.renamed[source.path])}")
        elif isinstance(asked, AskedInsertion):
            text, made = finish_insertion(asked, source.text, text)
            if made:
                (draft.documented if asked.docstring else draft.inserted)[source.path] = asked.line
                self.on_progress("kept", f"{source.path}: {inserted_text(asked.line, asked.docstring)}")
        elif isinstance(asked, AskedHints):
            text, made = finish_hints(asked, source.text, text)
            if made:
                draft.hinted[source.path] = asked.text.strip()
                self.on_progress("kept", f"{source.path}: {hinted_text(asked.text.strip())}")
        elif isinstance(asked, AskedWrap):
            text, made = finish_wrap(asked, source.text, text)
            if made:
                clause = next(line for line in asked.text if line.lstrip().startswith("except "))
                exception = clause.split()[1].rstrip(":")
                draft.wrapped[source.path] = exception
                self.on_progress("kept", f"{source.path}: {wrapped_text(exception)}")
        elif isinstance(asked, AskedParameter) and asked.removed:
            text, lines, _ = finish_parameter(asked, source.text, text)
            if lines:
                draft.dropped[source.path] = asked.name
                self.on_progress("kept", f"{source.path}: {dropped_text(asked.name)}")
        elif isinstance(asked, AskedParameter):
            text, lines, went_back = finish_parameter(asked, source.text, text)
            if lines or went_back:
                draft.parameter[source.path] = (asked.name, lines)
                self.on_progress("kept", f"{source.path}: {parameter_text(asked.name, lines)}")
        elif isinstance(asked, AskedDeletion):
            text, made = finish_deletion(asked, source.text, text)
            if made:
                statement = " ".join(source.text.splitlines()[asked.start].split())
                draft.deleted[source.path] = statement
                self.on_progress("kept", f"{source.path}: {deleted_text(statement)}")
        elif isinstance(asked, AskedImport):
            text, placed = finish_import(asked, source.text, text)
            if placed:
                draft.imported[source.path] = asked.statement
                self.on_progress("kept", f"{source.path}: {imported_text(asked.statement)}")
        elif isinstance(asked, AskedValue):
            text, lines, went_back = finish_value(asked, source.text, text)
            if lines or went_back:
                draft.valued[source.path] = (lines, went_back)
                self.on_progress("kept", f"{source.path}: {valued_text(lines, went_back)}")
        # that edit is the whole of what the instruction asks: the model's other changes go back
        wanted = "".join(asked.apply(source.text.splitlines(keepends=True)))
        beside = _changes_between(wanted, text)
        if beside:
            draft.beside[source.path] = beside
            self.on_progress("kept", f"{source.path}: {beside} change{'s' if beside != 1 else ''} of the model's "
                                     f"{PUT_BACK['beside']} put back as they were")  # fmt: skip
        return wanted

    def _asked_edit(self, instruction: str, feedback: str, source: SourceFile) -> AskedEdit | None:
        """What the instruction asks plainly of a Python file, for the builtin pair's answer to be
        finished by, the first that reads it in `ASKED_READERS`' order: a rename (`asked_rename`),
        a value (`asked_value`), an import (`asked_import`), a statement to delete
        (`asked_deletion`), a parameter to remove (`asked_parameter_removal`) or to add
        (`asked_parameter`), a try/except around a statement (`asked_wrap`), a function's type
        hints (`asked_hints`), a docstring (`asked_docstring`), a statement to insert
        (`asked_insertion`); None where it asks none so, with --no-carry, for another model, or
        in a redraft whose notes the instruction does not hold (the model reads those)."""
        if not (self.carry and self.backend.edit_format == "builtin") or feedback or not source.path.endswith((".py", ".pyi")):
            return None
        return next((asked for read in ASKED_READERS if (asked := read(instruction, source.text)) is not None), None)

    def _likeliest_change(self, held: list[_Held], instruction: str, feedback: str, draft: DraftedEdits) -> None:
        """Where the builtin pair left every file as it was although it was asked for a change: its
        likeliest answers that differ (``Backend.alternatives``: the places where it most nearly
        wrote something else, each written on from there), tried likeliest first, up to
        ``LIKELIEST_TRIES``; the first that, once the put-back rules have run, still changes
        something and shows what was asked (``shows_what_was_asked``) goes into its window, counted
        in ``DraftedEdits.likeliest``. None passes: the files stay as they were."""
        self.on_progress("kept", "the model changed nothing; trying its likeliest changes")
        tries = []
        for kept in held:
            for window in kept.windows:
                try:
                    found = self.backend.alternatives(window.messages, window.body, limit=LIKELIEST_TRIES)
                except EngineError as error:  # no room for the window's text after its prompt: not this one
                    self.on_progress("kept", f"{window.label}: no likeliest change ({error})")
                    continue
                tries.extend((alternative, kept, window) for alternative in found)
        tries.sort(key=lambda found: -found[0].logprob)
        for alternative, kept, window in tries[:LIKELIEST_TRIES]:
            if self.cancel is not None and self.cancel.is_set():
                return
            path = kept.source.path
            text, stats = self._request(f"{window.label}, its likeliest change", window.messages, window.body,
                                        start=alternative)  # fmt: skip
            if stats.finish_reason == "cancelled":  # as any cancelled request: the draft is not complete
                draft.stats.append(stats)
                return
            if not stats.complete:  # cut at the length limit (a loop): not this one
                continue
            text = _put_back(instruction, window.body, text, kept.source, feedback)[0]
            if text == window.body or not shows_what_was_asked(instruction, window.body, text, feedback):
                continue
            if window.body.endswith("\n") and not text.endswith("\n"):
                text += "\n"
            draft.stats.append(stats)
            kept.pieces[window.piece] = window.head + text + window.tail
            draft.likeliest[path] = (window.label, alternative.logprob)
            self.on_progress("kept", f"{window.label}: the model changed nothing; this is its likeliest change "
                                     "there, a guess: check it")  # fmt: skip
            return
        if tries:
            self.on_progress("kept", f"none of the model's {min(len(tries), LIKELIEST_TRIES)} likeliest changes shows "
                                     "what was asked: the files stay as they were")  # fmt: skip

    def _answer_body(self, text: str, body: str, path: str) -> tuple[str, list[EditFailure]]:
        """The new text of one request's ``body`` from the model's answer: the builtin pair answers
        with the text itself; an instruct model with a fenced block (parsed as any whole-file
        answer). An answer that cannot be read leaves ``body`` as it was and says why."""
        if self.backend.edit_format == "builtin":
            return text, []
        result = parse_edits(text, self.repo_root, format="whole", originals={path: body})
        edit = result.file(path)
        if edit is not None and edit.new_text is not None and not result.failures:
            return edit.new_text, []
        if path in result.unchanged and not result.failures:
            return body, []
        return body, result.failures or [unreadable(path, text, "whole")]

    # ---------------------------------------------------------------- all files in one request

    def search_replace_messages(self, instruction: str, sources: Sequence[SourceFile],
                                edit_format: str = "search-replace") -> list[dict[str, str]]:  # fmt: skip
        """One request for all files, asking for SEARCH/REPLACE blocks (or a unified diff)."""
        files = [file_block(source.path, source.text) for source in sources]
        user = instruction + "\n\nThe files:\n\n" + "\n\n".join(files)
        return [
            {"role": "system", "content": EDIT_SYSTEM + format_instructions(edit_format)},
            {"role": "user", "content": user},
        ]

    def _draft_all_files(self, instruction: str, sources: Sequence[SourceFile],
                         edit_format: str = "search-replace") -> DraftedEdits:  # fmt: skip
        messages = self.search_replace_messages(instruction, sources, edit_format)
        self._check_window(messages, sources)
        label = ", ".join(source.path for source in sources)
        text, stats = self._request(label, messages, None)
        draft = DraftedEdits(EditResult(format=edit_format), [stats], self.backend.name)
        draft.windows = {source.path: ([(0, len(source.text.splitlines()))], [0]) for source in sources}
        if stats.complete:
            originals = {source.path: source.data for source in sources}
            # the format is read from the answer: a model that answers in another one is still understood
            draft.result = parse_edits(text, self.repo_root, originals=originals)
            result = draft.result
            if not (result.files or result.failures or result.unchanged):  # nothing found that is an edit
                path = sources[0].path if len(sources) == 1 else None
                result.failures.append(unreadable(path, text, edit_format))
            if self.on_result is not None:
                self.on_result(draft.result)
        return draft

    def _check_window(self, messages: list[dict[str, str]], sources: Sequence[SourceFile]) -> None:
        window = self.backend.context_length
        if window is None:
            return
        tokens = self.backend.count_prompt_tokens(messages)
        if tokens is None:
            tokens = sum(len(m["content"]) for m in messages) // 4  # a rough estimate
        if tokens + MARGIN_TOKENS > window:
            largest = max(sources, key=lambda source: len(source.data))
            raise UserError(
                f"the context is about {tokens} tokens and {self.backend.name}'s window holds "
                f"{window}: give fewer or shorter files (the largest is {largest.path}), or use a "
                "model with a larger window"
            )

    # ---------------------------------------------------------------- one request

    def _request(self, label: str, messages: list[dict[str, str]], reference: str | None,
                 start: Any = None) -> tuple[str, Any]:  # fmt: skip
        """One request's answer and its DraftStats; ``start``: an Alternative the answer begins with."""
        from specdraft.engine.interface import DraftStats

        budget = self.max_new_tokens
        if budget is None:
            window = self.backend.context_length
            budget = window if self.local and window else SERVER_MAX_NEW_TOKENS
        self.on_progress("start", label)
        extra = {} if start is None else {"start": start}
        stream = self.backend.stream(messages, reference=reference, max_new_tokens=budget,
                                     temperature=0.0, cancel=self.cancel, **extra)  # fmt: skip
        chunks: list[str] = []
        final = None
        for piece in stream:
            if isinstance(piece, DraftStats):
                final = piece
            else:
                chunks.append(piece)
                self.on_progress("piece", getattr(stream, "stats", None))
        if final is None:
            raise UserError(f"the model's stream for {label} ended without its statistics; nothing applied")
        self.on_progress("done", final)
        return "".join(chunks), final


def _put_back(instruction: str, body: str, text: str, source: SourceFile, feedback: str,
              read: bool = True) -> tuple[str, dict[str, int]]:  # fmt: skip
    """The builtin pair's answer for ``body`` (a window of ``source``) with its changes that name
    nothing of the instruction put back, and in a Python file its definitions renamed that the
    instruction does not mention, its lines writing a name found nowhere, the changes that
    break the syntax and those that leave a name bound nowhere or do what the instruction does
    not ask; where no reader of the app's read the instruction (`read` false: the pair's draft is
    all there is), those that do not show what it asks too: (the text, how many went back by
    each rule, keyed as PUT_BACK)."""
    counts = dict.fromkeys(PUT_BACK, 0)
    text, counts["put_back"] = put_back_unrelated(instruction, body, text, source.text, feedback)
    if source.path.endswith((".py", ".pyi")):
        text, counts["misplaced"] = put_back_misplaced_renames(instruction, body, text, source.text, feedback)
        text, counts["invented"] = put_back_invented_names(instruction, body, text, source.text, feedback)
        text, counts["unparsable"] = put_back_unparsable(body, text)
        text, counts["unbound"] = put_back_unbinding(instruction, body, text, source.text, feedback)
        text, counts["astray"] = put_back_astray(instruction, body, text, source.text, feedback)
    if not read:
        text, counts["unshown"] = put_back_unshown(instruction, body, text, source.text, feedback)
    return text, counts


def _merge(into: EditResult, result: EditResult) -> None:
    into.files.extend(result.files)
    into.failures.extend(result.failures)
    into.unchanged.extend(result.unchanged)
