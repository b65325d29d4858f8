"""Drafters for speculative decoding: a draft model, prompt lookup, speculative edits, and a hybrid.

A drafter proposes up to k next tokens from the committed sequence (prompt + accepted output);
engine/speculative.py verifies them with the target in one forward and tells the drafter what
was accepted. Drafters that sample (the draft model) return their distribution q for each drafted
token so that rejection sampling stays exact; the others (lookup, edits) return no
probabilities, which the verifier treats as q = one-hot.

All matching is index-based: n-gram -> positions tables are built once (the original text for
edits) or grown incrementally as tokens are committed (prompt lookup), so a proposal costs a few
dictionary look-ups, never a scan of the sequence.
"""

from __future__ import annotations

import bisect
import warnings
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch

from specdraft.engine.errors import EngineError
from specdraft.engine.generate import Sampling, logits_to_probs
from specdraft.engine.options import DRAFTERS


@dataclass
class Draft:
    """Up to k proposed tokens, with the drafter's distribution for each when it sampled them."""

    tokens: list[int] = field(default_factory=list)
    probs: torch.Tensor | None = None  # [len(tokens), V] q for each drafted token; None = one-hot
    source: str = ""  # which drafter proposed it (for statistics of the hybrid)


class AdaptiveDraftLength:
    """Draft length from recent acceptance: grow after a fully accepted draft, shrink after a miss.

    `grow="double"` / `shrink="accepted"` suits copy-like drafters (lookup, edits): a match that
    holds tends to hold for a long run, a miss means the text went elsewhere. `grow="add"` /
    `shrink="sub"` (+2 / -1, Hugging Face's heuristic schedule) suits a draft model.
    """

    def __init__(
        self, initial: int, minimum: int = 1, maximum: int = 64, *, grow: str = "double",
        shrink: str = "accepted", adaptive: bool = True,
    ) -> None:
        assert 1 <= minimum <= initial <= maximum, f"need 1 <= {minimum=} <= {initial=} <= {maximum=}"
        self.initial, self.minimum, self.maximum = initial, minimum, maximum
        self.grow, self.shrink, self.adaptive = grow, shrink, adaptive
        self.value = initial

    def reset(self, value: int | None = None) -> None:
        self.value = max(self.minimum, min(self.maximum, value if value is not None else self.initial))

    def update(self, drafted: int, accepted: int) -> None:
        if not self.adaptive or drafted == 0:
            return
        if accepted >= drafted:
            grown = self.value * 2 if self.grow == "double" else self.value + 2
            self.value = min(self.maximum, grown)
        elif self.shrink == "accepted":
            self.value = max(self.minimum, accepted + 1)
        else:
            self.value = max(self.minimum, self.value - 1)


class Drafter:
    """Proposes tokens; the base class proposes nothing (plain decoding through the same loop).

    The loop calls `reset(prompt, sampling, generator)` once after the target's prefill (the
    generator is the run's torch.Generator, or None for the global RNG), then repeatedly
    `propose(tokens, max_tokens)` with the committed sequence (prompt + output so far), verifies,
    and calls `update(tokens, drafted, accepted)` with the new committed sequence. `tokens` is the
    loop's own list, which only grows: drafters may remember how much of it they have processed.
    """

    name = "none"

    def reset(self, prompt: Sequence[int], sampling: Sampling | None = None,
              generator: torch.Generator | None = None) -> None:
        self.sampling = sampling or Sampling()
        self.generator = generator

    def propose(self, tokens: Sequence[int], max_tokens: int) -> Draft:
        return Draft(source=self.name)

    def update(self, tokens: Sequence[int], drafted: int, accepted: int) -> None:
        pass


class NgramIndex:
    """n-gram -> sorted end positions, for every n in [min_n, max_n]; grown by `extend`.

    An entry (gram, e) means tokens[e - n + 1 : e + 1] == gram. Positions are appended in order,
    so each list stays sorted and the latest occurrence is the last element.
    """

    def __init__(self, min_n: int, max_n: int) -> None:
        assert 1 <= min_n <= max_n, f"need 1 <= {min_n=} <= {max_n=}"
        self.min_n, self.max_n = min_n, max_n
        self.tables: dict[int, dict[tuple[int, ...], list[int]]] = {n: {} for n in range(min_n, max_n + 1)}
        self.tokens: list[int] = []

    def extend(self, new_tokens: Sequence[int]) -> None:
        tokens = self.tokens
        for token in new_tokens:
            tokens.append(token)
            end = len(tokens) - 1
            for n in range(self.min_n, min(self.max_n, end + 1) + 1):
                self.tables[n].setdefault(tuple(tokens[end - n + 1 : end + 1]), []).append(end)

    def ends(self, gram: Sequence[int]) -> list[int]:
        table = self.tables.get(len(gram))
        return table.get(tuple(gram), []) if table is not None else []


def overlapping_copy(tokens: Sequence[int], start: int, k: int) -> list[int]:
    """k tokens that continue `tokens` by copying from `start` on, LZ77-style: a copy that
    reaches the end of `tokens` goes on through what it has itself proposed. So text that
    repeats with a period of p tokens (a list of similar lines, a model stuck in a loop) is
    drafted k tokens at a time, not p - 1."""
    out: list[int] = []
    n = len(tokens)
    for i in range(k):
        source = start + i
        out.append(tokens[source] if source < n else out[source - n])
    return out


class PromptLookupDrafter(Drafter):
    """Prompt lookup decoding: find the last n tokens (longest n first) earlier in the prompt or
    the output, and propose what followed their latest occurrence (`overlapping_copy`)."""

    name = "lookup"

    def __init__(self, *, min_n: int = 2, max_n: int = 4, draft_len: int = 8, max_draft_len: int = 32,
                 adaptive: bool = True, min_draft_len: int = 1) -> None:  # fmt: skip
        self.min_n, self.max_n = min_n, max_n
        # min_draft_len: a miss shrinks the draft no further than this. A verify of a few tokens
        # costs about what one token costs (batch-1 decoding reads every weight either way), so
        # after a miss a short draft that may hold beats restarting at one token and doubling.
        self.length = AdaptiveDraftLength(min(draft_len, max_draft_len), min(min_draft_len, draft_len, max_draft_len),
                                          max_draft_len, adaptive=adaptive)  # fmt: skip

    def reset(self, prompt: Sequence[int], sampling: Sampling | None = None,
              generator: torch.Generator | None = None) -> None:
        super().reset(prompt, sampling, generator)
        self.index = NgramIndex(self.min_n, self.max_n)
        self.length.reset()

    def propose(self, tokens: Sequence[int], max_tokens: int) -> Draft:
        # Index every position but the last: an occurrence must have a continuation to propose.
        if len(self.index.tokens) < len(tokens) - 1:
            self.index.extend(tokens[len(self.index.tokens) : len(tokens) - 1])
        k = min(max_tokens, self.length.value)
        if k <= 0:
            return Draft(source=self.name)
        for n in range(min(self.max_n, len(tokens)), self.min_n - 1, -1):
            ends = self.index.ends(tokens[len(tokens) - n :])
            if ends:
                return Draft(overlapping_copy(tokens, ends[-1] + 1, k), source=self.name)
        return Draft(source=self.name)

    def update(self, tokens: Sequence[int], drafted: int, accepted: int) -> None:
        self.length.update(drafted, accepted)


class EditDrafter(Drafter):
    """Speculative edits: the original text's tokens are the draft of its rewrite.

    While the output agrees with the original, propose the original's next tokens (long drafts).
    Where the target diverges (the edit), find where the output rejoins the original: the last n
    output tokens (longest n first) located in the original, the occurrence nearest to where the
    divergence happened first; propose from there with short drafts that grow as they hold.

    A short replacement learnt at a rejoin (original span -> what the target wrote instead, e.g.
    a renamed identifier) is applied to the rest of the draft wherever the span occurs again, so a
    rename costs a miss at its first occurrence only; a replacement the target refuses is dropped.

    Where the new text does not rejoin the original, it is looked up in the prompt and in the
    output so far (a PromptLookupDrafter with `lookup_min_n`; None: no fallback): new text often
    quotes the instruction (a new name, a docstring) or repeats itself (a new name used again, a
    model stuck in a loop). Those drafts count under the source "lookup".
    """

    name = "edit"
    MAX_OLD, MAX_NEW, MAX_SUBSTITUTIONS = 8, 16, 8  # what counts as a short replacement; how many

    def __init__(self, reference: Sequence[int], *, min_n: int = 2, max_n: int = 8,
                 draft_len: int = 64, max_draft_len: int = 256, rejoin_draft_len: int = 16,
                 start_aligned: bool = True, adaptive: bool = True, substitutions: bool = True,
                 lookup_min_n: int | None = 2) -> None:  # fmt: skip
        self.reference = list(reference)
        self.index = NgramIndex(min_n, max_n)  # built once over the original text
        self.index.extend(self.reference)
        self.min_n, self.max_n = min_n, max_n
        self.start_aligned = start_aligned
        self.learn_substitutions = substitutions
        self.rejoin_draft_len = min(rejoin_draft_len, max_draft_len)
        self.length = AdaptiveDraftLength(min(draft_len, max_draft_len), 1, max_draft_len, adaptive=adaptive)
        self.lookup = None if lookup_min_n is None else PromptLookupDrafter(
            min_n=lookup_min_n, max_n=max(lookup_min_n, 4), draft_len=min(8, max_draft_len),
            max_draft_len=min(32, max_draft_len), adaptive=adaptive)  # fmt: skip
        self.looked_up = False  # whether the last draft came from the lookup

    def reset(self, prompt: Sequence[int], sampling: Sampling | None = None,
              generator: torch.Generator | None = None) -> None:
        super().reset(prompt, sampling, generator)
        if self.lookup is not None:
            self.lookup.reset(prompt, sampling, generator)
        self.looked_up = False
        self.prompt_len = len(prompt)
        self.synced = len(prompt)  # how much of the sequence the alignment below accounts for
        # ref_pos: index in the original of the next output token, or None while diverged
        self.ref_pos: int | None = 0 if self.start_aligned else None
        self.anchor = 0  # where in the original the last divergence happened
        self.diverged_at = len(prompt)  # where in the sequence it happened
        self.rejoined_at: int | None = None  # ref_pos set by the last rejoin
        self.substitutions: dict[tuple[int, ...], list[int]] = {}  # original span -> replacement
        # the last draft: (token, ref_pos once it is accepted, replacement it comes from, where in
        # the original its unit starts); pending: the rest of a replacement the output is inside
        self.plan: list[tuple[int, int, tuple[int, ...] | None, int]] = []
        self.pending: list[tuple[int, int, tuple[int, ...] | None, int]] = []
        self.plan_start = 0  # sequence index of the plan's first token
        self.length.reset()

    def _sync(self, tokens: Sequence[int]) -> None:
        """Walk the newly committed tokens along the last draft, then the original; a mismatch
        with the original means divergence."""
        ref = self.reference
        for i in range(self.synced, len(tokens)):
            if self.ref_pos is None:
                break
            j = i - self.plan_start
            if 0 <= j < len(self.plan):
                token, ref_after, substitution, start = self.plan[j]
                if tokens[i] == token:
                    self.ref_pos = ref_after
                    self.pending = []
                    for entry in self.plan[j + 1 :]:  # inside a replacement: the rest of it comes next
                        if substitution is None or entry[3] != start:
                            break
                        self.pending.append(entry)
                    continue
                if substitution is not None:  # the target did not take this replacement here
                    self.substitutions.pop(substitution, None)
                self.plan, self.pending = [], []
            if self.ref_pos < len(ref) and ref[self.ref_pos] == tokens[i]:
                self.ref_pos += 1
            else:
                # a rejoin refuted at its first token was a false match: keep the real anchor
                if self.ref_pos != self.rejoined_at:
                    self.anchor, self.diverged_at = self.ref_pos, i
                self.ref_pos = None
        self.synced = len(tokens)

    def _rejoin(self, tokens: Sequence[int]) -> tuple[int, int] | None:
        """(where the original continues the output's last n tokens, n), nearest the anchor first."""
        output_len = len(tokens) - self.prompt_len
        for n in range(min(self.max_n, output_len), self.min_n - 1, -1):
            ends = self.index.ends(tokens[len(tokens) - n :])
            if not ends:
                continue
            # nearest occurrence to the anchor (ties go forward: an edit usually replaces text)
            i = bisect.bisect_left(ends, self.anchor - 1)
            candidates = [e for e in ends[max(0, i - 1) : i + 1] if e + 1 < len(self.reference)]
            if candidates:
                best = min(candidates, key=lambda e: (abs(e + 1 - self.anchor), -e))
                return best + 1, n
        return None

    def _learn(self, tokens: Sequence[int], rejoined: int, n: int) -> None:
        """Remember original[anchor : rejoin] -> output[divergence : rejoin] when both are short."""
        old = tuple(self.reference[self.anchor : rejoined - n])
        new = list(tokens[self.diverged_at : len(tokens) - n])
        if (self.learn_substitutions and 0 < len(old) <= self.MAX_OLD and 0 < len(new) <= self.MAX_NEW
                and list(old) != new and len(self.substitutions) < self.MAX_SUBSTITUTIONS):  # fmt: skip
            self.substitutions[old] = new

    def _plan(self, k: int) -> None:
        """The next k tokens of the original from ref_pos, with learnt replacements applied."""
        ref, plan = self.reference, list(self.pending)
        pos = plan[-1][1] if plan else self.ref_pos
        firsts = {old[0] for old in self.substitutions}
        while len(plan) <= k and pos is not None and pos < len(ref):  # one past k: the bonus token
            if ref[pos] in firsts:
                old = next((o for o in self.substitutions if tuple(ref[pos : pos + len(o)]) == o), None)
                if old is not None:
                    new = self.substitutions[old]
                    end = pos + len(old)
                    plan += [(t, end if m == len(new) - 1 else pos, old, pos) for m, t in enumerate(new)]
                    pos = end
                    continue
            plan.append((ref[pos], pos + 1, None, pos))
            pos += 1
        # kept whole past k: the target's bonus token is expected to continue the plan (possibly a
        # replacement), not to match the original's span
        self.plan = plan

    def propose(self, tokens: Sequence[int], max_tokens: int) -> Draft:
        self._sync(tokens)
        self.looked_up = False
        if self.ref_pos is None:
            found = self._rejoin(tokens)
            if found is None:
                if self.lookup is None:
                    return Draft(source=self.name)
                self.looked_up = True
                return self.lookup.propose(tokens, max_tokens)
            self._learn(tokens, *found)
            self.ref_pos = self.rejoined_at = found[0]
            self.pending = []
            self.length.reset(self.rejoin_draft_len)  # short until the rejoin proves itself
        k = max(min(max_tokens, self.length.value), 0)
        self._plan(k)
        self.plan_start = len(tokens)
        return Draft([entry[0] for entry in self.plan[:k]], source=self.name)

    def update(self, tokens: Sequence[int], drafted: int, accepted: int) -> None:
        self._sync(tokens)
        if self.looked_up:
            self.lookup.update(tokens, drafted, accepted)
        else:
            self.length.update(drafted, accepted)


# model -> its one-token step under torch.compile, made once and shared by every drafter of it
_COMPILED_STEPS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def compiled_step(model: Any) -> Callable[[torch.Tensor, torch.Tensor], torch.Tensor]:
    """`model`'s one-token forward (idx [1, 1], input_pos [1]) -> logits [1, 1, V] under torch.compile.

    The model attends over its whole cache with a position mask (``static_shapes``), so one graph
    serves every position of a cache size. Compiling happens on the first call: ~30 s the first
    time on a machine, a few seconds once torch's on-disk cache holds it. A draft model of the
    builtin's size is bound by the number of ops, which compiling fuses (docs/engine.md has the
    figures).
    """
    step = _COMPILED_STEPS.get(model)
    if step is None:
        model.static_shapes = True
        step = torch.compile(lambda idx, input_pos: model(idx, input_pos, last_only=True), dynamic=False)
        _COMPILED_STEPS[model] = step
    return step


class ModelDrafter(Drafter):
    """A small model that shares the target's tokenizer drafts k tokens autoregressively.

    Its KV cache holds the tokens in `self.cached` (positions 0..len-1). After a partial acceptance
    the cache is rolled back by position: only the common prefix of `cached` and the committed
    sequence is kept, and the next proposal first feeds what is missing in one forward.

    compile=True runs the one-token steps through `compiled_step` (the catch-up forwards of
    several tokens stay eager); its cache is then made once at the draft's whole context, since a
    new cache size would compile again. Where compiling fails (no C++ compiler, say) it warns
    once and drafts eagerly.
    """

    name = "model"

    def __init__(self, model: Any, *, draft_len: int = 4, max_draft_len: int = 12,
                 max_seq_len: int | None = None, adaptive: bool = True, min_confidence: float = 0.0,
                 compile: bool = False) -> None:  # fmt: skip
        self.model = model
        self.compile = compile
        self.max_seq_len = max_seq_len
        # stop a draft early at a token the draft model itself gives less than this probability: the
        # target would likely reject it and all after it, so drafting and verifying them is waste
        self.min_confidence = min_confidence
        self.length = AdaptiveDraftLength(min(draft_len, max_draft_len), 1, max_draft_len,
                                          grow="add", shrink="sub", adaptive=adaptive)

    def reset(self, prompt: Sequence[int], sampling: Sampling | None = None,
              generator: torch.Generator | None = None) -> None:
        super().reset(prompt, sampling, generator)
        self.device = next(self.model.parameters()).device
        self.limit = self.max_seq_len or model_context_length(self.model)
        self.cached: list[int] = []
        self.stable = 0  # prefix length of `cached` known to equal the committed sequence
        # a cache for this request, grown on demand: a 32k-token context would cost gigabytes
        self.capacity = 0
        # compiled: the whole context at once (a new cache size would compile again)
        self._ensure_capacity(self.limit if self.compile else len(prompt) + 512)
        self.length.reset()

    def _ensure_capacity(self, needed: int) -> None:
        """Grow the draft model's KV cache (rounded up, at most its context); a new cache is empty."""
        current = getattr(self.model, "max_seq_length", 0) or 0
        if current < min(needed, self.limit):
            size = min(self.limit, max(-(-needed // 256) * 256, 2 * current))
            self.model.setup_caches(max_batch_size=1, max_seq_length=size)
            self.cached, self.stable = [], 0  # everything is fed again, in one forward
            current = getattr(self.model, "max_seq_length", size)
        self.capacity = min(current, self.limit)

    def _forward(self, feed: Sequence[int], start: int) -> torch.Tensor:
        idx = torch.tensor([list(feed)], dtype=torch.long, device=self.device)  # [1, S]
        input_pos = torch.arange(start, start + len(feed), device=self.device)  # [S]
        if self.compile and len(feed) == 1 and _COMPILED_STEPS.get(self.model) is not False:
            try:
                return compiled_step(self.model)(idx, input_pos)[0, -1]
            except Exception as error:  # noqa: BLE001 - any failure to compile: draft eagerly instead
                warnings.warn(f"the draft model could not be compiled, drafting without: {error}", stacklevel=2)
                _COMPILED_STEPS[self.model] = False  # not tried again for this model
                self.model.static_shapes = False
        return self.model(idx, input_pos, last_only=True)[0, -1]  # [V]

    def propose(self, tokens: Sequence[int], max_tokens: int) -> Draft:
        length = len(tokens)
        # drafting k tokens feeds positions up to length + k - 2: stay inside the draft cache
        self._ensure_capacity(length + min(max_tokens, self.length.value) - 1)
        k = min(max_tokens, self.length.value, self.capacity - length + 1)
        if k <= 0:
            return Draft(source=self.name)
        common = min(self.stable, len(self.cached))
        while common < min(len(self.cached), length) and self.cached[common] == tokens[common]:
            common += 1
        common = min(common, length - 1)  # the last token must be fed to get the next logits
        del self.cached[common:]
        feed = list(tokens[common:length])
        drafted: list[int] = []
        probs: list[torch.Tensor] = []
        with torch.inference_mode():
            logits = self._forward(feed, common)
            self.cached.extend(feed)
            for i in range(k):
                if self.sampling.greedy:
                    token = int(torch.argmax(logits))
                    if self.min_confidence and i and float(torch.softmax(logits.float(), -1)[token]) < self.min_confidence:
                        break
                else:
                    s = self.sampling
                    q = logits_to_probs(logits, s.temperature, s.top_k, s.top_p)  # [V]
                    token = int(torch.multinomial(q, 1, generator=self.generator))
                    if self.min_confidence and i and float(q[token]) < self.min_confidence:
                        break
                    probs.append(q)
                drafted.append(token)
                if i < k - 1:
                    logits = self._forward([token], length + i)
                    self.cached.append(token)
        self.stable = length
        return Draft(drafted, torch.stack(probs) if probs else None, source=self.name)

    def update(self, tokens: Sequence[int], drafted: int, accepted: int) -> None:
        self.length.update(drafted, accepted)


class HybridDrafter(Drafter):
    """Edit or lookup match first; the draft model when nothing matches."""

    name = "hybrid"

    def __init__(self, *, edit: EditDrafter | None = None, lookup: PromptLookupDrafter | None = None,
                 model: ModelDrafter | None = None) -> None:
        self.drafters: list[Drafter] = [d for d in (edit, lookup, model) if d is not None]
        assert self.drafters, "a hybrid drafter needs at least one of edit, lookup, model"
        self.source: Drafter | None = None

    def reset(self, prompt: Sequence[int], sampling: Sampling | None = None,
              generator: torch.Generator | None = None) -> None:
        super().reset(prompt, sampling, generator)
        for drafter in self.drafters:
            drafter.reset(prompt, sampling, generator)

    def propose(self, tokens: Sequence[int], max_tokens: int) -> Draft:
        self.source = None
        for drafter in self.drafters:
            draft = drafter.propose(tokens, max_tokens)
            if draft.tokens:
                self.source = drafter
                return draft
        return Draft(source=self.name)

    def update(self, tokens: Sequence[int], drafted: int, accepted: int) -> None:
        # every drafter sees the committed tokens; only the one that drafted learns from the result
        for drafter in self.drafters:
            if drafter is self.source:
                drafter.update(tokens, drafted, accepted)
            else:
                drafter.update(tokens, 0, 0)


def model_context_length(model: Any) -> int:
    """The longest sequence a model takes (specdraft.engine.model's args.max_position_embeddings)."""
    for config in (getattr(model, "args", None), getattr(model, "config", None)):
        for name in ("max_position_embeddings", "block_size", "max_seq_len"):
            value = getattr(config, name, None)
            if isinstance(value, int) and value > 0:
                return value
    raise ValueError("cannot tell the model's context length: pass max_seq_len explicitly")


DRAFT_MIN_CONFIDENCE = 0.0  # the model drafter stops a draft at a token it gives less probability


def build_drafter(kind: str, *, reference: list[int] | None = None, draft_model: Any = None,
                  draft_len: int | None = None, min_confidence: float | None = None,
                  compile_draft: bool = False) -> Any:  # fmt: skip
    """A drafter by name with the defaults of `specdraft generate` (the bench uses the same).

    draft_len caps the draft length (adaptive below it); edit needs `reference`, model needs
    `draft_model`; hybrid uses whichever of them it is given, lookup always. compile_draft runs
    the draft model's steps under torch.compile (drafters.compiled_step).
    """
    k = draft_len

    def edit(lookup_min_n: int = 2) -> EditDrafter:
        # 64 then up to 256: on a CPU, verifying a longer run costs less per token, and an edit's
        # copied stretches are long
        return EditDrafter(reference or [], draft_len=min(64, k or 64), max_draft_len=k or 256,
                           lookup_min_n=lookup_min_n)

    def lookup(min_n: int = 1, max_n: int = 8, min_draft_len: int = 4) -> PromptLookupDrafter:
        # alone: any n-gram from one token up (a draft that may hold costs next to nothing), the
        # longest up to 8 first (a token repeated within a loop's period, `x = x`, finds its own
        # continuation), and drafts of at least 4 after a miss; on free code generation by the
        # builtin target that is ~35% fewer verify forwards than 2-4-grams shrinking to 1
        # (docs/engine.md)
        return PromptLookupDrafter(min_n=min_n, max_n=max_n, draft_len=min(8, k or 8), max_draft_len=k or 32,
                                   min_draft_len=min(min_draft_len, k or min_draft_len))  # fmt: skip

    def model() -> ModelDrafter:
        confidence = DRAFT_MIN_CONFIDENCE if min_confidence is None else min_confidence
        return ModelDrafter(draft_model, draft_len=min(4, k or 4), max_draft_len=k or 12, min_confidence=confidence,
                            compile=compile_draft)  # fmt: skip

    if kind == "edit":
        return edit()
    if kind == "lookup":
        return lookup()
    if kind == "model":
        return model()
    if kind == "hybrid":
        # a lookup match must be 3 tokens long there: shorter ones would shadow the draft model;
        # with a reference, the edit drafter's own lookup (same text, same n) is the lookup
        min_n = 3 if draft_model is not None else 2
        return HybridDrafter(edit=edit(lookup_min_n=min_n) if reference else None,
                             lookup=None if reference else lookup(min_n=min_n, max_n=4, min_draft_len=1),
                             model=model() if draft_model is not None else None)  # fmt: skip
    raise EngineError(f"unknown drafter {kind!r}: use one of {', '.join(DRAFTERS[1:])}")
