"""Constrained decoding: a token mask from a grammar, so that a model can write only what it admits.

``GrammarConstraint(grammar, tokenizer_json)`` wraps llguidance's ``LLMatcher`` (a Lark grammar,
compiled against the model's tokenizer): ``mask(logits)`` sets every token the grammar does not
admit next to -inf, ``advance(token)`` moves past a token, ``rollback(n)`` takes tokens back (a
rejected draft), ``admitted_prefix(tokens)`` says how many of a draft's tokens it admits, and
``finished`` is true once the grammar is complete (nothing may follow: generation stops there,
as at an end token), and ``forced_tokens()`` spells what the grammar leaves no choice in (the
speculative loop drafts it: `{"kind":"rename","old":` after `{"kind":"ren` costs no draft model).

The mask is applied to a row of logits before the token is chosen, in plain decoding and in
each verified row of speculative decoding alike: the speculative loop consults the constraint at
each position in order, on the tokens accepted before it, so its masked output equals masked
plain decoding (lossless, tests/engine/test_grammar.py).

llguidance is imported lazily: only constrained requests need it (``pip install llguidance``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import torch

from specdraft.engine.errors import EngineError


class GrammarError(EngineError):
    """A grammar llguidance cannot compile, or a constraint used wrongly."""


@functools.lru_cache(maxsize=4)
def _lltokenizer(tokenizer_json: str, eos_token: int | None) -> Any:
    try:
        import llguidance
    except ImportError as error:  # pragma: no cover - an install without the dependency
        raise GrammarError("constrained decoding needs llguidance: pip install llguidance") from error
    return llguidance.LLTokenizer(tokenizer_json, eos_token=eos_token)


class GrammarConstraint:
    """The tokens a Lark grammar admits next, tracked token by token (see the module docstring)."""

    def __init__(self, grammar: str, tokenizer_json: str, eos_token: int | None = None) -> None:
        import llguidance

        self._tokenizer = _lltokenizer(tokenizer_json, eos_token)
        self.vocab_size = self._tokenizer.vocab_size
        self._matcher = llguidance.LLMatcher(self._tokenizer, llguidance.LLMatcher.grammar_from_lark(grammar), log_level=0)
        if self._matcher.is_error():
            raise GrammarError(f"the grammar does not compile: {self._matcher.get_error()}")
        self._words = (self.vocab_size + 31) // 32
        self._bits = torch.arange(32, dtype=torch.int32)

    @property
    def finished(self) -> bool:
        """The grammar is complete: nothing more may be written."""
        return self._matcher.is_stopped()

    def allowed(self) -> torch.Tensor:
        """A bool tensor over the vocabulary: the tokens the grammar admits next."""
        words = torch.zeros(self._words, dtype=torch.int32)
        self._matcher.unsafe_compute_mask_ptr(words.data_ptr(), words.numel() * 4)
        return ((words.unsqueeze(1) >> self._bits) & 1).reshape(-1)[: self.vocab_size].bool()

    def mask(self, logits: torch.Tensor) -> torch.Tensor:
        """``logits`` (the last dimension the vocabulary) with what the grammar forbids at -inf; a
        new tensor. Logits wider than the tokenizer's vocabulary (padded embeddings) are forbidden
        beyond it."""
        allowed = self.allowed()
        full = torch.zeros(logits.shape[-1], dtype=torch.bool)
        n = min(allowed.numel(), full.numel())
        full[:n] = allowed[:n]
        return logits.masked_fill(~full.to(logits.device), float("-inf"))

    def advance(self, token: int) -> None:
        """Move past ``token``; GrammarError where the grammar does not admit it."""
        if not self._matcher.consume_token(int(token)):
            raise GrammarError(f"token {token} is not admitted here: {self._matcher.get_error()}")

    def admitted_prefix(self, tokens: Sequence[int]) -> int:
        """How many of ``tokens``, in order from here, the grammar admits (nothing is consumed)."""
        return self._matcher.validate_tokens([int(t) for t in tokens]) if tokens else 0

    def forced_tokens(self) -> list[int]:
        """The tokens that spell what the grammar admits alone from here (its one way on, in the
        tokenizer's own tokens): a free draft. The model may still spell those bytes otherwise."""
        return list(self._matcher.compute_ff_tokens())

    def rollback(self, n: int) -> None:
        """Take back the last ``n`` tokens advanced over."""
        if n and not self._matcher.rollback(n):
            raise GrammarError(f"cannot take back {n} tokens: {self._matcher.get_error()}")
