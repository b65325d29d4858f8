"""Lossless speculative decoding: one draft -> verify -> accept loop for any drafter.

Each step the drafter proposes up to k tokens after the committed sequence; the target runs one
forward over [last committed token, d1 .. dk] at their positions, which yields its own
distribution after every prefix. Greedy: accept the longest prefix on which the target's argmax
equals the draft, then append the target's own next token. Sampling (Leviathan et al. 2023,
Chen et al. 2023): accept d_i with probability min(1, p(d_i) / q(d_i)); on the first rejection
sample from norm(max(p - q, 0)); when all k are accepted, sample a bonus token from p. A drafter
without probabilities (lookup, edits) is q = one-hot. Either way the output is what the target
alone would produce (greedy: the same tokens; sampling: the same distribution).

The target's KV cache needs no explicit rollback: the rejected positions are overwritten by the
next verify, which starts right after the last accepted token, and attention only looks at
positions up to the query's own (the causal mask is built from positions).

Public API (drafters in specdraft.engine.drafters; options and defaults in specdraft.engine.cli.speculative):

- ``speculative_tokens(model, prompt_ids, drafter, max_new_tokens, *, sampling, eos_ids,
  max_seq_len, stats, forced) -> Iterator[int]``: like specdraft.engine.generate.generate_tokens (EOS
  not yielded; close the iterator to stop); fills ``stats`` (SpecStats) as it goes; ``forced``: the
  output's first tokens, given (an answer forced away from its reference).
- ``speculative_generate(...) -> SpecResult(tokens, stats)``: all at once.
- ``departures(model, prompt_ids, reference_ids, limit, *, banned) -> [(logprob, kept, token)]``:
  where an answer likeliest leaves its reference (one forward), for forced answers.
- ``speculative_stream_text(model, tokenizer, prompt_ids, drafter, *, max_new_tokens, sampling,
  eos_ids, stop_strings) -> TextStream``: text pieces exactly as specdraft.engine.generate.stream_text,
  ``.stats`` a SpecStats.
- ``SpecStats``: drafted_tokens, accepted_tokens, target_forwards, draft/verify/prefill/total
  times, by_source; acceptance_rate, mean_accepted_per_forward, tokens_per_forward,
  tokens_per_s; ``as_dict()`` has GenerationStats' keys plus these.
- ``accept_greedy(draft, target_argmax)`` and ``accept_sampling(draft, p, generator)``: one
  verification step.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch

from specdraft.engine.drafters import Draft, Drafter, model_context_length
from specdraft.engine.errors import EngineError
from specdraft.engine.generate import Sampling, TextStream, check_context, logits_to_probs


@dataclass
class SpecStats:
    """Counters and timings of one speculative run."""

    prompt_tokens: int = 0
    new_tokens: int = 0
    drafted_tokens: int = 0
    accepted_tokens: int = 0
    target_forwards: int = 0  # verify forwards after the prefill (a step with no draft counts too)
    prefill_time: float = 0.0
    draft_time: float = 0.0
    verify_time: float = 0.0
    total_time: float = 0.0
    stop_reason: str = ""  # "eos", "max_new_tokens", "context", "stop_string" (set by TextStream)
    by_source: dict[str, list[int]] = field(default_factory=dict)  # source -> [drafted, accepted]
    # the target's probability of the least likely token it emitted (the end token included): how
    # sure the model was of its answer at its weakest point; None before the first token
    least_token_prob: float | None = None

    @property
    def acceptance_rate(self) -> float:
        return self.accepted_tokens / self.drafted_tokens if self.drafted_tokens else 0.0

    @property
    def mean_accepted_per_forward(self) -> float:
        """Accepted draft tokens per target forward (each forward also adds the target's own)."""
        return self.accepted_tokens / self.target_forwards if self.target_forwards else 0.0

    @property
    def tokens_per_forward(self) -> float:
        """Output tokens per decoding forward (plain decoding: 1.0)."""
        return (self.new_tokens - 1) / self.target_forwards if self.target_forwards else 0.0

    @property
    def decode_time(self) -> float:
        return max(self.total_time - self.prefill_time, 0.0)

    @property
    def tokens_per_s(self) -> float:
        """New tokens over the whole run, prefill included."""
        return self.new_tokens / self.total_time if self.total_time > 0 else 0.0

    @property
    def decode_tokens_per_s(self) -> float:
        """As specdraft.engine.generate.GenerationStats: the tokens after the first, over the time after prefill."""
        decoded = max(self.new_tokens - 1, 0)
        return decoded / self.decode_time if self.decode_time > 0 and decoded else 0.0

    @property
    def prefill_tokens_per_s(self) -> float:
        return self.prompt_tokens / self.prefill_time if self.prefill_time > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        """GenerationStats' keys plus the speculative ones (`specdraft generate --stats`)."""
        return {
            "prompt_tokens": self.prompt_tokens,
            "new_tokens": self.new_tokens,
            "prefill_tokens_per_s": round(self.prefill_tokens_per_s, 2),
            "decode_tokens_per_s": round(self.decode_tokens_per_s, 2),
            "prefill_s": round(self.prefill_time, 4),
            "decode_s": round(self.decode_time, 4),
            "stop_reason": self.stop_reason,
            "drafted_tokens": self.drafted_tokens,
            "accepted_tokens": self.accepted_tokens,
            "acceptance_rate": round(self.acceptance_rate, 4),
            "mean_accepted_per_forward": round(self.mean_accepted_per_forward, 3),
            "tokens_per_forward": round(self.tokens_per_forward, 3),
            "target_forwards": self.target_forwards,
            "draft_s": round(self.draft_time, 4),
            "verify_s": round(self.verify_time, 4),
            "total_s": round(self.total_time, 4),
            "tokens_per_s": round(self.tokens_per_s, 2),
            "by_source": {name: {"drafted": d, "accepted": a} for name, (d, a) in self.by_source.items()},
        }


@dataclass
class SpecResult:
    """The generated tokens (prompt excluded) and the run's statistics."""

    tokens: list[int]
    stats: SpecStats


def accept_greedy(draft: Sequence[int], target_tokens: Sequence[int]) -> tuple[int, int]:
    """(accepted, next): the longest prefix where target_tokens[i] == draft[i], then the target's
    own token after it. target_tokens[i] is the target's argmax after draft[:i] ([k+1])."""
    accepted = 0
    while accepted < len(draft) and draft[accepted] == target_tokens[accepted]:
        accepted += 1
    return accepted, int(target_tokens[accepted])


def accept_sampling(draft: Draft, p: Any, generator: Any = None) -> tuple[int, int]:
    """(accepted, next) by rejection sampling. p: [k+1, V] target distributions after each draft
    prefix; draft.probs: [k, V] the drafter's q, or None for one-hot q."""
    for i, token in enumerate(draft.tokens):
        p_i = p[i].double()  # [V]
        q_i = draft.probs[i].to(p_i.device).double() if draft.probs is not None else None  # [V]
        if q_i is None or q_i[token] <= 0:  # q = one-hot at token: accept with probability p(token)
            ratio = p_i[token]
            residual = p_i.clone()
            residual[token] = 0.0
        else:
            ratio = p_i[token] / q_i[token]
            residual = torch.clamp(p_i - q_i, min=0.0)
        u = torch.rand((), generator=generator, device=generator.device if generator is not None else "cpu")
        if u.item() < min(1.0, float(ratio)):
            continue
        total = residual.sum()
        if total <= 0:  # only by rounding (p == q): p itself is then the right distribution
            residual, total = p_i, p_i.sum()
        return i, int(torch.multinomial((residual / total).float(), 1, generator=generator))
    bonus = torch.multinomial(p[len(draft.tokens)].float(), 1, generator=generator)
    return len(draft.tokens), int(bonus)


def _model_device(model: Any) -> torch.device:
    return next(model.parameters()).device


def _prepare_target_cache(model: Any, max_seq_len: int) -> None:
    current = getattr(model, "max_seq_length", None)
    if not isinstance(current, int) or current < max_seq_len:
        model.setup_caches(max_batch_size=1, max_seq_length=max_seq_len)


def _probs(logits: torch.Tensor, sampling: Sampling) -> torch.Tensor:
    return logits_to_probs(logits, sampling.temperature, sampling.top_k, sampling.top_p)


def speculative_tokens(
    model: Any,
    prompt: Sequence[int],
    drafter: Drafter,
    max_new_tokens: int,
    *,
    sampling: Sampling | None = None,
    eos_ids: Collection[int] = (),
    max_seq_len: int | None = None,
    stats: SpecStats | None = None,
    forced: Sequence[int] = (),
    constraint: Any = None,
) -> Iterator[int]:
    """An iterator of new token ids, like specdraft.engine.generate.generate_tokens (EOS is not yielded).

    `constraint`: a specdraft.engine.grammar.GrammarConstraint. Each verified row's logits are
    masked to what the grammar admits after the tokens before it, a draft is cut where the grammar
    stops admitting it, and the output ends where the grammar is complete (stop_reason
    "grammar"): the output is masked plain decoding's (lossless under the mask).

    `forced`: the first tokens of the output, given rather than decoded (yielded first, counted as
    new tokens; an EOS among them ends the output there); the drafter sees them as output, so an
    edit drafter follows an answer forced away from its reference (`LocalBackend.alternatives`).
    Decoding after them is the target's own, as for any prompt.

    `model(idx [1, S], input_pos [S]) -> logits [1, S, V]` writes its KV cache at input_pos
    (engine/model.py's Transformer). The sequence never grows past max_seq_len (default: the
    model's context length); generation stops at an EOS id, at max_new_tokens, or when the caller
    closes the iterator (stop strings, cancellation). `stats` is filled in as tokens come out.
    """
    sampling = sampling or Sampling()
    stats = stats if stats is not None else SpecStats()
    if max_seq_len is None:
        max_seq_len = model_context_length(model)
    if not prompt:
        raise EngineError("the prompt is empty: give at least one token")
    if len(prompt) >= max_seq_len:
        raise EngineError(f"the prompt has {len(prompt)} tokens; the context holds {max_seq_len}: shorten it")
    forced = list(forced)
    if forced and constraint is not None:
        raise EngineError("a forced output and a grammar constraint do not go together")
    if len(prompt) + len(forced) >= max_seq_len:
        raise EngineError(f"the prompt and the forced output have {len(prompt) + len(forced)} tokens; "
                          f"the context holds {max_seq_len}: shorten them")  # fmt: skip
    stats.prompt_tokens, stats.new_tokens, stats.stop_reason = len(prompt), 0, "max_new_tokens"
    return _spec_iterator(model, list(prompt), drafter, max_new_tokens, sampling, set(eos_ids),
                          max_seq_len, stats, forced, constraint)


@torch.inference_mode()
def _spec_iterator(model: Any, prompt: list[int], drafter: Drafter, max_new_tokens: int,
                   sampling: Sampling, eos: set[int], max_seq_len: int,
                   stats: SpecStats, forced: list[int], constraint: Any = None) -> Iterator[int]:  # fmt: skip
    if max_new_tokens <= 0:
        return
    device = _model_device(model)
    generator = sampling.make_generator()
    started = time.perf_counter()
    try:
        ended = next((i for i, token in enumerate(forced) if token in eos), None)
        forced = forced[:max_new_tokens] if ended is None else forced[: min(ended, max_new_tokens)]
        for token in forced:
            stats.new_tokens += 1
            yield token
        if ended is not None and ended < max_new_tokens:
            stats.stop_reason = "eos"
            return
        if len(forced) == max_new_tokens:
            return
        _prepare_target_cache(model, max_seq_len)
        head = prompt + forced
        idx = torch.tensor([head], dtype=torch.long, device=device)  # [1, T]
        logits = model(idx, torch.arange(len(head), device=device), last_only=True)[0, -1]  # [V]
        if constraint is not None:
            logits = constraint.mask(logits)
        if sampling.greedy:
            first = int(torch.argmax(logits))
        else:
            first = int(torch.multinomial(_probs(logits, sampling), 1, generator=generator))
        stats.prefill_time = time.perf_counter() - started
        if first in eos:
            stats.stop_reason = "eos"
            return
        seq = head + [first]
        stats.new_tokens += 1
        yield first
        if constraint is not None:
            constraint.advance(first)
            if constraint.finished:
                stats.stop_reason = "grammar"
                return
        drafter.reset(prompt, sampling, generator)

        while True:
            produced = len(seq) - len(prompt)
            room = min(max_new_tokens - produced, max_seq_len - len(seq))  # tokens we may add
            if room <= 0:
                stats.stop_reason = "max_new_tokens" if produced >= max_new_tokens else "context"
                return
            t0 = time.perf_counter()
            # the verify always adds one token of the target's own: a draft may use room - 1
            forced = constraint.forced_tokens() if constraint is not None and room > 1 else []
            if forced:  # what the grammar leaves no choice in is drafted for free (verified all the same)
                draft = Draft(forced[: room - 1], source="grammar")
            else:
                draft = drafter.propose(seq, room - 1) if room > 1 else Draft()
            if len(draft.tokens) > room - 1:
                draft.tokens = draft.tokens[: room - 1]
                draft.probs = draft.probs[: room - 1] if draft.probs is not None else None
            t1 = time.perf_counter()
            if constraint is not None and draft.tokens:  # a token the grammar forbids is never accepted
                admitted = constraint.admitted_prefix(draft.tokens)
                draft.tokens = draft.tokens[:admitted]
                draft.probs = draft.probs[:admitted] if draft.probs is not None else None
            k = len(draft.tokens)
            start = len(seq) - 1
            idx = torch.tensor([[seq[-1], *draft.tokens]], dtype=torch.long, device=device)  # [1, k+1]
            logits = model(idx, torch.arange(start, start + k + 1, device=device))[0]  # [k+1, V]
            if constraint is not None:
                logits = _masked_rows(logits, draft.tokens, constraint)
            if sampling.greedy:
                accepted, nxt = accept_greedy(draft.tokens, logits.argmax(-1).tolist())
            else:
                accepted, nxt = accept_sampling(draft, _probs(logits, sampling), generator)
            new = draft.tokens[:accepted] + [nxt]
            hit_eos = False
            for j, token in enumerate(new):  # EOS inside an accepted draft ends the output there
                if token in eos:
                    new, hit_eos = new[:j], True
                    break
            chosen = draft.tokens[:accepted] + [nxt]
            chosen = chosen[: len(new) + hit_eos]  # the tokens emitted, and the EOS that ended them
            if chosen:
                probs = torch.softmax(logits[: len(chosen)].float(), dim=-1)  # [n, V]
                weakest = float(probs.gather(1, torch.tensor(chosen, device=device).unsqueeze(1)).min())
                if stats.least_token_prob is None or weakest < stats.least_token_prob:
                    stats.least_token_prob = weakest
            stats.draft_time += t1 - t0
            stats.verify_time += time.perf_counter() - t1
            stats.target_forwards += 1
            stats.drafted_tokens += k
            stats.accepted_tokens += min(accepted, len(new))
            if k:
                counts = stats.by_source.setdefault(draft.source or drafter.name, [0, 0])
                counts[0] += k
                counts[1] += min(accepted, len(new))
            if constraint is not None:  # the grammar moves past what is emitted; complete, it ends the output
                for j, token in enumerate(new):
                    constraint.advance(token)
                    if constraint.finished:
                        new, hit_eos = new[: j + 1], True
                        break
            seq.extend(new)
            for token in new:
                stats.new_tokens += 1
                yield token
            if hit_eos and constraint is not None and constraint.finished:
                stats.stop_reason = "grammar"
                return
            if hit_eos:
                stats.stop_reason = "eos"
                return
            drafter.update(seq, k, accepted)
    finally:
        stats.total_time = time.perf_counter() - started


def _masked_rows(logits: torch.Tensor, draft: Sequence[int], constraint: Any) -> torch.Tensor:
    """Row i of ``logits`` [k+1, V] masked to what the grammar admits after draft[:i]; the
    constraint is left where it was."""
    rows = []
    for i in range(len(draft) + 1):
        rows.append(constraint.mask(logits[i]))
        if i < len(draft):
            constraint.advance(draft[i])
    constraint.rollback(len(draft))
    return torch.stack(rows)


@torch.inference_mode()
def departures(model: Any, prompt: Sequence[int], reference: Sequence[int], limit: int, *,
               banned: Collection[int] = (), chunk: int = 256) -> list[tuple[float, int, int]]:  # fmt: skip
    """Where an answer to `prompt` likeliest leaves `reference` (the tokens the answer would be if
    it copied it whole, its EOS included): the `limit` answers that copy the reference's first
    `kept` tokens and then write another `token` (one of `banned` never), as (log-probability of
    those kept + 1 tokens, kept, token), likeliest first; one position each.

    One forward over prompt + reference (the reference in chunks of `chunk` tokens, through the KV
    cache, so a long reference never holds more than `chunk` rows of logits). Greedy decoding
    copies the reference when its every token is the target's first choice: these are then the
    likeliest answers that differ from it, each continued by `speculative_tokens(forced=...)`.
    """
    if not prompt or not reference:
        raise EngineError("departures need a prompt and a reference of at least one token each")
    total = len(prompt) + len(reference)
    if total > model_context_length(model):
        raise EngineError(f"the prompt and the reference have {total} tokens; the context holds "
                          f"{model_context_length(model)}: shorten them")  # fmt: skip
    device = _model_device(model)
    _prepare_target_cache(model, min(model_context_length(model), -(-total // 256) * 256))
    banned_ids = torch.tensor(sorted(banned), dtype=torch.long, device=device)
    copied, best, token = [], [], []

    def score(logits: torch.Tensor, targets: list[int]) -> None:  # logits [n, V] before targets [n]
        logprobs = torch.log_softmax(logits.float(), dim=-1)
        at, target = torch.arange(len(targets), device=device), torch.tensor(targets, device=device)
        copied.append(logprobs[at, target])
        logprobs[at, target] = float("-inf")
        logprobs[:, banned_ids] = float("-inf")
        value, index = logprobs.max(dim=-1)
        best.append(value)
        token.append(index)

    # the logits before reference[0] (the prompt's last position), then after each reference token but
    # the last: a chunk's rows of logits at a time, never the whole reference's
    score(model(torch.tensor([list(prompt)], device=device), torch.arange(len(prompt), device=device),
                last_only=True)[0], [reference[0]])  # fmt: skip
    for start in range(0, len(reference) - 1, chunk):
        feed = list(reference[start : min(start + chunk, len(reference) - 1)])
        pos = torch.arange(len(prompt) + start, len(prompt) + start + len(feed), device=device)
        score(model(torch.tensor([feed], device=device), pos)[0], list(reference[start + 1 : start + 1 + len(feed)]))
    copied_all = torch.cat(copied)
    scores = torch.cumsum(copied_all, 0) - copied_all + torch.cat(best)  # log P(reference[:kept]) + the other token
    tokens = torch.cat(token)
    order = torch.argsort(scores, descending=True)[:limit]
    return [(float(scores[i]), int(i), int(tokens[i])) for i in order.tolist() if torch.isfinite(scores[i])]


def speculative_generate(model: Any, prompt: Sequence[int], drafter: Drafter, max_new_tokens: int, *,
                         sampling: Sampling | None = None, eos_ids: Collection[int] = (),
                         max_seq_len: int | None = None, constraint: Any = None) -> SpecResult:  # fmt: skip
    """All new tokens at once (EOS excluded), with the run's statistics."""
    stats = SpecStats()
    tokens = list(speculative_tokens(model, prompt, drafter, max_new_tokens, sampling=sampling,
                                     eos_ids=eos_ids, max_seq_len=max_seq_len, stats=stats,
                                     constraint=constraint))
    return SpecResult(tokens, stats)


def speculative_stream_text(model: Any, tokenizer: Any, prompt_ids: Sequence[int], drafter: Drafter, *,
                            max_new_tokens: int, sampling: Sampling | None = None,
                            eos_ids: Sequence[int] = (), stop_strings: Sequence[str] = (),
                            max_seq_len: int | None = None, constraint: Any = None) -> TextStream:  # fmt: skip
    """Stream text pieces exactly like specdraft.engine.generate.stream_text, drafting with `drafter`.

    The same context check as plain generation (EngineError when prompt + max_new_tokens do not
    fit); `.stats` of the returned stream is a SpecStats. `constraint`: as speculative_tokens.
    """
    check_context(len(prompt_ids), max_new_tokens, model_context_length(model))
    stats = SpecStats()
    tokens = speculative_tokens(model, prompt_ids, drafter, max_new_tokens, sampling=sampling,
                                eos_ids=eos_ids, max_seq_len=max_seq_len, stats=stats,
                                constraint=constraint)
    return TextStream(tokens, tokenizer, stop_strings, stats)  # type: ignore[arg-type]
