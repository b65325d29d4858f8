"""Drafting an edit: instruction + context files → prompt → backend stream → edits → review rounds.

Pure Python at import (no torch, no textual): the backend is any specdraft.engine.backends.Backend.

* The local engine gets the builtin models' edit prompt (specdraft.engine.editprompt): one request per
  file, asking for the whole new file, with the file's text as ``reference`` (the speculative
  edit drafter copies it). A file too long for the model's window is rewritten in windows of
  lines, each its own request; windows holding nothing the instruction quotes stay as they are
  (``windows_about``), unless no window holds any of it. Blank lines at a window's edges are not
  sent (``specdraft.engine.editprompt.blank_edges``) and stay as they are. A model server gets one request for
  all files, asking for SEARCH/REPLACE blocks (specdraft.drafting.edits' format instructions).
* ``Draft``: what one draft amounts to (specdraft.drafting.edits.EditResult, the stats of each request).
  A draft that did not finish cleanly (cancelled, cut at a length limit) is not ``complete``;
  callers apply nothing from it. Blocks that failed (a SEARCH text matching nothing or more than
  once, a cut-off file) are ``EditFailure`` records: they are shown with the model's text and
  the reason, and never become review units, so nothing of them can enter the applied patch.
* ``EditFlow``: the feedback loop as rounds. Each round is a ReviewSession over the diff from
  the current *base* (the original files plus every hunk accepted in earlier rounds, held in
  memory) to that round's draft. ``redraft(note)`` sends the human's correction (the rejected
  hunks with the note, the edited hunks as they were edited) back to the model and drafts the
  files that still have rejected or undecided hunks; its hunks are new (``Round.redraft``).
  Accepted lines are never redrafted: a new hunk that would change them is dropped, and said so.
  ``redraft(from_disk={path: bytes})`` (R on a stale file) first makes the file as it is now
  that file's original and base (what was accepted in it is dropped: it no longer fits), then
  redrafts it together with the other files' rejected and undecided hunks: nothing is lost.
  ``final_edits()`` is original → base, for the caller to apply through git's checked apply.
* For a review shown while the draft streams (the TUI): ``start()`` makes an empty first round
  and ``stream_into(round, on_grew)`` adds each file's hunks to its session as soon as that
  file's edit is complete (``EditDrafter.on_result``).
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from specdraft.core.diffs import FileDiff, Hunk, build_patch, parse_diff
from specdraft.core.errors import UserError
from specdraft.core.session import Decision, ReviewSession
from specdraft.drafting.edits import (
    EditFailure,
    EditResult,
    FileEdit,
    confine,
    format_instructions,
    parse_edits,
    rewrite,
    to_file_diffs,
)

MARGIN_TOKENS = 32  # room for the end token and the model's own slack in a window
SERVER_MAX_NEW_TOKENS = 4096
SERVER_SYSTEM = (
    "You are a careful programmer. You edit files in a git repository exactly as the user asks, "
    "and change nothing else.\n\n"
)

# (event, payload): "start" label, "piece" stats, "done" stats, "kept" a line on windows not sent
ProgressCallback = Callable[[str, Any], None]


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


def _fence(text: str) -> str:
    fence = "```"
    while fence in text:
        fence += "`"
    return fence


def _language(path: str) -> str:
    suffix = Path(path).suffix.lower()
    return {".py": "python", ".js": "javascript", ".ts": "typescript", ".rs": "rust", ".go": "go",
            ".c": "c", ".h": "c", ".cpp": "cpp", ".java": "java", ".md": "markdown", ".sh": "bash",
            ".toml": "toml", ".json": "json", ".yaml": "yaml", ".yml": "yaml"}.get(suffix, "")  # fmt: skip


def feedback_text(rejected: Sequence[tuple[Hunk, str]], edited: Sequence[Hunk]) -> str:
    """The human's corrections of an earlier draft, as the prompt states them."""
    if not rejected and not edited:
        return ""
    parts = ["The reviewer went through your previous draft of this edit."]
    for hunk, note in rejected:
        diff = hunk.patch_bytes().decode("utf-8", "replace")
        said = f" and said: {note.strip()}" if note.strip() else ""
        parts.append(f"They rejected this change in {hunk.path}{said}\n```diff\n{diff}```")
    for hunk in edited:
        diff = hunk.patch_bytes().decode("utf-8", "replace")
        parts.append(
            f"They accepted this change in {hunk.path} only as they rewrote it (it is in the file "
            f"now; keep it):\n```diff\n{diff}```"
        )
    parts.append("Draft the edit again with their corrections in mind.")
    return "\n\n".join(parts)


# ---------------------------------------------------------------------------------------------
# one draft


@dataclass
class Draft:
    """What one draft amounts to: the edits, the failed blocks, and each request's statistics."""

    result: EditResult
    stats: list[Any] = field(default_factory=list)  # specdraft.engine.backends.DraftStats per request
    model: str = ""
    kept_windows: dict[str, tuple[int, int]] = field(default_factory=dict)  # path: (windows kept as they are, windows)

    @property
    def complete(self) -> bool:
        """Every request finished cleanly: only then may anything of the draft be applied."""
        return bool(self.stats) and all(stats.complete for stats in self.stats)

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
            text += f"; {kept} window{'s' if kept != 1 else ''} quoting nothing of the instruction kept as they are"
        return text


_CODE_BLOCK = re.compile(r"```.*?```", re.S)


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


def windows_about(instruction: str, windows: Sequence[str], feedback: str = "") -> set[int]:
    """The windows of a long file to send to the model: those holding something the instruction
    quotes (a name, code, a literal; specdraft.engine.editprompt.instruction_misses), or something the
    reviewer's notes in ``feedback`` quote. The others are what the builtin models were trained to
    answer unchanged, and a small model asked anyway can still change them. All windows when the
    instruction quotes nothing, or nothing quoted is found: a window is never skipped on a guess."""
    from specdraft.engine.editprompt import instruction_misses, quoted_spans

    everything = set(range(len(windows)))
    if not quoted_spans(instruction):
        return everything
    words = instruction + "\n" + _CODE_BLOCK.sub("", feedback)  # the notes, not the quoted diffs
    about = {number for number, window in enumerate(windows) if not instruction_misses(words, window)}
    return about or everything


class EditDrafter:
    """Turns an instruction and context files into a Draft through one backend."""

    def __init__(
        self,
        backend: Any,
        repo_root: str | Path,
        *,
        on_progress: ProgressCallback | None = None,
        cancel: threading.Event | None = None,
        max_new_tokens: int | None = None,
    ):
        self.backend = backend
        self.repo_root = Path(repo_root)
        self.on_progress = on_progress or (lambda event, payload: None)
        # called with each file's EditResult as soon as it is complete (local: per file; server: at the end)
        self.on_result: Callable[[EditResult], None] | None = None
        self.cancel = cancel
        self.max_new_tokens = max_new_tokens

    @property
    def local(self) -> bool:
        return getattr(self.backend, "kind", "remote") == "local"

    def draft(self, instruction: str, sources: Sequence[SourceFile], feedback: str = "") -> Draft:
        if not instruction.strip():
            raise UserError("the instruction is empty: say what to change")
        if not sources:
            raise UserError("no files to edit: give one or more paths after the instruction")
        text = instruction.strip() + ("\n\n" + feedback if feedback else "")
        if self.local:
            return self._draft_local(text, sources, instruction, feedback)
        return self._draft_server(text, sources)

    # ---------------------------------------------------------------- the local engine

    def windows(self, instruction: str, source: SourceFile) -> list[tuple[int, int]]:
        """Line ranges [start, end) of ``source`` that each fit one request in the model's window."""
        from specdraft.engine.editprompt import build_edit_messages, statement_starts, window_ranges

        backend = self.backend
        window = backend.context_length
        lines = source.text.splitlines(keepends=True)
        if window is None:
            return [(0, len(lines))]
        whole = backend.count_prompt_tokens(build_edit_messages(instruction, source.text, source.path))
        answer = backend.count_tokens(source.text) or 0
        if whole + answer + MARGIN_TOKENS <= window:
            return [(0, len(lines))]
        overhead = backend.count_prompt_tokens(build_edit_messages(instruction, "", source.path))
        budget = (window - overhead - MARGIN_TOKENS) // 2  # the window's lines twice: prompt and answer
        if budget < 8:
            raise UserError(
                f"the instruction alone takes {overhead} of {backend.name}'s {window}-token window: "
                "shorten it, or use a model with a larger window (--model DIR or --server URL)"
            )
        costs = [(backend.count_tokens(line) or 0) + 1 for line in lines]
        for index, cost in enumerate(costs):
            if cost > budget:
                raise UserError(
                    f"{source.path}:{index + 1} is longer ({cost} tokens) than a window of "
                    f"{backend.name} can rewrite ({budget}): use a model with a larger window"
                )
        return window_ranges(lines, costs, budget, statement_starts(source.text, source.path))

    def _draft_local(self, prompt: str, sources: Sequence[SourceFile], instruction: str, feedback: str) -> Draft:
        """``prompt``: the instruction with the feedback, as the model is asked; ``instruction`` and
        ``feedback`` apart choose the windows sent (``windows_about``)."""
        from specdraft.engine.editprompt import blank_edges, build_edit_messages

        merged = EditResult(format="whole")
        draft = Draft(merged, model=self.backend.name)
        for source in sources:
            lines = source.text.splitlines(keepends=True)
            ranges = self.windows(prompt, source)
            originals = ["".join(lines[start:end]) for start, end in ranges]
            sent = windows_about(instruction, originals, feedback)
            if len(sent) < len(ranges):
                draft.kept_windows[source.path] = (len(ranges) - len(sent), len(ranges))
                self.on_progress("kept", f"{source.path}: {len(ranges) - len(sent)} of {len(ranges)} windows "
                                         "quote nothing of the instruction and stay as they are")  # fmt: skip
            pieces: list[str] = []
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
                messages = build_edit_messages(prompt, body, source.path, _language(source.path))
                text, stats = self._request(label, messages, body)
                draft.stats.append(stats)
                if not stats.complete:  # the cut text goes into the failure record, never an edit
                    complete = False
                    pieces.append(head + text)
                    break
                if body.endswith("\n") and text and not text.endswith("\n"):
                    text += "\n"
                pieces.append(head + text + tail)
            if not complete and self.cancel is not None and self.cancel.is_set():
                return draft  # cancelled: nothing of it counts
            result = rewrite(self.repo_root, source.path, "".join(pieces), complete=complete,
                             originals={source.path: source.data})  # fmt: skip
            _merge(merged, result)
            if self.on_result is not None:
                self.on_result(result)
        return draft

    # ---------------------------------------------------------------- a model server

    def server_messages(self, instruction: str, sources: Sequence[SourceFile]) -> list[dict[str, str]]:
        files = []
        for source in sources:
            fence = _fence(source.text)
            body = source.text if source.text.endswith("\n") or not source.text else source.text + "\n"
            files.append(f"{source.path}\n{fence}{_language(source.path)}\n{body}{fence}")
        user = instruction + "\n\nThe files:\n\n" + "\n\n".join(files)
        return [
            {"role": "system", "content": SERVER_SYSTEM + format_instructions("search-replace")},
            {"role": "user", "content": user},
        ]

    def _draft_server(self, instruction: str, sources: Sequence[SourceFile]) -> Draft:
        messages = self.server_messages(instruction, sources)
        self._check_window(messages, sources)
        label = ", ".join(source.path for source in sources)
        text, stats = self._request(label, messages, None)
        draft = Draft(EditResult(format="search-replace"), [stats], self.backend.name)
        if stats.complete:
            originals = {source.path: source.data for source in sources}
            draft.result = parse_edits(text, self.repo_root, originals=originals)
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

    def _request(self, label: str, messages: list[dict[str, str]], reference: str | None) -> tuple[str, Any]:
        from specdraft.engine.backends import DraftStats

        budget = self.max_new_tokens
        if budget is None:
            window = self.backend.context_length
            budget = window if self.local and window else SERVER_MAX_NEW_TOKENS
        self.on_progress("start", label)
        stream = self.backend.stream(messages, reference=reference, max_new_tokens=budget,
                                     temperature=0.0, cancel=self.cancel)  # fmt: skip
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


# ---------------------------------------------------------------------------------------------
# patches applied in memory (the base of the next round)


def apply_in_memory(
    texts: Mapping[str, bytes | None], patch: bytes
) -> tuple[dict[str, bytes | None], dict[str, list[tuple[int, int]]]]:
    """``texts`` with ``patch`` applied; also, per file, the 0-based line ranges of its added lines.

    Hunks are located by their old line numbers and checked line by line (UserError when the
    patch does not fit), as ``git apply`` without fuzz would.
    """
    out = dict(texts)
    written: dict[str, list[tuple[int, int]]] = {}
    for file in parse_diff(patch):
        path = file.old_path or file.new_path or ""
        old = out.get(path)
        if file.status == "deleted":
            out[file.old_path or path] = None
            continue
        old_lines = _split(old or b"")
        new_lines: list[bytes] = []
        ranges: list[tuple[int, int]] = []
        cursor = 0
        for hunk in file.hunks:
            if hunk.kind != "text":
                continue
            start = hunk.old_start - 1 if hunk.old_count else hunk.old_start
            if start < cursor or start > len(old_lines):
                raise UserError(f"{path}: the change does not fit the file at line {hunk.old_start}")
            new_lines.extend(old_lines[cursor:start])
            cursor = start
            for line in hunk.lines:
                if line.kind in (" ", "-"):
                    if cursor >= len(old_lines) or old_lines[cursor].rstrip(b"\r\n") != line.raw.rstrip(b"\r\n"):
                        raise UserError(f"{path}: the change does not fit the file at line {cursor + 1}")
                    if line.kind == " ":
                        new_lines.append(old_lines[cursor])
                    cursor += 1
                else:  # a run of added lines is one written range
                    if ranges and ranges[-1][1] == len(new_lines):
                        ranges[-1] = (ranges[-1][0], len(new_lines) + 1)
                    else:
                        ranges.append((len(new_lines), len(new_lines) + 1))
                    new_lines.append(line.raw)
        new_lines.extend(old_lines[cursor:])
        out[file.new_path or path] = b"".join(new_lines)
        written[file.new_path or path] = ranges
    return out, written


def shift_ranges(ranges: list[tuple[int, int]], patch: bytes, path: str) -> list[tuple[int, int]]:
    """0-based line ranges of ``path`` moved to where they are after ``patch`` (whose hunks do not
    overlap them): each hunk wholly above a range moves it by the lines it adds minus removes."""
    hunks = [
        hunk
        for file in parse_diff(patch)
        if (file.new_path or file.old_path) == path
        for hunk in file.hunks
        if hunk.kind == "text"
    ]
    moved = []
    for start, end in ranges:
        delta = 0
        for hunk in hunks:
            # lines up to old_start + old_count - 1 are the hunk's (an insertion: after old_start)
            last = hunk.old_start + hunk.old_count - 1 if hunk.old_count else hunk.old_start
            if last <= start:  # 1-based `last` is above the 0-based `start`
                delta += hunk.added - hunk.removed
        moved.append((start + delta, end + delta))
    return moved


def _split(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------------------------------------
# rounds: draft, review, redraft with the human's correction


@dataclass
class Round:
    """One draft and its review."""

    draft: Draft
    session: ReviewSession
    redraft: bool = False  # a redraft after feedback: every hunk in it is new
    dropped: list[str] = field(default_factory=list)  # hunk ids dropped: they touched accepted lines
    base: dict[str, bytes | None] = field(default_factory=dict)  # what this round's diffs start from
    taken: bool = False  # its accepted hunks are in the flow's base

    @property
    def failures(self) -> list[EditFailure]:
        return self.draft.failures


class EditFlow:
    """The edit flow's state over rounds: originals, the accepted base, the sessions."""

    def __init__(
        self,
        drafter: EditDrafter,
        instruction: str,
        sources: Sequence[SourceFile],
        *,
        context: int = 3,
        source_title: str = "",
        state_dir: Path | None = None,
    ):
        self.drafter = drafter
        self.instruction = instruction
        self.sources = list(sources)
        self.context = context
        self.source_title = source_title or f"edit: {instruction.strip().splitlines()[0][:60]}"
        self.state_dir = state_dir
        self.originals: dict[str, bytes | None] = {s.path: s.data for s in self.sources}
        self.base: dict[str, bytes | None] = dict(self.originals)
        self.protected: dict[str, list[tuple[int, int]]] = {}  # base lines written by accepted hunks
        self.rounds: list[Round] = []
        self.feedback: list[str] = []

    # ---------------------------------------------------------------- drafting

    def first(self) -> Round:
        return self._round(self.sources, feedback="", redraft=False)

    def redraft(self, note: str = "", *, from_disk: dict[str, bytes | None] | None = None) -> Round | None:
        """Take in the last round's decisions and redraft what is rejected or undecided.

        ``from_disk``: files that changed on disk since their draft (path -> the bytes now, None
        when gone); each is redrafted from those bytes, which become its original and base.
        None when there is nothing to redraft (every hunk accepted, or no files left).
        """
        last = self.rounds[-1]
        self.take(last)
        for path, data in (from_disk or {}).items():
            self.originals[path] = self.base[path] = data
            self.protected.pop(path, None)  # lines accepted in the old text are gone with it
        session = last.session
        rejected = [(u.hunk, note) for u in session.units if u.decision == Decision.REJECTED]
        edited = [u.edited for u in session.units if u.decision == Decision.EDITED and u.edited]
        open_paths = {
            session.file_of(u).path
            for u in session.units
            if u.decision in (Decision.REJECTED, Decision.PENDING)
        }
        open_paths.update(from_disk or {})
        if not open_paths and not note.strip():
            return None
        if not open_paths:  # a note alone: redraft every file
            open_paths = set(self.base)
        text = feedback_text(rejected, [hunk for hunk in edited if hunk is not None])
        if note.strip() and not rejected:
            text = (text + "\n\n" if text else "") + f"The reviewer's note: {note.strip()}"
        if text:
            self.feedback.append(text)
        sources = [
            SourceFile(path, data)
            for path, data in self.base.items()
            if path in open_paths and data is not None
        ]
        if not sources:
            return None
        return self._round(sources, feedback="\n\n".join(self.feedback), redraft=True)

    def _round(self, sources: Sequence[SourceFile], *, feedback: str, redraft: bool) -> Round:
        draft = self.drafter.draft(self.instruction, sources, feedback)
        files: list[FileDiff] = []
        dropped: list[str] = []
        if draft.complete:
            files, dropped = self._diffs(draft.result)
        return self._new_round(draft, files, dropped, redraft=redraft)

    def start(self) -> Round:
        """An empty first round, for a review that is shown while the draft streams in."""
        return self._new_round(Draft(EditResult()), [], [], redraft=False)

    def stream_into(self, round_: Round, on_grew: Callable[[str], None]) -> Draft:
        """Draft the first round into ``round_``: each file's hunks join its session as soon as
        that file's edit is complete (``on_grew(note)`` then); a cut or failed file adds none."""

        def on_result(result: EditResult) -> None:
            files, dropped = self._diffs(result)
            for edit in result.files:  # the round's base (and its edit check) knows every file drafted
                round_.base.setdefault(edit.path, edit.old_bytes)
            round_.dropped.extend(dropped)
            round_.draft.result.failures.extend(result.failures)
            if files:
                round_.session.add_files(files)
                count = sum(len(file.hunks) for file in files)
                names = ", ".join(file.path for file in files)
                on_grew(f"{count} new hunk{'s' if count != 1 else ''} in {names}")
            for failure in result.failures:
                on_grew(f"failed: {failure.summary()}")

        self.drafter.on_result = on_result
        try:
            draft = self.drafter.draft(self.instruction, self.sources)
        finally:
            self.drafter.on_result = None
        round_.draft.stats = draft.stats
        round_.draft.model = draft.model
        round_.draft.result.files = draft.result.files
        return round_.draft

    def _diffs(self, result: EditResult) -> tuple[list[FileDiff], list[str]]:
        """A result's edits as FileDiffs, without the hunks that would change accepted lines."""
        for edit in result.files:  # a file the model touched beyond the context (read from disk)
            if edit.path not in self.originals:
                self.originals[edit.path] = self.base[edit.path] = edit.old_bytes
        files = to_file_diffs(result, context=self.context)
        dropped: list[str] = []
        for file in files:
            for hunk in list(file.hunks):
                if self._touches_accepted(file, hunk):
                    file.hunks.remove(hunk)
                    dropped.append(hunk.id)
        return [file for file in files if file.hunks], dropped

    def _new_round(self, draft: Draft, files: list[FileDiff], dropped: list[str], *, redraft: bool) -> Round:
        number = len(self.rounds) + 1
        state_path = self.state_dir / f"edit-round-{number}.json" if self.state_dir else None
        title = self.source_title if not redraft else f"{self.source_title} (redraft {number - 1})"
        session = ReviewSession(files, source=title, state_path=state_path, edit_hint=_accept_hint())
        base = dict(self.base)

        def check(patch: bytes) -> None:  # an edit counts only when it fits this round's base
            apply_in_memory(base, patch)

        session.patch_checker = check
        round_ = Round(draft, session, redraft=redraft, dropped=dropped, base=base)
        self.rounds.append(round_)
        return round_

    def _touches_accepted(self, file: FileDiff, hunk: Hunk) -> bool:
        ranges = self.protected.get(file.path)
        if not ranges or hunk.kind != "text":
            return False
        position = hunk.old_start  # 0-based index of the line after the hunk's start
        for line in hunk.lines:
            if line.old_lineno is not None:
                position = line.old_lineno
                if line.kind == "-" and any(a <= line.old_lineno - 1 < b for a, b in ranges):
                    return True
            elif line.kind == "+" and any(a < position < b for a, b in ranges):
                return True
        return False

    # ---------------------------------------------------------------- results

    def take(self, round_: Round) -> None:
        """Fold a round's accepted (and edited) hunks into the base; idempotent per round."""
        if round_.taken:
            return
        round_.taken = True
        patch = build_patch(round_.session.files, round_.session.selection())
        if not patch:
            return
        self.base, written = apply_in_memory(round_.base, patch)
        for path, ranges in written.items():
            shifted = self._shift(path, patch)
            self.protected[path] = shifted + ranges

    def _shift(self, path: str, patch: bytes) -> list[tuple[int, int]]:
        """Earlier protected ranges of ``path``, moved by the lines ``patch`` adds or removes above them."""
        return shift_ranges(self.protected.get(path, []), patch, path)

    def final_edits(self) -> list[FileEdit]:
        """Original → base (everything accepted so far), one FileEdit per changed file."""
        for round_ in self.rounds:
            self.take(round_)
        edits = []
        for path, new in self.base.items():
            old = self.originals.get(path)
            if old == new:
                continue
            edits.append(FileEdit(
                path=path,
                old_text=None if old is None else old.decode("utf-8", "surrogateescape"),
                new_text=None if new is None else new.decode("utf-8", "surrogateescape"),
                base_hash=None if old is None else _hash(old),
            ))  # fmt: skip
        return edits

    def totals(self) -> dict[str, int]:
        """Hunks over every round: accepted, edited, rejected, undecided (last round), offered."""
        accepted = edited = rejected = 0
        for round_ in self.rounds:
            stats = round_.session.stats()
            accepted += stats.accepted
            edited += stats.edited
            rejected += stats.rejected
        pending = self.rounds[-1].session.stats().pending if self.rounds else 0
        return {
            "accepted": accepted,
            "edited": edited,
            "rejected": rejected,
            "pending": pending,
            "total": accepted + edited + rejected + pending,
        }


def _accept_hint() -> str:
    from specdraft.core.diffs import EDIT_HINTS

    return EDIT_HINTS["accept"]



# ---------------------------------------------------------------------------------------------
# the commit message (--commit): drafted by the same backend, then edited by the human

COMMIT_SUBJECT_MAX = 72
COMMIT_BODY_MAX_LINES = 12
COMMIT_DIFF_MAX_CHARS = 12_000
COMMIT_MAX_NEW_TOKENS = 160
COMMIT_SYSTEM = (
    "You write git commit messages. Answer with the message only: a subject line in the "
    "imperative mood of at most 60 characters, then optionally a blank line and a short body "
    "that says why. No code fences, no quotes, no preamble."
)


def commit_message_prompt(instruction: str, diff: str, *, max_chars: int = COMMIT_DIFF_MAX_CHARS) -> list[dict[str, str]]:
    """The chat messages that ask for a commit message for ``diff`` (cut to ``max_chars``)."""
    if len(diff) > max_chars:
        kept = diff[:max_chars]
        diff = kept[: kept.rfind("\n") + 1] + "[... the rest of the diff is left out ...]\n"  # whole lines
    fence = _fence(diff)
    if diff and not diff.endswith("\n"):
        diff += "\n"
    user = (
        f"The change was asked for as: {instruction.strip()}\n\n"
        f"The accepted diff:\n{fence}diff\n{diff}{fence}\n\nWrite the commit message."
    )
    return [{"role": "system", "content": COMMIT_SYSTEM}, {"role": "user", "content": user}]


def clean_commit_message(text: str) -> str | None:
    """The model's answer as a commit message (subject cut to 72 characters, a short body), or
    None when it holds no usable subject (empty, code, a diff)."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith(("```", "~~~"))):
        lines.pop(0)  # a fence or blank lines before the message
    if not lines:
        return None
    subject = lines[0].strip().strip("\"'`").strip()
    for prefix in ("subject:", "commit message:", "commit:"):
        if subject.lower().startswith(prefix):
            subject = subject[len(prefix):].strip()
    if not subject or _looks_like_code(subject):
        return None
    if len(subject) > COMMIT_SUBJECT_MAX:
        subject = subject[: COMMIT_SUBJECT_MAX - 1].rstrip() + "…"
    body: list[str] = []
    for line in lines[1:]:
        if line.lstrip().startswith(("```", "~~~")):
            break  # a closing fence (or code after the message): the message ends here
        body.append(line)
    while body and not body[0].strip():
        body.pop(0)
    body = body[:COMMIT_BODY_MAX_LINES]
    if any(_looks_like_code(line.strip()) for line in body if line.strip()):
        body = []  # code is no commit message body: keep the subject alone
    while body and not body[-1].strip():
        body.pop()
    return subject + ("\n\n" + "\n".join(body) if body else "")


_CODE_STARTS = ("diff --git", "@@", "+++", "---", "<<<<<<<", "def ", "class ", "import ", "from ",
                "return ", '"""', "\x27\x27\x27", "#", "//", "/*", "}", "{", "@")


def _looks_like_code(line: str) -> bool:
    """A line of code (or diff) rather than prose: a small model may answer with code."""
    return line.startswith(_CODE_STARTS) or line.endswith((":", "{", ";", "(", ",")) or "()" in line


def draft_commit_message(backend: Any, instruction: str, diff: str) -> str | None:
    """Ask ``backend`` for a commit message for the accepted ``diff``; None when it fails or
    answers nothing usable (the caller falls back to the instruction)."""
    from specdraft.engine.backends import DraftStats
    from specdraft.engine.errors import EngineError

    max_chars = COMMIT_DIFF_MAX_CHARS
    window = getattr(backend, "context_length", None)
    if window:  # leave room for the answer; about 3 characters a token
        max_chars = max(500, min(max_chars, (window - COMMIT_MAX_NEW_TOKENS - 200) * 3))
    messages = commit_message_prompt(instruction, diff, max_chars=max_chars)
    try:
        stream = backend.stream(messages, reference=None, max_new_tokens=COMMIT_MAX_NEW_TOKENS, temperature=0.0)
        text = "".join(piece for piece in stream if not isinstance(piece, DraftStats))
    except (EngineError, UserError, OSError, ValueError, RuntimeError):  # never lose the commit to it
        return None
    return clean_commit_message(text)
