"""Asking for an edit: instruction + context files -> an operation read, or prompts -> streamed answers -> edits.

Pure Python at import (no torch, no textual): the backend is any specdraft.engine.interface.Backend.

How a draft is made is always said (``DraftedEdits.made_by``), and nothing a model wrote is
changed before the reviewer sees it:

* **An operation read from the instruction** (the builtin pair only: a served model reads the
  instruction itself). Where one of the app's readers (specdraft.drafting.reading) reads the
  instruction as an operation ("rename `parse_tags` to `split_tags`", "set TAX_RATE to 0.19"),
  specdraft.ops makes it, exactly and across every file given, and the model is not run: the
  draft is instant and says "read from your instruction". In a redraft, a reviewer's note that
  corrects a name, number or text of the instruction ("call it `reserve_slot`, not `next_slot`") is
  read the same way, and the draft says "read from your note". An operation that does not fit
  the files is said, and the model drafts instead.
* **A text edit by the model**, where nothing is read. How a model is asked is the model's
  choice (``Backend.edit_format``; the user's when the edit_format setting or --format names
  one), not where it runs:

  - "builtin" (the builtin pair) and "whole" (an instruct checkpoint run locally): one request
    per file, asking for the whole new file, with the file's text as ``reference`` (the
    speculative edit drafter copies it). The builtin pair gets its own edit prompt
    (specdraft.engine.editprompt) and answers with the text alone; an instruct model gets a chat
    in its own template and answers with the file in a code fence. A file too long for the
    model's window is rewritten in windows of lines, each its own request; windows holding
    nothing the instruction names stay as they are (``windows_about``: they are not sent),
    unless no window holds any of it. Blank lines at a window's edges are not sent and stay as
    they are. To a server, ``reference`` goes as an OpenAI predicted output.
  - "search-replace" (a model server's default) and "udiff": one request for all files, asking
    for SEARCH/REPLACE blocks or a unified diff (specdraft.drafting.edits' format instructions).

  The answer is read as the model wrote it: an answer that holds no edit specdraft can read
  (chatter, an empty answer, another shape) is an ``EditFailure`` that quotes its beginning and
  names the format asked for (``unreadable``), never "no change"; a block that fails (a SEARCH
  text matching nothing or more than once, a cut-off file) is an ``EditFailure`` shown with the
  model's text and the reason, and never becomes a review unit.
* ``DraftedEdits``: what one draft amounts to (specdraft.drafting.edits.EditResult, the stats of
  each request, the operation where one was read). A draft that did not finish cleanly
  (cancelled, cut at a length limit) is not ``complete``; callers apply nothing from it.
"""

from __future__ import annotations

import functools
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
from specdraft.drafting.edits.soundness import broken, broken_pieces
from specdraft.drafting.reading import (
    ReadOperation,
    corrected_instruction,
    read_in_parts,
    read_operation,
)
from specdraft.engine.editprompt import (
    feedback_without_diffs,
    named_definitions,
    redraft_feedback,
    windows_about,
)

MARGIN_TOKENS = 32  # room for the end token and the model's own slack in a window
# The builtin pair's text edits whose least likely token is less likely than this are withheld (a
# failed block with the model's text and the reason, never applied). Measured on the project's
# own task sets, the model drafting every task (--no-read --show-unsure): eval2-eval13 (2026-12-07
# afternoon): of 376 drafts that changed the file, 4 were exact; at 0.5, 21 pass, 2 of them exact.
# eval24-eval29 (2026-12-07 evening, 324 tasks): of 164 drafts that changed the file, 5 were exact;
# at 0.5, 7 pass (2 exact, 5 wrong); at 0.6, 1 passes (exact). The demo's showcase text edit
# ("Change 2 to 4.") is at 0.68. A confident wrong draft is worse than none; --show-unsure shows
# them all.
BUILTIN_MIN_TOKEN_PROB = 0.6
# The operations the builtin pair reads from an instruction (under the outline's grammar) whose
# least likely token is less likely than this are not made (the text edit is drafted instead).
# Measured on the operation-reading validation split (specdraft.training.opdata --evaluate, 450
# held-out examples, half in held-out phrasings, the pair of 2026-12-07 afternoon): of 241 answers
# naming operations, 33 were wrong at 0.5, 12 of 202 at 0.7, 4 of 151 at 0.9, 0 of 120 at 0.95.
# The shipped pair (run 23, 2026-12-07 evening) on 300 examples of the new held-out split: at 0.5,
# 223 exact and 32 wrong; at 0.9, 223 exact and 5 wrong (every answer between was wrong).
BUILTIN_MIN_OPERATION_PROB = 0.9
# the room an operation's answer takes in the model's window (the grammar bounds its free text)
ANSWER_TOKENS = 256
SERVER_MAX_NEW_TOKENS = 4096
EDIT_SYSTEM = (
    "You are a careful programmer. You edit files in a git repository exactly as the user asks, "
    "and change nothing else.\n\n"
)


def answer_fits(backend: Any, messages: list[dict[str, str]]) -> bool:
    """Whether an operation's answer (ANSWER_TOKENS) fits ``backend``'s window after ``messages``."""
    return backend.count_prompt_tokens(messages) + ANSWER_TOKENS <= (backend.context_length or 0)


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
OPERATIONS_SYSTEM = (
    "Where the edit is a refactoring that the tools offered make (a rename, a value, an import, a parameter, "
    "a try/except, type hints, a docstring, a statement inserted or deleted), answer by calling them, one call "
    "per operation, in the order they are to be made: a refactoring library then makes each exactly, in every "
    "file. Otherwise answer with a text edit as follows.\n\n"
)


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
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            raise UserError(
                f"{name} is not UTF-8 (byte 0x{data[error.start]:02x} on line {line}): models read and write UTF-8 "
                f"text, so specdraft drafts UTF-8 files only; convert it first (e.g. `iconv -f latin1 -t utf-8`), "
                "or leave it out; `specdraft review` still reviews its diffs byte for byte"
            ) from None
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
    """What one draft amounts to: the edits, the failed blocks, each request's statistics, and how
    it was made (``made_by``)."""

    result: EditResult
    stats: list[Any] = field(default_factory=list)  # specdraft.engine.backends.DraftStats per request
    model: str = ""
    kept_windows: dict[str, tuple[int, int]] = field(default_factory=dict)  # path: (windows kept as they are, windows)
    # the operation a reader read (from the instruction, or from a reviewer's note) and
    # specdraft.ops made: then no model ran, and ``stats`` is empty
    operation: ReadOperation | None = None
    # the instruction as the reviewer's notes on a redraft correct it, where they read as
    # corrections ("call it `reserve_slot`, not `next_slot`")
    asked_as: str = ""
    # path: (the line ranges [start, end) the file was cut into, the numbers of those requested)
    windows: dict[str, tuple[list[tuple[int, int]], list[int]]] = field(default_factory=dict)
    # the asks of the instruction this draft does not make (it read the others): said with it
    not_done: tuple[str, ...] = ()

    def left_out(self) -> str:
        """What of the instruction the draft leaves undone, in words ("" where nothing)."""
        if not self.not_done:
            return ""
        asks = "; ".join(f'"{ask}"' for ask in self.not_done)
        return f"not drafted: {asks} (ask for {'it' if len(self.not_done) == 1 else 'them'} on {'its' if len(self.not_done) == 1 else 'their'} own)"

    @property
    def complete(self) -> bool:
        """An operation was made, or every request finished cleanly: only then may anything of the
        draft be applied."""
        if self.operation is not None:
            return True
        return bool(self.stats) and all(stats.complete for stats in self.stats)

    @property
    def failures(self) -> list[EditFailure]:
        return self.result.failures

    @property
    def finish_reasons(self) -> list[str]:
        return [stats.finish_reason for stats in self.stats if not stats.complete]

    @property
    def made_by(self) -> str:
        """How the draft was made, in words: the operation and where it was read, or the model that
        wrote the text edit."""
        if self.operation is not None:
            return self.operation.said() + (f"; {self.left_out()}" if self.not_done else "")
        return f"text edit by {self.model or 'the model'}"

    @property
    def drafter(self) -> str:
        """Who made the draft, as the review record and the commit's ``Drafted-by`` trailer name it:
        the model for its text edits and its operations, specdraft for an operation it read."""
        if self.operation is None:
            return self.model or "the model"
        if self.operation.origin == "model":
            return f"{self.model} (operations)"
        return f"specdraft (an operation read from the {self.operation.origin})"

    def summary(self) -> str:
        """One line for a status bar: how the draft was made, the requests' statistics added up (only
        tokens that became the draft), and the windows kept."""
        if self.operation is not None and self.operation.origin != "model":
            return self.made_by + "; no model ran"
        if not self.stats:
            text = "no request"
        elif len(self.stats) == 1:
            text = self.stats[0].summary()
        else:
            text = f"{len(self.stats)} requests, " + _added_up(self.stats).summary()
        text = f"{self.made_by}: {text}"
        kept = sum(count for count, _ in self.kept_windows.values())
        if kept:
            text += f"; {kept} window{'s' if kept != 1 else ''} naming nothing of the instruction kept as they are"
        return text


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
        read: bool = True,
        show_unsure: bool = False,
        operations: bool = True,
    ):
        self.backend = backend
        self.repo_root = Path(repo_root)
        self.on_progress = on_progress or (lambda event, payload: None)
        # called with each file's EditResult as soon as it is complete (local: per file; server: at the end)
        self.on_result: Callable[[EditResult], None] | None = None
        self.cancel = cancel
        self.max_new_tokens = max_new_tokens
        # read the instruction (and a reviewer's note) as an operation where the app's readers can
        # (the builtin pair only): False (--no-read) has the model draft every edit
        self.read = read
        # the builtin pair's drafts it is not sure of (BUILTIN_MIN_TOKEN_PROB) go into the review too
        self.show_unsure = show_unsure
        # offer a model server the operations as tools (where it takes them): its answer may be one
        self.operations = operations
        # (instruction, answer) of the model's last reading into operations: a note on its draft
        # goes back to it with the answer it rejected
        self._last_reading: tuple[str, str] | None = None

    @property
    def local(self) -> bool:
        return getattr(self.backend, "kind", "remote") == "local"

    def draft(self, instruction: str, sources: Sequence[SourceFile], feedback: str = "") -> DraftedEdits:
        if not instruction.strip():
            raise UserError("the instruction is empty: say what to change")
        if not sources:
            raise UserError("no files to edit: give one or more paths after the instruction")
        instruction, asked_as, origin = instruction.strip(), "", "instruction"
        reading = self.read and self.backend.edit_format == "builtin"
        if feedback and reading:
            corrected, corrections, unread = corrected_instruction(instruction, feedback,
                                                                   [(source.path, source.text) for source in sources])  # fmt: skip
            if corrections:  # the builtin pair follows an instruction far better than a note beside a diff
                instruction = asked_as = corrected
                origin = "note"
                if not unread:  # every note is in the instruction now
                    feedback = ""
                self.on_progress("kept", f"the reviewer's note{'s' if len(corrections) != 1 else ''} read as a "
                                         f"correction of the instruction: asked as \"{corrected}\"")  # fmt: skip
        if reading and not feedback:  # a note the instruction does not hold is the model's to read
            files = [(source.path, source.text) for source in sources]
            read, unread = read_operation(instruction, files, origin), ()
            if read is None:  # several asks: those that read are made, and the draft says what it left
                read, unread = read_in_parts(instruction, files, origin)
            if read is not None:
                made = self._make(read, sources, asked_as)
                if made is not None:
                    from specdraft.drafting.opreading import answer_text

                    # a note on this draft goes to the model with the operation it rejects
                    self._last_reading = (instruction, answer_text(read.operations))
                    made.not_done = unread
                    if unread:
                        self.on_progress("kept", made.left_out())
                    return made
        if self.operations and self.model_reads_operations:
            rejected = ()
            if feedback and self._last_reading is not None and self._last_reading[0] == instruction:
                from specdraft.engine.editprompt import feedback_notes

                rejected = ((self._last_reading[1], feedback_notes(feedback) or "redraft it"),)
            if not feedback or rejected:  # a note on a text edit stays the text edit's
                made = self._model_reads(instruction, sources, rejected)
                if made is not None:
                    made.asked_as = asked_as
                    return made
        text = instruction + ("\n\n" + feedback if feedback else "")
        # the model decides how it is asked (Backend.edit_format), not where it runs
        if self.backend.edit_format in ("search-replace", "udiff"):
            return self._draft_all_files(text, sources, self.backend.edit_format)
        draft = self._draft_by_window(text, sources, instruction, feedback)
        draft.asked_as = asked_as
        return draft

    @property
    def model_reads_operations(self) -> bool:
        """The model reads an instruction into operations under a grammar: the builtin pair (trained
        for it, specdraft.drafting.opreading) on the local engine."""
        return self.local and self.backend.edit_format == "builtin" and getattr(self.backend, "constrained", False)

    def _model_reads(self, instruction: str, sources: Sequence[SourceFile],
                     rejected: Sequence[tuple[str, str]] = ()) -> DraftedEdits | None:  # fmt: skip
        """The model's reading of the instruction as operations (decoded under the grammar of the
        files' outline), made by specdraft.ops. None, said as progress, where the model answers
        ``[]`` (no operation fits), is not sure of its answer (a token under
        BUILTIN_MIN_OPERATION_PROB), or answers an operation that does not fit: then it drafts the text
        edit instead. ``rejected``: (its earlier answer, the reviewer's note) for a redraft."""
        from specdraft.drafting.opreading import (
            answer_grammar,
            answer_text,
            fitting_messages,
            made_up,
            outline,
            parse_answer,
        )
        from specdraft.ops import OpError

        found = outline([(source.path, source.text) for source in sources])
        if not found.text:
            return None
        messages = fitting_messages(found, instruction, functools.partial(answer_fits, self.backend), rejected)
        if messages is None:
            self.on_progress("kept", f"the operation-reading prompt does not fit {self.backend.name}'s window; "
                                     "it drafts a text edit")  # fmt: skip
            return None
        label = "operations: " + ", ".join(source.path for source in sources)
        text, stats = self._request(label, messages, None, grammar=answer_grammar(found))
        if not stats.complete:
            return None
        try:
            operations = parse_answer(text)
        except OpError as error:
            self.on_progress("kept", f"{self.backend.name}'s operations do not read ({error}); it drafts a text edit")
            return None
        least = getattr(stats, "least_token_prob", None)
        if not operations:
            self.on_progress("kept", f"{self.backend.name} read no operation in the instruction; it drafts a text edit")
            return None
        read = ReadOperation(tuple(operations), reader=self.backend.name, origin="model")
        if any(answer_text(operations) == answer_text(parse_answer(answer)) for answer, _ in rejected):
            self.on_progress("kept", f"{read.said()}: the operation the reviewer rejected, answered again; "
                                     "it drafts a text edit")  # fmt: skip
            return None
        if not self.show_unsure and least is not None and least < BUILTIN_MIN_OPERATION_PROB:
            self.on_progress("kept", f"{read.said()}: not sure of it (a token at p={least:.2f}); it drafts a text edit")
            return None
        invented = made_up(operations, " ".join([instruction, *(note for _, note in rejected)]))
        if invented and not self.show_unsure:  # what it writes is not in the words: made up, not read
            said = "the instruction or the notes" if rejected else "the instruction"
            self.on_progress("kept", f"{read.said()}: its {', '.join(invented)} is not in {said} "
                                     "(made up, not read); it drafts a text edit")  # fmt: skip
            return None
        made = self._make(read, sources, "", [stats], "it drafts a text edit")
        # a note on this draft goes back with this answer; one withheld or not fitting was never shown
        self._last_reading = (instruction, text.strip()) if made is not None else None
        return made

    def _make(self, read: ReadOperation, sources: Sequence[SourceFile], asked_as: str, stats: Sequence[Any] = (),
              otherwise: str = "the model drafts instead") -> DraftedEdits | None:  # fmt: skip
        """The draft of operations read (by a reader, or by the model: its request's ``stats``):
        specdraft.ops makes them on the files. None, said as progress with ``otherwise``, where they
        do not fit the files."""
        from specdraft.ops import OpError, apply_all

        try:
            changed = apply_all(read.operations, {source.path: source.text for source in sources})
        except OpError as error:
            self.on_progress("kept", f"{read.said()}: it does not fit ({error}); {otherwise}")
            return None
        draft = DraftedEdits(EditResult(format="operation"), list(stats), model=self.backend.name, operation=read,
                             asked_as=asked_as)  # fmt: skip
        self.on_progress("kept", read.said())
        for result in self._rewritten(changed, sources):
            _merge(draft.result, result)
            if self.on_result is not None:
                self.on_result(result)
        return draft

    def _rewritten(self, changed: dict[str, str], sources: Sequence[SourceFile]) -> list[EditResult]:
        """Each source's new text, as operations made it, read as any whole-file edit."""
        return [rewrite(self.repo_root, source.path, changed[source.path], complete=True,
                        originals={source.path: source.data})
                for source in sources if source.path in changed]  # fmt: skip

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
        ``feedback`` apart choose the windows sent (``windows_about``). Each answer goes into the
        draft as the model wrote it."""
        from specdraft.engine.editprompt import blank_edges

        merged = EditResult(format="whole")
        draft = DraftedEdits(merged, model=self.backend.name)
        builtin = self.backend.edit_format == "builtin"
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
            changed: dict[int, tuple[str, str]] = {}  # piece -> (its original, the model's answer)
            requested: list[int] = []
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
                if len(ranges) > 1 and not builtin:  # the pair knows windows
                    asked += f"\n\n(These are lines {start + 1}-{end} of {source.path}: answer with these lines only.)"
                requested.append(number)
                text, stats = self._request(label, self.file_messages(asked, body, source.path), body)
                draft.stats.append(stats)
                if not stats.complete:  # the cut text goes into the failure record, never an edit
                    complete = False
                    pieces.append(head + text)
                    break
                text, failures = self._answer_body(text, body, source.path)
                unsure = self._unsure(stats, source.path, text) if text != body and not failures else None
                if unsure is not None:  # withheld: the window stays as it was, the answer is shown as a failure
                    failures, text = [unsure], body
                unread.extend(failures)
                if body.endswith("\n") and text and not text.endswith("\n"):  # the end token takes a window's last newline
                    text += "\n"
                if text != body and not failures:
                    changed[len(pieces)] = (original, text)
                pieces.append(head + text + tail)
            if not complete and self.cancel is not None and self.cancel.is_set():
                return draft  # cancelled: nothing of it counts
            if complete and changed and not self.show_unsure:
                unread.extend(self._withhold_broken(source, pieces, changed))
            result = rewrite(self.repo_root, source.path, "".join(pieces), complete=complete,
                             originals={source.path: source.data})  # fmt: skip
            result.failures[:0] = unread
            _merge(merged, result)
            if self.on_result is not None:
                self.on_result(result)
        return draft

    def _unsure(self, stats: Any, path: str, text: str) -> EditFailure | None:
        """The failure that withholds a builtin pair's answer it was not sure of, or None."""
        least = getattr(stats, "least_token_prob", None)
        if self.show_unsure or self.backend.edit_format != "builtin" or least is None or least >= BUILTIN_MIN_TOKEN_PROB:
            return None
        return EditFailure(path, text, (
            f"the builtin model was not sure of this draft (its least likely token had p={least:.2f}, under "
            f"{BUILTIN_MIN_TOKEN_PROB}; such drafts of the builtin pair are almost always wrong): nothing of it is applied; "
            "name the code plainly (the app then reads the edit as an operation), use a larger model (--model DIR, "
            "--server URL), or see it anyway with --show-unsure"
        ))  # fmt: skip

    def _withhold_broken(self, source: SourceFile, pieces: list[str],
                         changed: dict[int, tuple[str, str]]) -> list[EditFailure]:  # fmt: skip
        """The failures of the windows whose answers leave the file broken (edits.soundness: it does
        not parse, defines a function twice, or leaves a name used that nothing defines), each put
        back in ``pieces`` as it was."""
        withheld = broken_pieces(source.text, pieces, {i: original for i, (original, _) in changed.items()}, source.path)
        for i in withheld:
            pieces[i] = changed[i][0]
        return [EditFailure(source.path, changed[i][1], (
            f"{reason}: nothing of this answer is applied; redraft, say it in other words, or see it anyway "
            "with --show-unsure"
        )) for i, reason in sorted(withheld.items())]  # fmt: skip

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
                                edit_format: str = "search-replace", operations: bool = False) -> list[dict[str, str]]:  # fmt: skip
        """One request for all files, asking for SEARCH/REPLACE blocks (or a unified diff); with
        ``operations``, saying that the tools offered make an edit exactly."""
        files = [file_block(source.path, source.text) for source in sources]
        user = instruction + "\n\nThe files:\n\n" + "\n\n".join(files)
        system = EDIT_SYSTEM + (OPERATIONS_SYSTEM if operations else "") + format_instructions(edit_format)
        return [
            {"role": "system", "content": system},
            {"role": "user", "content": user},
        ]

    def _draft_all_files(self, instruction: str, sources: Sequence[SourceFile],
                         edit_format: str = "search-replace") -> DraftedEdits:  # fmt: skip
        """One request for all files; where the server takes tools, the operations (specdraft.ops) are
        offered too, and an answer of tool calls is made by them (``_made_by_model``)."""
        tools = self.operations and getattr(self.backend, "offers_tools", False)
        messages = self.search_replace_messages(instruction, sources, edit_format, operations=tools)
        self._check_window(messages, sources)
        label = ", ".join(source.path for source in sources)
        text, stats = self._request(label, messages, None, tools=tools)
        draft = DraftedEdits(EditResult(format=edit_format), [stats], self.backend.name)
        draft.windows = {source.path: ([(0, len(source.text.splitlines()))], [0]) for source in sources}
        if stats.complete and getattr(stats, "tool_calls", None):
            draft.result = self._made_by_model(stats.tool_calls, sources, draft)
            if self.on_result is not None:
                self.on_result(draft.result)
        elif stats.complete:
            originals = {source.path: source.data for source in sources}
            # the format is read from the answer: a model that answers in another one is still understood
            draft.result = parse_edits(text, self.repo_root, originals=originals)
            result = draft.result
            if not (result.files or result.failures or result.unchanged):  # nothing found that is an edit
                path = sources[0].path if len(sources) == 1 else None
                result.failures.append(unreadable(path, text, edit_format))
            if not self.show_unsure:  # a file the answer leaves broken is withheld, as a window is
                for edit in list(result.files):
                    reason = broken(edit.old_text, edit.new_text, edit.path) if edit.old_text and edit.new_text else None
                    if reason is not None:
                        result.files.remove(edit)
                        result.failures.append(EditFailure(edit.path, edit.new_text or "", (
                            f"{reason}: nothing of this answer's edit of the file is applied; redraft, say it in "
                            "other words, or see it anyway with --show-unsure")))  # fmt: skip
            if self.on_result is not None:
                self.on_result(draft.result)
        return draft

    def _made_by_model(self, calls: Sequence[Any], sources: Sequence[SourceFile], draft: DraftedEdits) -> EditResult:
        """The edits of an answer given as tool calls: each an operation (specdraft.ops.from_json),
        made in order on the files. A call that does not read as an operation, or does not fit the
        files, is a failure with its text and the reason; then none of them is made (they may depend
        on each other)."""
        import json

        from specdraft.ops import OpError, apply_all, from_json

        result = EditResult(format="operation")
        operations = []
        for call in calls:
            shown = f"{call.name}({call.arguments})"
            try:
                arguments = json.loads(call.arguments or "{}")
                if not isinstance(arguments, dict):
                    raise OpError("the arguments are not a JSON object")
                operations.append(from_json({"kind": call.name, **arguments}))
            except (ValueError, OpError) as error:
                result.failures.append(EditFailure(None, shown, f"the model's tool call does not read as an operation: {error}; "
                                                                "nothing of the answer is used: redraft"))  # fmt: skip
        if result.failures:
            return result
        try:
            changed = apply_all(operations, {source.path: source.text for source in sources})
        except OpError as error:
            assert error.operation is not None
            result.failures.append(EditFailure(None, error.operation.describe(), (
                f"the operation {self.backend.name} answered does not fit the files: {error}; nothing of the "
                "answer is used: redraft, or say it in other words")))  # fmt: skip
            return result
        draft.operation = ReadOperation(tuple(operations), reader=self.backend.name, origin="model")
        self.on_progress("kept", draft.operation.said())
        for made in self._rewritten(changed, sources):
            _merge(result, made)
        return result

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
                 tools: bool = False, grammar: str | None = None) -> tuple[str, Any]:  # fmt: skip
        """One request's answer and its DraftStats; ``tools``: the operations offered as tools;
        ``grammar``: the answer decoded under it (the local engine)."""
        from specdraft.engine.interface import DraftStats

        budget = self.max_new_tokens
        if budget is None:
            window = self.backend.context_length
            budget = window if self.local and window else SERVER_MAX_NEW_TOKENS
        self.on_progress("start", label)
        if tools:
            from specdraft.ops import tool_schemas

            extra: dict[str, Any] = {"tools": tool_schemas()}
        else:
            extra = {}
        if grammar is not None:
            extra["grammar"] = grammar
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



def _merge(into: EditResult, result: EditResult) -> None:
    into.files.extend(result.files)
    into.failures.extend(result.failures)
    into.unchanged.extend(result.unchanged)
