"""The one interface app/ drafts through, whoever answers: the local engine or a model server.

The app streams a draft through `Backend.stream(...)` and does not care who answers (open one
with specdraft.engine.backends.open_backend)::

    text = ""
    for piece in backend.stream(messages, reference=original, max_new_tokens=2048, cancel=event):
        if isinstance(piece, DraftStats):
            stats = piece                                         # always last, exactly once
        else:
            text += piece                                         # text chunks, in order
    if not stats.complete:
        ...                                                       # cancelled or cut at the length limit

Public API (torch-free and httpx-free at import: the app's settings read it):

- ``Backend`` (protocol): ``name`` (the model name, for provenance), ``kind`` ("local" or
  "remote"), ``context_length`` (tokens, or None when unknown), ``count_tokens(text)`` and
  ``count_prompt_tokens(messages)`` (int, or None when the backend cannot tell), and
  ``stream(messages, *, reference=None, max_new_tokens=2048, temperature=0.0, stop=(),
  cancel=None) -> DraftStream``: iterate for text pieces, then one final DraftStats;
  ``DraftStream.stats`` is that DraftStats, updated live (for a status line in another thread).
  Problems a user can fix raise specdraft.engine.errors.EngineError (one line); a broken stream (a server
  cut, an error mid-stream, a deadline passed, an answer past its byte or line bound) raises
  IncompleteDraft, an EngineError, so nothing is applied from a broken draft.
- ``DraftStats``: finish_reason ("stop": the model ended its answer; "length": max_new_tokens or
  the context window was reached; "cancelled"; or a server's own reason), ``complete`` (True only
  for "stop"), prompt/new tokens, elapsed and first-piece times, tokens_per_s, and for the local
  engine drafter, drafted/accepted tokens and acceptance_rate; ``notes``, lines for the user
  (a server that refused a request field and was asked again without it).
- ``collect(stream) -> (text, DraftStats)``: drain a stream.
- Optional, the local engine only: ``alternatives(messages, reference, limit=8) -> [Alternative]``,
  the likeliest answers that leave ``reference`` somewhere (where greedy decoding would copy it
  whole), and ``stream(..., start=alternative)``, which answers from one of them on. The app asks
  for them when a draft changed nothing the user asked to change (specdraft.drafting.requests).
- ``check_messages(messages)``, ``check_generation_options(max_new_tokens, temperature)``: what
  every ``stream`` checks first.

Implementations: specdraft.engine.local.LocalBackend, specdraft.engine.remote.RemoteBackend.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, runtime_checkable

from specdraft.engine.errors import EngineError

COMPLETE = "stop"


@dataclass(frozen=True)
class ToolCall:
    """One tool call of an answer: the tool's name and its arguments as the server sent them (JSON text)."""

    name: str
    arguments: str


@dataclass
class DraftStats:
    """What one draft cost and how it ended; the last item of every Backend.stream."""

    model: str
    backend: str  # "local" or "remote"
    finish_reason: str  # "stop", "length", "cancelled", or the server's own ("content_filter", ...)
    prompt_tokens: int | None = None  # None: the server did not say
    new_tokens: int | None = None
    elapsed_s: float = 0.0  # from the request to the last piece
    first_piece_s: float | None = None  # from the request to the first text (None: no text)
    drafter: str = ""  # local engine: none, edit, lookup, model, hybrid
    drafted_tokens: int | None = None  # local engine with a drafter
    accepted_tokens: int | None = None
    target_forwards: int | None = None  # local engine: decoding forwards of the target
    chars: int = 0  # characters of text so far
    # local engine: the target's probability of the least likely token of the answer (its end
    # included): how sure the model was at its weakest point (None: not known, e.g. a server)
    least_token_prob: float | None = None
    # a server's tool calls (an answer as operations, where tools were offered): name, JSON arguments
    tool_calls: list[ToolCall] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the user should know of this request (a server
    # that refused the predicted output, asked again without it)

    @property
    def complete(self) -> bool:
        """The model ended its answer by itself: the text is the whole draft."""
        return self.finish_reason == COMPLETE

    @property
    def tokens_per_s(self) -> float | None:
        if self.new_tokens is None or self.elapsed_s <= 0:
            return None
        return self.new_tokens / self.elapsed_s

    @property
    def acceptance_rate(self) -> float | None:
        if not self.drafted_tokens or self.accepted_tokens is None:
            return None
        return self.accepted_tokens / self.drafted_tokens

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out.update(complete=self.complete, tokens_per_s=self.tokens_per_s, acceptance_rate=self.acceptance_rate)
        return out

    def summary(self) -> str:
        """One line for a status bar: `212 tokens in 3.1 s (68.4 tokens/s), drafted 230, accepted 201 (87%)`."""
        parts = []
        if self.new_tokens is not None:
            rate = self.tokens_per_s
            parts.append(f"{self.new_tokens} tokens in {self.elapsed_s:.1f} s"
                         + (f" ({rate:.1f} tokens/s)" if rate is not None else ""))  # fmt: skip
        else:
            parts.append(f"{self.elapsed_s:.1f} s")
        if self.drafted_tokens:
            parts.append(f"drafted {self.drafted_tokens}, accepted {self.accepted_tokens} "
                         f"({100 * (self.acceptance_rate or 0):.0f}%)")  # fmt: skip
        if not self.complete:
            parts.append(self.finish_reason)
        return "; ".join([", ".join(parts), *self.notes])


Piece = str | DraftStats  # a text chunk, or the final statistics


@dataclass(frozen=True)
class Alternative:
    """An answer's start that leaves the reference: its first ``kept`` tokens, then another token
    (``tokens``: those kept + 1 token ids, in the backend's own tokenizer), with the model's
    log-probability of that start. ``text``: the start as text, for the user."""

    logprob: float
    kept: int
    tokens: tuple[int, ...]
    text: str


class DraftStream:
    """What Backend.stream returns: iterate for text pieces, then the final DraftStats.

    `.stats` is that same DraftStats object, updated as pieces arrive (new tokens, elapsed time,
    for the local engine drafted and accepted tokens), so another thread (a status line) can show
    progress while the draft streams; its finish_reason stays "" until the end.
    """

    def __init__(self, pieces: Iterator[Piece], stats: DraftStats) -> None:
        self._pieces = pieces
        self.stats = stats

    def __iter__(self) -> DraftStream:
        return self

    def __next__(self) -> Piece:
        return next(self._pieces)

    def close(self) -> None:
        """Stop early (as a cancel does, but without waiting for the final DraftStats)."""
        close = getattr(self._pieces, "close", None)
        if close is not None:
            close()


@runtime_checkable
class Backend(Protocol):
    """What the app needs of a model: a name, a window, token counts, how to ask it for an edit,
    and a text stream."""

    kind: str  # "local" or "remote": where it runs (budgets, statistics), not how it is asked

    @property
    def edit_format(self) -> str:
        """How this model is asked for an edit (specdraft.engine.options.EDIT_FORMATS), chosen by the
        model unless the user chose (the edit_format setting, --format): "builtin" (the builtin
        pair's edit prompt: the file or a window of it in, the new text out, nothing else), "whole"
        (a chat: the whole file back in a code fence), "search-replace" (SEARCH/REPLACE blocks for
        all files in one answer) or "udiff" (a unified diff for all files in one answer)."""
        ...

    @property
    def name(self) -> str: ...

    @property
    def context_length(self) -> int | None: ...

    def count_tokens(self, text: str) -> int | None: ...

    def count_prompt_tokens(self, messages: Sequence[dict[str, str]]) -> int | None: ...

    def stream(self, messages: Sequence[dict[str, str]], *, reference: str | None = None,
               max_new_tokens: int = 2048, temperature: float = 0.0, stop: Sequence[str] = (),
               cancel: threading.Event | None = None) -> DraftStream: ...  # fmt: skip


def collect(stream: Iterable[Piece]) -> tuple[str, DraftStats]:
    """All the text of a stream and its final statistics."""
    chunks: list[str] = []
    stats: DraftStats | None = None
    for piece in stream:
        if isinstance(piece, DraftStats):
            stats = piece
        else:
            chunks.append(piece)
    if stats is None:  # a Backend always ends with its stats; this is a bug, not a user error
        raise RuntimeError("the stream ended without its DraftStats")
    return "".join(chunks), stats


def check_messages(messages: Sequence[dict[str, str]]) -> list[dict[str, str]]:
    """Chat messages as a list of {"role", "content"} dicts; EngineError for anything else."""
    out = []
    for message in messages:
        if not isinstance(message, dict) or not isinstance(message.get("role"), str) \
                or not isinstance(message.get("content"), str):  # fmt: skip
            raise EngineError(f"a chat message must be {{'role': str, 'content': str}}, not {str(message)[:80]!r}")
        out.append({"role": message["role"], "content": message["content"]})
    if not out:
        raise EngineError("no chat messages to send: give at least one")
    return out


def check_generation_options(max_new_tokens: int, temperature: float) -> None:
    if max_new_tokens < 1:
        raise EngineError(f"max_new_tokens must be 1 or more (got {max_new_tokens})")
    if temperature < 0:
        raise EngineError(f"temperature must be 0 (greedy) or more (got {temperature})")
