"""Plain-decoding generation: prefill, decode, sampling, stop conditions, streaming text.

Public API (stable; specdraft.engine.speculative and specdraft.engine.bench.generate build on it):

- ``Sampling(temperature=0.0, top_k=None, top_p=None, seed=None)``: temperature 0 is greedy;
  ``sampling.make_generator()`` gives a seeded torch.Generator (None when unseeded).
- ``logits_to_probs(logits, temperature, top_k, top_p) -> probs`` [..., V], float32.
- ``sample(logits [B, V], sampling, generator=None) -> tokens [B]`` (int64).
- ``prefill(model, idx [B, S], input_pos [S], sampling, generator) -> tokens [B]``.
- ``decode_one_token(model, tokens [B, 1], input_pos [1], sampling, generator) -> tokens [B]``.
- ``decode_n_tokens(model, tokens [B, 1], start_pos, n, sampling, generator, step=None) -> Iterator[tokens [B]]``
  (step: a one-token forward to use instead of the model's own, e.g. ``compiled_decode_step(model)``).
- ``compiled_decode_step(model) -> step(tokens [B, 1], input_pos [1]) -> logits [B, 1, V]``: the
  model's one-token forward under torch.compile, made once per model; ``can_compile_decode(model)``;
  ``use_compiled_decode(model, new_tokens, compile)``: the policy generate_tokens follows.
- ``generate_tokens(model, prompt_ids, *, max_new_tokens, sampling, eos_ids, max_seq_length,
  stats, compile=None) -> Iterator[int]``: batch 1, one token id at a time (EOS is not yielded);
  compile: True / False / None (compile only where it pays, see use_compiled_decode).
- ``generate(model, prompt_ids, *, max_new_tokens, sampling, eos_ids, compile) -> Generation``: token
  ids (list per row for a [B, S] tensor, batch > 1 works), with ``GenerationStats``.
- ``stream_text(model, tokenizer, prompt_ids, *, max_new_tokens, sampling, eos_ids,
  stop_strings, compile) -> TextStream``: an iterator of text pieces that never splits a UTF-8 character;
  after it ends, ``.text``, ``.tokens`` and ``.stats`` hold the result.
- ``IncrementalDecoder(tokenizer)``: ``push(token_id) -> str`` and ``flush() -> str``.
- ``check_context(prompt_len, max_new_tokens, context_length)``: EngineError when too long.
- ``GenerationStats``: prompt_tokens, new_tokens, prefill_s, decode_s, stop_reason,
  ``prefill_tokens_per_s``, ``decode_tokens_per_s`` (decode: tokens after the first, over the
  time from the end of prefill to the last token), ``as_dict()``.
"""

from __future__ import annotations

import time
import warnings
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import Tensor

from specdraft.engine.errors import EngineError
from specdraft.engine.model import Transformer


@dataclass
class Sampling:
    """How the next token is chosen. temperature 0 = greedy (top_k / top_p then do nothing)."""

    temperature: float = 0.0
    top_k: int | None = None
    top_p: float | None = None
    seed: int | None = None

    @property
    def greedy(self) -> bool:
        return self.temperature <= 1e-5

    def make_generator(self) -> torch.Generator | None:
        return None if self.seed is None else torch.Generator().manual_seed(self.seed)


def logits_to_probs(logits: Tensor, temperature: float = 1.0, top_k: int | None = None,
                    top_p: float | None = None) -> Tensor:  # fmt: skip
    """The sampling distribution [..., V] in float32: temperature, then top-k, then top-p."""
    logits = logits.float() / max(temperature, 1e-5)
    if top_k is not None and 0 < top_k < logits.shape[-1]:
        kth = torch.topk(logits, top_k, dim=-1).values[..., -1:]  # [..., 1]
        logits = logits.masked_fill(logits < kth, float("-inf"))
    if top_p is not None and top_p < 1.0:
        sorted_logits, order = torch.sort(logits, dim=-1, descending=True)
        sorted_probs = torch.softmax(sorted_logits, dim=-1)
        # drop a token once the tokens ranked above it already hold top_p (the first always stays)
        drop_sorted = (sorted_probs.cumsum(-1) - sorted_probs) >= top_p
        drop = drop_sorted.scatter(-1, order, drop_sorted)
        logits = logits.masked_fill(drop, float("-inf"))
    return torch.softmax(logits, dim=-1)


def sample(logits: Tensor, sampling: Sampling, generator: torch.Generator | None = None) -> Tensor:
    # logits: [B, V] -> tokens [B]
    if sampling.greedy:
        return logits.argmax(dim=-1)
    probs = logits_to_probs(logits, sampling.temperature, sampling.top_k, sampling.top_p)
    return torch.multinomial(probs, 1, generator=generator).squeeze(-1)


def prefill(model: Transformer, idx: Tensor, input_pos: Tensor, sampling: Sampling,
            generator: torch.Generator | None = None) -> Tensor:  # fmt: skip
    # idx: [B, S], input_pos: [S] -> the first new token of each row [B]
    logits = model(idx, input_pos, last_only=True)  # [B, 1, V]
    return sample(logits[:, -1], sampling, generator)


def decode_one_token(model: Transformer, tokens: Tensor, input_pos: Tensor, sampling: Sampling,
                     generator: torch.Generator | None = None) -> Tensor:  # fmt: skip
    # tokens: [B, 1], input_pos: [1] -> next tokens [B]
    logits = model(tokens, input_pos)  # [B, 1, V]
    return sample(logits[:, -1], sampling, generator)


def decode_n_tokens(model: Transformer, tokens: Tensor, start_pos: int, n: int, sampling: Sampling,
                    generator: torch.Generator | None = None,
                    step: Callable[[Tensor, Tensor], Tensor] | None = None) -> Iterator[Tensor]:  # fmt: skip
    """Feed tokens [B, 1] at start_pos, then each sampled token after it; yield n tokens [B].
    step: the one-token forward (tokens [B, 1], input_pos [1]) -> logits [B, 1, V]; default the model."""
    input_pos = torch.tensor([start_pos], dtype=torch.long, device=tokens.device)
    for _ in range(n):
        if step is None:
            next_tokens = decode_one_token(model, tokens, input_pos, sampling, generator)
        else:
            next_tokens = sample(step(tokens, input_pos)[:, -1], sampling, generator)
        yield next_tokens
        tokens = next_tokens.view(-1, 1)
        input_pos += 1


# Compiling the one-token step (torch.compile, inductor) fuses a step's ~30 small ops per layer
# into a few C++ loops: on small float32 models, whose decoding is bound by the number of ops, a
# step takes half to three quarters of the eager time (docs/engine.md). It costs ~30 s the first
# time on a machine and ~10 s in a later process (inductor's on-disk cache holds the code; the
# model is traced again), while it saves 0.3-3 ms a token: it pays back only over thousands of
# tokens, or in a process that decodes with the same model again (a server, the benchmarks),
# where the compiled step is made once and reused. So generate_tokens compiles when asked, when
# the model's step is already compiled in this process, or for a generation of at least this
# many tokens.
COMPILE_MIN_NEW_TOKENS = 8192

# model -> its compiled one-token step (False: compiling failed here, decode eagerly)
_COMPILED_DECODE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def can_compile_decode(model: Transformer) -> bool:
    """Whether decoding may run compiled: float32 weights and no exact layout. A target laid out for
    exact speculative verification (packed bfloat16, kernels.exact_attention) must decode with the
    kernels its verify uses, and inductor does not use the packed copies (slower there anyway)."""
    attention = model.layers[0].attention
    float32 = isinstance(model.output.weight, torch.Tensor) and model.output.weight.dtype == torch.float32  # int4: None
    return float32 and not attention.exact and _COMPILED_DECODE.get(model) is not False


def compiled_decode_step(model: Transformer) -> Callable[[Tensor, Tensor], Tensor]:
    """The model's one-token forward (tokens [B, 1], input_pos [1]) -> logits [B, 1, V] under torch.compile.

    The step attends over the whole cache with a position mask (Transformer.static_shapes, set for
    the call only: prefill and verify forwards stay eager), so one graph serves every position of
    a cache size; a new cache size compiles again. Compiling happens at the first call.
    """
    step = _COMPILED_DECODE.get(model)
    if step is None:
        compiled = torch.compile(lambda idx, input_pos: model(idx, input_pos), dynamic=False)

        def step(idx: Tensor, input_pos: Tensor) -> Tensor:
            if model.static_shapes:  # a draft model compiled for good (drafters.compiled_step)
                return compiled(idx, input_pos)
            model.static_shapes = True
            try:
                return compiled(idx, input_pos)
            finally:
                model.static_shapes = False

        _COMPILED_DECODE[model] = step
    return step


def use_compiled_decode(model: Transformer, new_tokens: int, compile: bool | None) -> bool:
    """Whether to decode with compiled_decode_step: compile True (where can_compile_decode), False
    never, None where it pays (already compiled in this process, or COMPILE_MIN_NEW_TOKENS or more)."""
    if compile is False or not can_compile_decode(model):
        return False
    return bool(compile) or model in _COMPILED_DECODE or new_tokens >= COMPILE_MIN_NEW_TOKENS


def _compiled_or_eager(model: Transformer, tokens: Tensor, input_pos: Tensor) -> Callable[[Tensor, Tensor], Tensor] | None:
    """The compiled step after a first call that compiles it; None (decode eagerly) where compiling
    fails here (no C++ compiler, say), with a warning once per model."""
    try:
        step = compiled_decode_step(model)
        step(tokens, input_pos)  # compiles now; writes the cache at input_pos, which the real step rewrites
        return step
    except Exception as error:  # noqa: BLE001 - any failure to compile: decode eagerly instead
        warnings.warn(f"the decode step could not be compiled, decoding without: {error}", stacklevel=3)
        _COMPILED_DECODE[model] = False
        model.static_shapes = False
        return None


@dataclass
class GenerationStats:
    prompt_tokens: int = 0
    new_tokens: int = 0
    prefill_s: float = 0.0  # from the start to the first new token
    decode_s: float = 0.0  # from the end of prefill to the last token
    stop_reason: str = ""  # "eos", "stop_string", "max_new_tokens"

    @property
    def prefill_tokens_per_s(self) -> float:
        return self.prompt_tokens / self.prefill_s if self.prefill_s > 0 else 0.0

    @property
    def decode_tokens_per_s(self) -> float:
        # the first new token comes out of prefill; decode made the others
        decoded = max(self.new_tokens - 1, 0)
        return decoded / self.decode_s if self.decode_s > 0 and decoded else 0.0

    def as_dict(self) -> dict:
        return {
            "prompt_tokens": self.prompt_tokens,
            "new_tokens": self.new_tokens,
            "prefill_tokens_per_s": round(self.prefill_tokens_per_s, 2),
            "decode_tokens_per_s": round(self.decode_tokens_per_s, 2),
            "prefill_s": round(self.prefill_s, 4),
            "decode_s": round(self.decode_s, 4),
            "stop_reason": self.stop_reason,
        }


def context_length(model: Transformer) -> int:
    return model.args.max_position_embeddings


def check_context(prompt_len: int, max_new_tokens: int, context: int) -> None:
    """EngineError when the prompt plus the new tokens do not fit in the model's context."""
    if prompt_len == 0:
        raise EngineError("the prompt is empty: give at least one token")
    if prompt_len + max_new_tokens > context:
        raise EngineError(
            f"prompt ({prompt_len} tokens) + max_new_tokens ({max_new_tokens}) = "
            f"{prompt_len + max_new_tokens} exceeds the model's context length ({context}); "
            "shorten the prompt or lower --max-new-tokens"
        )


def _as_batch(prompt_ids: Sequence[int] | Tensor, device: torch.device) -> Tensor:
    if isinstance(prompt_ids, Tensor):
        idx = prompt_ids if prompt_ids.dim() == 2 else prompt_ids.view(1, -1)
        return idx.to(device=device, dtype=torch.long)
    return torch.tensor([list(prompt_ids)], dtype=torch.long, device=device)


def _ensure_caches(model: Transformer, batch: int, needed: int, max_seq_length: int | None) -> None:
    length = max_seq_length or needed
    if model.max_seq_length >= needed and model.max_batch_size >= batch and not max_seq_length:
        return  # reuse: stale entries past the prompt are masked out by position
    model.setup_caches(batch, max(length, needed))


def generate_tokens(model: Transformer, prompt_ids: Sequence[int] | Tensor, *, max_new_tokens: int,
                    sampling: Sampling | None = None, eos_ids: Sequence[int] = (),
                    max_seq_length: int | None = None, stats: GenerationStats | None = None,
                    compile: bool | None = None, constraint: Any = None) -> Iterator[int]:  # fmt: skip
    """Batch 1: an iterator of new token ids; stops at EOS (not yielded) or max_new_tokens.

    Checks the context length at once (EngineError), then generates lazily: close the iterator
    to stop early. `stats` (if given) is filled in as tokens come out. compile: decode with the
    compiled step (True), eagerly (False), or where it pays (None, see use_compiled_decode); the
    compile itself happens before the prefill and is not in the stats' times. `constraint`: a
    specdraft.engine.grammar.GrammarConstraint: each token is chosen among those its grammar
    admits, and the output ends where the grammar is complete (stop_reason "grammar"); decoded
    eagerly.
    """
    sampling = sampling or Sampling()
    stats = stats if stats is not None else GenerationStats()
    device = model.tok_embeddings.weight.device
    idx = _as_batch(prompt_ids, device)
    if idx.shape[0] != 1:
        raise EngineError("generate_tokens is batch 1; use generate() for a batch")
    check_context(idx.shape[1], max_new_tokens, context_length(model))
    stats.prompt_tokens, stats.new_tokens, stats.stop_reason = idx.shape[1], 0, "max_new_tokens"
    if constraint is not None:
        return _constrained_iterator(model, idx, max_new_tokens, sampling, eos_ids, max_seq_length, stats, constraint)
    compiled = use_compiled_decode(model, max_new_tokens, compile)
    return _token_iterator(model, idx, max_new_tokens, sampling, eos_ids, max_seq_length, stats, compiled)


@torch.inference_mode()
def _token_iterator(model: Transformer, idx: Tensor, max_new_tokens: int, sampling: Sampling,
                    eos_ids: Sequence[int], max_seq_length: int | None, stats: GenerationStats,
                    compiled: bool = False) -> Iterator[int]:  # fmt: skip
    if max_new_tokens <= 0:
        return
    prompt_len = idx.shape[1]
    _ensure_caches(model, 1, prompt_len + max_new_tokens, max_seq_length)
    step = None
    if compiled and max_new_tokens > 1:
        step = _compiled_or_eager(model, idx[:, -1:], torch.tensor([prompt_len], device=idx.device))
    generator = sampling.make_generator()
    eos = set(int(i) for i in eos_ids)
    start = time.perf_counter()
    token = prefill(model, idx, torch.arange(prompt_len, device=idx.device), sampling, generator)
    prefill_end = time.perf_counter()
    stats.prefill_s = prefill_end - start
    token_id = int(token)
    tokens = [token_id]
    decoder = decode_n_tokens(model, token.view(1, 1), prompt_len, max_new_tokens - 1, sampling, generator, step)
    try:
        while True:
            if token_id in eos:
                stats.stop_reason = "eos"
                return
            stats.new_tokens = len(tokens)
            yield token_id
            next_token = next(decoder, None)
            if next_token is None:
                return
            token_id = int(next_token)
            tokens.append(token_id)
    finally:
        stats.decode_s = (time.perf_counter() - prefill_end) if len(tokens) > 1 else 0.0
        decoder.close()


@torch.inference_mode()
def _constrained_iterator(model: Transformer, idx: Tensor, max_new_tokens: int, sampling: Sampling,
                          eos_ids: Sequence[int], max_seq_length: int | None, stats: GenerationStats,
                          constraint: Any) -> Iterator[int]:  # fmt: skip
    """generate_tokens under a grammar: one eager forward per token, its logits masked first."""
    if max_new_tokens <= 0:
        return
    prompt_len = idx.shape[1]
    _ensure_caches(model, 1, prompt_len + max_new_tokens, max_seq_length)
    generator = sampling.make_generator()
    eos = set(int(i) for i in eos_ids)
    start = time.perf_counter()
    logits = model(idx, torch.arange(prompt_len, device=idx.device), last_only=True)[:, -1]  # [1, V]
    stats.prefill_s = time.perf_counter() - start
    produced = 0
    try:
        while True:
            token_id = int(sample(constraint.mask(logits), sampling, generator)[0])
            if token_id in eos:
                stats.stop_reason = "eos"
                return
            constraint.advance(token_id)
            produced += 1
            stats.new_tokens = produced
            yield token_id
            if constraint.finished:
                stats.stop_reason = "grammar"
                return
            if produced >= max_new_tokens:
                return
            position = torch.tensor([prompt_len + produced - 1], device=idx.device)
            logits = model(torch.tensor([[token_id]], device=idx.device), position)[:, -1]
    finally:
        stats.decode_s = time.perf_counter() - start - stats.prefill_s


@dataclass
class Generation:
    tokens: list[int] | list[list[int]]  # new tokens; a list per row when the prompt was [B, S]
    stats: GenerationStats = field(default_factory=GenerationStats)


def generate(model: Transformer, prompt_ids: Sequence[int] | Tensor, *, max_new_tokens: int,
             sampling: Sampling | None = None, eos_ids: Sequence[int] = (),
             max_seq_length: int | None = None, compile: bool | None = None) -> Generation:  # fmt: skip
    """Generate new tokens for one prompt (list of ids, or [1, S]) or a batch [B, S] of equal lengths.

    A row stops at its first EOS (which is not included); the batch runs until every row stopped.
    compile: as generate_tokens (batch 1 only; a batch decodes eagerly).
    """
    sampling = sampling or Sampling()
    batched = isinstance(prompt_ids, Tensor) and prompt_ids.dim() == 2 and prompt_ids.shape[0] > 1
    if not batched:
        stats = GenerationStats()
        tokens = list(generate_tokens(model, prompt_ids, max_new_tokens=max_new_tokens, sampling=sampling,
                                      eos_ids=eos_ids, max_seq_length=max_seq_length, stats=stats,
                                      compile=compile))  # fmt: skip
        stats.new_tokens = len(tokens)
        if isinstance(prompt_ids, Tensor) and prompt_ids.dim() == 2:
            return Generation([tokens], stats)
        return Generation(tokens, stats)
    return _generate_batch(model, prompt_ids, max_new_tokens, sampling, eos_ids, max_seq_length)


@torch.inference_mode()
def _generate_batch(model: Transformer, idx: Tensor, max_new_tokens: int, sampling: Sampling,
                    eos_ids: Sequence[int], max_seq_length: int | None) -> Generation:  # fmt: skip
    device = model.tok_embeddings.weight.device
    idx = idx.to(device=device, dtype=torch.long)
    batch, prompt_len = idx.shape
    check_context(prompt_len, max_new_tokens, context_length(model))
    stats = GenerationStats(prompt_tokens=prompt_len, stop_reason="max_new_tokens")
    rows: list[list[int]] = [[] for _ in range(batch)]
    if max_new_tokens <= 0:
        return Generation(rows, stats)
    _ensure_caches(model, batch, prompt_len + max_new_tokens, max_seq_length)
    generator = sampling.make_generator()
    eos = torch.tensor(sorted(set(int(i) for i in eos_ids)), dtype=torch.long, device=device)
    done = torch.zeros(batch, dtype=torch.bool, device=device)
    start = time.perf_counter()
    token = prefill(model, idx, torch.arange(prompt_len, device=device), sampling, generator)
    prefill_end = time.perf_counter()
    stats.prefill_s = prefill_end - start
    steps = decode_n_tokens(model, token.view(-1, 1), prompt_len, max_new_tokens - 1, sampling, generator)
    while True:
        done |= torch.isin(token, eos)
        for row in range(batch):
            if not done[row]:
                rows[row].append(int(token[row]))
        if bool(done.all()):
            stats.stop_reason = "eos"
            break
        token = next(steps, None)
        if token is None:
            break
    steps.close()
    stats.decode_s = time.perf_counter() - prefill_end
    stats.new_tokens = max(len(r) for r in rows)
    return Generation(rows, stats)


class IncrementalDecoder:
    """Token ids in, text pieces out; a piece never ends inside a multi-byte UTF-8 character.

    Decodes a short window of recent tokens (so the cost per token stays flat) and holds text
    back while it ends in U+FFFD, the replacement character a byte-level decoder yields for a
    character whose bytes have not all arrived.
    """

    def __init__(self, tokenizer, skip_special_tokens: bool = True) -> None:
        self.tokenizer = tokenizer
        self.skip_special_tokens = skip_special_tokens
        self.ids: list[int] = []
        self.prefix_offset = 0  # window start: decoded for context only
        self.read_offset = 0  # tokens before this are already emitted

    def _decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=self.skip_special_tokens)

    def push(self, token_id: int) -> str:
        self.ids.append(int(token_id))
        prefix_text = self._decode(self.ids[self.prefix_offset : self.read_offset])
        new_text = self._decode(self.ids[self.prefix_offset :])
        if len(new_text) > len(prefix_text) and not new_text.endswith("\ufffd"):
            piece = new_text[len(prefix_text) :]
            self.prefix_offset, self.read_offset = self.read_offset, len(self.ids)
            return piece
        return ""

    def flush(self) -> str:
        """Whatever is held back (an incomplete character at the very end decodes as U+FFFD)."""
        prefix_text = self._decode(self.ids[self.prefix_offset : self.read_offset])
        new_text = self._decode(self.ids[self.prefix_offset :])
        self.prefix_offset = self.read_offset = len(self.ids)
        return new_text[len(prefix_text) :]


class TextStream:
    """Iterator of text pieces from generate_tokens, cut at the first stop string (excluded).

    Text that could be the start of a stop string is held back until it is known not to be,
    so nothing past a stop string is ever yielded. After iteration: .text, .tokens, .stats.
    """

    def __init__(self, token_iter: Iterator[int], tokenizer, stop_strings: Sequence[str] = (),
                 stats: GenerationStats | None = None) -> None:  # fmt: skip
        self._tokens_in = token_iter
        self.decoder = IncrementalDecoder(tokenizer)
        self.stop_strings = [s for s in stop_strings if s]
        self.stats = stats if stats is not None else GenerationStats()
        self.tokens: list[int] = []
        self.text = ""  # everything yielded
        self._pending = ""  # decoded but not yet yielded
        self._iterator = self._run()

    def __iter__(self) -> TextStream:
        return self

    def __next__(self) -> str:
        return next(self._iterator)

    def close(self) -> None:
        self._iterator.close()

    def _held_back(self, text: str) -> int:
        """Length of the longest tail of text that is a proper prefix of some stop string."""
        longest = 0
        for stop in self.stop_strings:
            for n in range(min(len(stop) - 1, len(text)), longest, -1):
                if text.endswith(stop[:n]):
                    longest = n
                    break
        return longest

    def _emit(self, piece: str) -> Iterator[str]:
        if piece:
            self.text += piece
            yield piece

    def _run(self) -> Iterator[str]:
        try:
            for token_id in self._tokens_in:
                self.tokens.append(token_id)
                self._pending += self.decoder.push(token_id)
                if not self._pending:
                    continue
                if self.stop_strings:
                    hits = [i for i in (self._pending.find(s) for s in self.stop_strings) if i >= 0]
                    if hits:
                        yield from self._emit(self._pending[: min(hits)])
                        self._pending = ""
                        self.stats.stop_reason = "stop_string"
                        return
                    keep = self._held_back(self._pending)
                    ready, self._pending = self._pending[: len(self._pending) - keep], self._pending[len(self._pending) - keep :]
                    yield from self._emit(ready)
                else:
                    yield from self._emit(self._pending)
                    self._pending = ""
            self._pending += self.decoder.flush()
            if self.stop_strings:
                hits = [i for i in (self._pending.find(s) for s in self.stop_strings) if i >= 0]
                if hits:
                    self._pending = self._pending[: min(hits)]
                    self.stats.stop_reason = "stop_string"
            yield from self._emit(self._pending)
            self._pending = ""
        finally:
            close = getattr(self._tokens_in, "close", None)
            if close is not None:
                close()
            self.stats.new_tokens = len(self.tokens)


def stream_text(model: Transformer, tokenizer, prompt_ids: Sequence[int] | Tensor, *, max_new_tokens: int,
                sampling: Sampling | None = None, eos_ids: Sequence[int] = (),
                stop_strings: Sequence[str] = (), max_seq_length: int | None = None,
                compile: bool | None = None) -> TextStream:  # fmt: skip
    """Stream the continuation of prompt_ids as text pieces (batch 1); see TextStream (compile: see
    generate_tokens)."""
    stats = GenerationStats()
    tokens = generate_tokens(model, prompt_ids, max_new_tokens=max_new_tokens, sampling=sampling,
                             eos_ids=eos_ids, max_seq_length=max_seq_length, stats=stats,
                             compile=compile)  # fmt: skip
    return TextStream(tokens, tokenizer, stop_strings, stats)
